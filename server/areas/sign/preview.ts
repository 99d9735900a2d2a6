/**
 * The contract text as HTML, filled from the template's {{path}} placeholders: blank for a new
 * contract (signingPreviewContent, signAddView), from a draft, from the contract's current content
 * (signCustomModelView, signingPreviewEditContent, signingPreviewViewContent) or from a version kept
 * in the history (signHistoryPosts, signCustomModeHistoryView). The same template text and values
 * as the signed PDF (contractParagraphs), so the preview reads like the file. Only headings and
 * paragraphs survive; all text is escaped, each placeholder becomes a span marked data-field. Values
 * read as domain/sign-contract-text.ts writes them: choices by their labels, capital amounts
 * (大写) written from their amounts.
 */
import { and, count, desc, eq } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import type { Db } from '../../db/db';
import { departments, users } from '../../db/schema';
import { signContractHistory, signDrafts, signTemplates } from '../../db/schema-sign';
import { signDocuments } from '../../db/schema-signing';
import { notFound } from '../../contract/envelope';
import type { Session } from '../../contract/types';
import { formatDateTime } from '../../format';
import { contractFieldText } from '../../../domain/sign-contract-text';
import { findTemplate, requireUsableTemplate, type TemplateRow } from '../template/templates';
import { toTemplateField } from '../template/template-settings';
import { decodeEntities, fileUrl } from '../signing/documents';
import { findVisibleContract, requireSignAuth, type ContractRow } from './access';
import { SignAuth } from '../../../domain/auth-ids';
import { companyNameOf } from './contracts';

const blank = '____';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Safe HTML of the template text with the values filled in. */
export function renderContractHtml(bodyHtml: string, values: Record<string, unknown>): string {
  const blocks: string[] = [];
  for (const match of bodyHtml.matchAll(/<(h[1-6]|p)[^>]*>([\s\S]*?)<\/\1>/gi)) {
    const tag = (match[1] ?? 'p').toLowerCase();
    const inner = match[2] ?? '';
    let html = '';
    let last = 0;
    for (const placeholder of inner.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)) {
      html += escapeHtml(decodeEntities(inner.slice(last, placeholder.index).replace(/<[^>]+>/g, '')));
      const path = placeholder[1] ?? '';
      const text = contractFieldText(values, path);
      html +=
        text === null
          ? `<span data-field="${escapeHtml(path)}" class="blank">${blank}</span>`
          : `<span data-field="${escapeHtml(path)}">${escapeHtml(text)}</span>`;
      last = placeholder.index + placeholder[0].length;
    }
    html += escapeHtml(decodeEntities(inner.slice(last).replace(/<[^>]+>/g, '')));
    if (html.trim()) blocks.push(`<${tag}>${html.trim()}</${tag}>`);
  }
  return blocks.join('\n');
}

async function preview(
  db: Db,
  template: TemplateRow,
  companyId: number,
  values: Record<string, unknown>,
  pdfUrl: string | null = null,
) {
  const companyName = await companyNameOf(db, companyId);
  const contractNo = typeof values['contractNo'] === 'string' ? values['contractNo'] : null;
  // The template's mainTitle / subTitle name list fields (property.houseName), not the document title.
  return {
    title: template.name,
    subTitle: contractNo ? `合同编号：${contractNo}` : null,
    html: renderContractHtml(template.bodyHtml, { ...values, companyName }),
    pdfUrl,
    fields: template.fields.map(toTemplateField),
  };
}

/** A contract's template, also when it was deleted since (the contract keeps its text). */
async function templateOfContract(db: Db, contract: ContractRow): Promise<TemplateRow> {
  const [template] = await db
    .select()
    .from(signTemplates)
    .where(and(eq(signTemplates.id, contract.templateId), inCompany(signTemplates, contract.companyId)));
  if (!template) throw notFound('合同模板不存在或已被删除');
  return template;
}

/** A new contract's blank text, for those who may start contracts with this template. */
export async function previewBlank(db: Db, session: Session, boxId: number) {
  await requireSignAuth(db, session, SignAuth.start);
  const template = await requireUsableTemplate(db, session, boxId);
  return preview(db, template, session.companyId, {});
}

/** One's own draft filled in (drafts are per user). */
export async function previewDraft(db: Db, session: Session, draftCode: string) {
  const [draft] = await db
    .select()
    .from(signDrafts)
    .where(
      and(
        inCompany(signDrafts, session.companyId),
        eq(signDrafts.userId, session.userId),
        eq(signDrafts.draftCode, draftCode),
      ),
    );
  if (!draft) throw notFound('草稿不存在或已被删除');
  const template = await findTemplate(db, session.companyId, draft.templateId);
  return preview(db, template, session.companyId, draft.content);
}

/** The contract's current text; with withFile, the document of its signing (sealed when finished). */
export async function previewContract(db: Db, contract: ContractRow, withFile: boolean) {
  let pdfUrl: string | null = null;
  if (withFile) {
    const [document] = await db
      .select()
      .from(signDocuments)
      .where(and(eq(signDocuments.contractId, contract.id), inCompany(signDocuments, contract.companyId)));
    if (document) pdfUrl = fileUrl(document.sealedFileName ?? document.fileName);
  }
  return preview(
    db,
    await templateOfContract(db, contract),
    contract.companyId,
    { ...contract.content, contractNo: contract.contractNo },
    pdfUrl,
  );
}

export async function previewVisibleContract(db: Db, session: Session, contractId: number, withFile = false) {
  const snapshot = await requireSignAuth(db, session, SignAuth.view);
  return previewContract(db, await findVisibleContract(db, session, contractId, snapshot), withFile);
}

/** The earlier versions of a contract, newest first (each edit keeps the version it replaced). */
export async function listHistory(
  db: Db,
  session: Session,
  query: { contractId: number; pageindex?: number; pagesize?: number },
) {
  const snapshot = await requireSignAuth(db, session, SignAuth.view);
  const contract = await findVisibleContract(db, session, query.contractId, snapshot);
  const where = and(
    inCompany(signContractHistory, session.companyId),
    eq(signContractHistory.contractId, contract.id),
  );
  const size = query.pagesize ?? 15;
  const index = query.pageindex ?? 1;
  const [total] = await db.select({ n: count() }).from(signContractHistory).where(where);
  const rows = await db
    .select({ history: signContractHistory, deptId: users.deptId, deptName: departments.name })
    .from(signContractHistory)
    .leftJoin(users, eq(users.id, signContractHistory.operatorUserId))
    .leftJoin(departments, eq(departments.id, users.deptId))
    .where(where)
    .orderBy(desc(signContractHistory.version), desc(signContractHistory.id))
    .limit(size)
    .offset((index - 1) * size);
  return {
    data: rows.map(({ history, deptId, deptName }) => ({
      historyId: history.id,
      version: history.version,
      operator: {
        userId: history.operatorUserId ?? 0,
        name: history.operatorName,
        deptId: deptId ?? null,
        deptName: deptName ?? null,
      },
      remark: `第 ${history.version} 版，由 ${history.operatorName} 修改为第 ${history.version + 1} 版`,
      createTime: formatDateTime(history.createdAt),
    })),
    total: total?.n ?? 0,
  };
}

/** The text of one earlier version, if its contract is visible to the user. */
export async function previewHistory(db: Db, session: Session, historyId: number) {
  const snapshot = await requireSignAuth(db, session, SignAuth.view);
  const [history] = await db
    .select()
    .from(signContractHistory)
    .where(and(eq(signContractHistory.id, historyId), inCompany(signContractHistory, session.companyId)));
  if (!history) throw notFound('历史版本不存在');
  const contract = await findVisibleContract(db, session, history.contractId, snapshot);
  return preview(db, await templateOfContract(db, contract), contract.companyId, {
    ...history.content,
    contractNo: contract.contractNo,
  });
}
