/**
 * Printing a sign contract: the PDF to print (the signing document once signing started, sealed
 * when finished; otherwise the contract text rendered for paper signing, once per content
 * version), the print count, and the rule that a contract prints once: printing again needs a
 * request with a reason (signPrintAgain). Each print and each request is recorded and logged.
 * A retried 登记已打印 (signUpdatePrint) does not count twice; a voided contract does not print.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import type { Db } from '../../db/db';
import { signContracts, signTemplates } from '../../db/schema-sign';
import { signDocuments } from '../../db/schema-signing';
import { signPrintFiles, signPrintRecords } from '../../db/schema-sign-extras';
import { ApiError, Codes, Messages, businessError } from '../../contract/envelope';
import type { Session } from '../../contract/types';
import type { FileStorage } from '../../storage/files';
import { formatDateTime } from '../../format';
import { contractParagraphs, fileUrl, roleLabels } from '../signing/documents';
import { renderContractPdf } from '../signing/pdf-document';
import type { ContractRow } from './access';
import { companyNameOf } from './contracts';
import { signersOf } from './lifecycle';
import { writeLog } from './operation-log';
import { SignStates } from './states';

const PrintKind = { print: 1, again: 2 } as const;
const flag = (value: boolean): 0 | 1 => (value ? 1 : 0);
const inSigning: number[] = [SignStates.awaitingSignature, SignStates.signed, SignStates.completed];

function refuseVoided(contract: ContractRow): void {
  if (contract.state === SignStates.voided) throw new ApiError(Codes.stateConflict, Messages.stateNotAllowed);
}

async function renderPrintFile(db: Db, files: FileStorage, contract: ContractRow): Promise<string> {
  const [cached] = await db
    .select()
    .from(signPrintFiles)
    .where(and(eq(signPrintFiles.contractId, contract.id), inCompany(signPrintFiles, contract.companyId)));
  if (cached && cached.contentVersion === contract.version) return cached.fileName;
  const [template] = await db
    .select()
    .from(signTemplates)
    .where(and(eq(signTemplates.id, contract.templateId), inCompany(signTemplates, contract.companyId)));
  const companyName = await companyNameOf(db, contract.companyId);
  const signers = signersOf(contract.content, companyName);
  const { bytes } = await renderContractPdf({
    title: contract.boxName,
    subTitle: null,
    contractNo: contract.contractNo,
    paragraphs: contractParagraphs(template?.bodyHtml ?? '', {
      ...contract.content,
      contractNo: contract.contractNo,
      companyName,
    }),
    signatories: signers.map((signer, index) => ({
      signatoryId: index + 1,
      roleLabel: roleLabels[signer.role] ?? '签署方',
      name: signer.name,
    })),
  });
  const stored = await files.save(Buffer.from(bytes), `${contract.contractNo}.pdf`, ['pdf']);
  const row = {
    contractId: contract.id,
    companyId: contract.companyId,
    contentVersion: contract.version,
    fileName: stored.name,
  };
  await db
    .insert(signPrintFiles)
    .values(row)
    .onConflictDoUpdate({ target: signPrintFiles.contractId, set: row });
  return stored.name;
}

async function pdfNameOf(db: Db, files: FileStorage, contract: ContractRow): Promise<string> {
  if (inSigning.includes(contract.state)) {
    const [document] = await db
      .select()
      .from(signDocuments)
      .where(and(eq(signDocuments.contractId, contract.id), inCompany(signDocuments, contract.companyId)));
    if (document) return document.sealedFileName ?? document.fileName;
  }
  return renderPrintFile(db, files, contract);
}

/** Printable once at first, and once more after each request to print again. */
async function printState(db: Db, contract: ContractRow) {
  const records = await db
    .select()
    .from(signPrintRecords)
    .where(and(inCompany(signPrintRecords, contract.companyId), eq(signPrintRecords.contractId, contract.id)))
    .orderBy(desc(signPrintRecords.id));
  const lastPrint = records.find((record) => record.kind === PrintKind.print);
  const canPrint = !lastPrint || records[0]?.kind === PrintKind.again;
  return { canPrint, lastPrintTime: lastPrint ? formatDateTime(lastPrint.createdAt) : null };
}

async function view(db: Db, files: FileStorage, contract: ContractRow) {
  const state = await printState(db, contract);
  return {
    contractId: contract.id,
    pdfUrl: fileUrl(await pdfNameOf(db, files, contract)),
    printCount: contract.printCount,
    canPrint: flag(state.canPrint),
    lastPrintTime: state.lastPrintTime,
  };
}

export async function readPrintView(db: Db, files: FileStorage, contract: ContractRow) {
  refuseVoided(contract);
  return view(db, files, contract);
}

/** Locks the contract row for the rest of the transaction and returns it fresh. */
async function lockContract(tx: Db, contract: ContractRow): Promise<ContractRow> {
  await tx.execute(sql`select id from sign_contracts where id = ${contract.id} for update`);
  const [fresh] = await tx.select().from(signContracts).where(eq(signContracts.id, contract.id));
  if (!fresh) throw new ApiError(Codes.notFound, '签约合同不存在或已被删除');
  refuseVoided(fresh);
  return fresh;
}

export async function recordPrint(
  db: Db,
  files: FileStorage,
  session: Session,
  contract: ContractRow,
  now: Date,
) {
  refuseVoided(contract);
  const updated = await db.transaction(async (tx) => {
    const fresh = await lockContract(tx, contract);
    // Already printed and no new request: a retried registration, nothing more to count.
    if (!(await printState(tx, fresh)).canPrint) return fresh;
    await tx.insert(signPrintRecords).values({
      companyId: session.companyId,
      contractId: fresh.id,
      kind: PrintKind.print,
      operatorUserId: session.userId,
      createdAt: now,
    });
    const [moved] = await tx
      .update(signContracts)
      .set({ printCount: sql`${signContracts.printCount} + 1` })
      .where(eq(signContracts.id, fresh.id))
      .returning();
    await writeLog(tx, {
      companyId: session.companyId,
      contractId: fresh.id,
      action: '打印',
      content: `第 ${moved!.printCount} 次打印合同`,
      operatorUserId: session.userId,
      at: now,
    });
    return moved!;
  });
  return view(db, files, updated);
}

export async function requestPrintAgain(
  db: Db,
  files: FileStorage,
  session: Session,
  contract: ContractRow,
  rawReason: string,
  now: Date,
) {
  const reason = rawReason.trim();
  if (!reason) throw businessError('请输入重新打印原因（reason）');
  refuseVoided(contract);
  const fresh = await db.transaction(async (tx) => {
    const locked = await lockContract(tx, contract);
    // Never printed, or a request already waiting: it may print now, no second request.
    if ((await printState(tx, locked)).canPrint) return locked;
    await tx.insert(signPrintRecords).values({
      companyId: session.companyId,
      contractId: locked.id,
      kind: PrintKind.again,
      reason,
      operatorUserId: session.userId,
      createdAt: now,
    });
    await writeLog(tx, {
      companyId: session.companyId,
      contractId: locked.id,
      action: '申请重新打印',
      content: `申请重新打印：${reason}`,
      operatorUserId: session.userId,
      at: now,
    });
    return locked;
  });
  return view(db, files, fresh);
}
