/**
 * What the signing and verification benches share: a throwaway database with the demo company,
 * its certificate and the sandbox TSA, a contract of fixed generated text that renders to 10 pages,
 * and the product's pipeline of a contract (render; each of two parties signs with a one-day ECDSA
 * certificate, the drawn signature stamped and a PAdES B-T signature appended as an incremental
 * update; the company seal the same with the company's certificate; sealing: 签署证明 appended and
 * signed by the company, covering the whole file, after the DSS of PAdES B-LT with the CRLs issued then).
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { openDatabase } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { systemClock } from '../../server/clock';
import { seedDemoData } from '../../server/seed/demo';
import { ensureCompanyCertificate, type CompanyCertificate } from '../../server/areas/signing/certificates';
import {
  createKeyVault,
  createLocalKeyProvider,
  installKeyVault,
} from '../../server/areas/signing/key-vault';
import {
  drawCompletionPage,
  drawMarks,
  renderContractPdf,
  type ContractDocumentInput,
  type Stamp,
} from '../../server/areas/signing/pdf-document';
import { companySigner, sha256Hex } from '../../server/areas/signing/pdf-seal';
import { openForUpdate } from '../../server/areas/signing/pdf-incremental';
import { signIncrementally } from '../../server/areas/signing/pades';
import { ownCaProvider } from '../../server/areas/signing/ca/own-ca';
import { addDss } from '../../server/areas/signing/dss';
import { issueOwnCaCrls } from '../../server/areas/signing/ca/crl';
import { createSandboxTsa, type SandboxTsa } from '../../server/areas/signing/tsa/sandbox-tsa';
import { readAuthorityCertificates } from '../../server/areas/signing/trusted-roots';
import type { TrustAnchors } from '../../server/areas/verify/pdf-signatures';
import type { Db } from '../../server/db/db';
import { strokePng } from '../../tests/support/test-data';

export const targetPages = 10;

const clause =
  '甲方保证对该房屋享有完全处分权，房屋所有权证号为粤(2020)深圳市不动产权第0012345号，建筑面积89.5平方米。' +
  '双方确认该房屋成交价为人民币3200000元，乙方于签订本合同时向甲方支付定金50000元，余款于2026年12月20日前支付。' +
  '任何一方违约，应向守约方支付成交价20%的违约金；因不可抗力不能履行的，双方互不承担责任。';

export function contractInput(articles: number): ContractDocumentInput {
  const paragraphs: ContractDocumentInput['paragraphs'] = [];
  for (let i = 1; i <= articles; i += 1) {
    paragraphs.push({ kind: 'heading', text: `第${i}条 约定事项` });
    paragraphs.push({ kind: 'text', text: clause });
    paragraphs.push({ kind: 'text', text: clause });
  }
  return {
    title: '二手房买卖合同',
    subTitle: '阳光花园 · 李四',
    contractNo: 'HT202611230001',
    paragraphs,
    signatories: [
      { signatoryId: 1, roleLabel: '甲方', name: '张三' },
      { signatoryId: 2, roleLabel: '乙方', name: '李四' },
      { signatoryId: 3, roleLabel: '居间方', name: '安居房产经纪有限公司' },
    ],
  };
}

/** The fewest articles whose rendering fills 10 pages (the last one is the signature page). */
async function articlesForPages(pages: number): Promise<number> {
  let articles = 1;
  for (;;) {
    const { bytes } = await renderContractPdf(contractInput(articles));
    if ((await PDFDocument.load(bytes)).getPageCount() >= pages) return articles;
    articles += 1;
  }
}

export type SealingSetup = {
  db: Db;
  certificate: CompanyCertificate;
  tsa: SandboxTsa;
  articles: number;
  input: ContractDocumentInput;
  /** The product's CA certificates, as 验签 trusts them. */
  anchors: () => Promise<TrustAnchors>;
  close: () => Promise<void>;
};

export async function openSealingSetup(): Promise<SealingSetup> {
  // A throwaway master key: the bench's database lives in memory.
  installKeyVault(createKeyVault(createLocalKeyProvider([randomBytes(32)])));
  const database = await openDatabase({});
  await seedDemoData(database.db, { now: systemClock.now() });
  const [manager] = await database.db.select().from(users).where(eq(users.userName, '13800000000'));
  if (!manager) throw new Error('demo data missing');
  const certificate = await ensureCompanyCertificate(database.db, manager.companyId, '安居房产经纪有限公司');
  const tsa = createSandboxTsa(database.db, systemClock);
  await tsa.prepare?.();
  const articles = await articlesForPages(targetPages);
  return {
    db: database.db,
    certificate,
    tsa,
    articles,
    input: contractInput(articles),
    anchors: () => readAuthorityCertificates(database.db),
    close: () => database.close(),
  };
}

export const stages = {
  render: 'render contract (CJK font)',
  party: 'one party signs: certificate + stamp + B-T signature (incremental)',
  company: 'company seal stamped + B-T signature (company certificate)',
  sealing: 'sealing: DSS (B-LT, CRLs issued) + 签署证明 page + company B-T signature',
} as const;

export type Timer = <T>(stage: string, run: () => Promise<T>) => Promise<T>;

const untimed: Timer = (_stage, run) => run();

/** One contract through the pipeline; timer wraps each stage. */
export async function sealContract(
  setup: SealingSetup,
  timer: Timer = untimed,
): Promise<{ sealed: Buffer; beforeSeal: Buffer }> {
  const { input, certificate } = setup;
  const trust = { tsa: setup.tsa };
  const signature: Stamp = { kind: 'image', png: strokePng(240, 90) };
  const seal: Stamp = { kind: 'seal', seal: { corpName: '安居房产经纪有限公司', title: '合同专用章' } };
  const { bytes, slots } = await timer(stages.render, () => renderContractPdf(input));
  let current: Buffer = Buffer.from(bytes);
  for (const [index, name] of ['张三', '李四'].entries()) {
    const slot = slots[index]!;
    current = await timer(stages.party, async () => {
      const update = await openForUpdate(current);
      await drawMarks(update.doc, [{ slot, stamp: signature }], '2026-11-23 10:00:00');
      const signer = await ownCaProvider.issueSignerCredential({
        db: setup.db,
        subject: { name, identifier: `11010119900101123${index}` },
        now: new Date(),
      });
      return signIncrementally(
        update,
        {
          signer,
          name: signer.displayName,
          reason: `签字 ${input.contractNo}`,
          signingTime: new Date(),
          box: { pageIndex: slot.page, rect: [slot.x, slot.y, slot.x + slot.width, slot.y + slot.height] },
        },
        trust,
      );
    });
  }
  const company = slots[2]!;
  current = await timer(stages.company, async () => {
    const update = await openForUpdate(current);
    await drawMarks(update.doc, [{ slot: company, stamp: seal }], '2026-11-23 10:00:00');
    return signIncrementally(
      update,
      {
        signer: companySigner(certificate),
        name: '安居房产经纪有限公司',
        reason: '盖章',
        signingTime: new Date(),
      },
      trust,
    );
  });
  const beforeSeal = current;
  const sealed = await timer(stages.sealing, async () => {
    // As documents.ts prepareSeal: the B-LT validation data (DSS with the CRLs issued now) first.
    const sealer = companySigner(certificate);
    const update = await openForUpdate(beforeSeal);
    addDss(update, beforeSeal, {
      certificates: [sealer.certificate, ...sealer.chain],
      crls: await issueOwnCaCrls(setup.db, new Date()),
      ocsps: [],
    });
    await drawCompletionPage(
      update.doc,
      {
        title: input.title,
        contractNo: input.contractNo,
        companyName: '安居房产经纪有限公司',
        signedAt: '2026-11-23 10:00:00',
        signatories: ['甲方 张三', '乙方 李四', '居间方 安居房产经纪有限公司'],
      },
      Array.from({ length: 5 }, (_, i) => ({
        at: '2026-11-23 10:00:00',
        actor: '甲方 张三',
        action: i === 0 ? '生成合同文件' : '签字',
        detail: '短信验证码验证通过',
        ip: '127.0.0.1',
        hashBefore: sha256Hex(beforeSeal),
        hashAfter: sha256Hex(beforeSeal),
      })),
    );
    return signIncrementally(
      update,
      {
        signer: companySigner(certificate),
        name: '安居房产经纪有限公司',
        reason: `合同 ${input.contractNo} 全部签署完成，附签署证明封存`,
        signingTime: new Date(),
      },
      trust,
    );
  });
  return { sealed, beforeSeal };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The value at or below which p percent of the values lie (nearest rank). */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** The CPU time (user + system, ms) run takes in this process, with its wall time. */
export async function measured<T>(run: () => Promise<T>): Promise<{ result: T; wall: number; cpu: number }> {
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  const result = await run();
  const wall = performance.now() - start;
  const used = process.cpuUsage(cpuBefore);
  return { result, wall, cpu: (used.user + used.system) / 1000 };
}
