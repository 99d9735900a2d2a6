/**
 * npx tsx bench/verify.bench.ts — 验签 of signed contracts with the real verifier
 * (server/areas/verify/pdf-signatures.ts, the product's CA certificates as trust anchors):
 * 1. a sale contract signed through the real flow in-process (both parties by their links, the
 *    company seal, sealing; however many signatures the signing code makes);
 * 2. a 10-page contract rendered by the product and sealed with the company's certificate.
 * Each file is verified a fixed number of times after one warm-up; the table prints the median
 * (min / max) wall time and the median CPU time (process.cpuUsage, which other work on a shared
 * machine moves less). The goal is at most 50 ms for the 10-page file. Nothing here asserts a time.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db/client';
import { createManualClock } from '../server/clock';
import { seedDemoData } from '../server/seed/demo';
import { users } from '../server/db/schema';
import { ensureCompanyCertificate } from '../server/areas/signing/certificates';
import { createKeyVault, createLocalKeyProvider, installKeyVault } from '../server/areas/signing/key-vault';
import { renderContractPdf, type ContractDocumentInput } from '../server/areas/signing/pdf-document';
import { sealPdf } from '../server/areas/signing/pdf-seal';
import { readAuthorityCertificates } from '../server/areas/signing/trusted-roots';
import { verifyPdfSignatures, type TrustAnchors } from '../server/areas/verify/pdf-signatures';
import { createContractSigner } from '../tests/support/signed-contract';

const runs = 25;
const targetPages = 10;

const clause =
  '甲方保证对该房屋享有完全处分权，房屋所有权证号为粤(2020)深圳市不动产权第0012345号，建筑面积89.5平方米。' +
  '双方确认该房屋成交价为人民币3200000元，乙方于签订本合同时向甲方支付定金50000元，余款于2026年12月20日前支付。';

function contractInput(articles: number): ContractDocumentInput {
  const paragraphs: ContractDocumentInput['paragraphs'] = [];
  for (let i = 1; i <= articles; i += 1) {
    paragraphs.push({ kind: 'heading', text: `第${i}条 约定事项` });
    paragraphs.push({ kind: 'text', text: clause });
    paragraphs.push({ kind: 'text', text: clause });
  }
  return {
    title: '二手房买卖合同',
    subTitle: '阳光花园 · 李四',
    contractNo: 'HT202611290001',
    paragraphs,
    signatories: [
      { signatoryId: 1, roleLabel: '甲方', name: '张三' },
      { signatoryId: 2, roleLabel: '乙方', name: '李四' },
      { signatoryId: 3, roleLabel: '居间方', name: '安居房产经纪有限公司' },
    ],
  };
}

async function tenPageContract(): Promise<Uint8Array> {
  for (let articles = 10; ; articles += 2) {
    const { bytes } = await renderContractPdf(contractInput(articles));
    if ((await PDFDocument.load(bytes)).getPageCount() >= targetPages) return bytes;
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

type Row = { file: string; pages: number; kb: number; signatures: string; wall: number[]; cpu: number[] };

async function measure(file: string, pdf: Uint8Array, anchors: TrustAnchors): Promise<Row> {
  const first = await verifyPdfSignatures(pdf, anchors);
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const cpuBefore = process.cpuUsage();
    const start = performance.now();
    await verifyPdfSignatures(pdf, anchors);
    wall.push(performance.now() - start);
    const used = process.cpuUsage(cpuBefore);
    cpu.push((used.user + used.system) / 1000);
  }
  const statuses = first.signatures.map((signature) => signature.status);
  return {
    file,
    pages: (await PDFDocument.load(pdf, { ignoreEncryption: true })).getPageCount(),
    kb: Math.round(pdf.length / 1024),
    signatures: `${statuses.length} (${[...new Set(statuses)].join(', ')})`,
    wall,
    cpu,
  };
}

// Private keys are sealed at rest: a throwaway master key, as the tests and the signing bench use.
installKeyVault(createKeyVault(createLocalKeyProvider([randomBytes(32)])));
const database = await openDatabase({});
const clock = createManualClock();
await seedDemoData(database.db, { now: clock.now() });
const sent: { phone: string; content: string }[] = [];
const app = await buildApp({
  db: database.db,
  clock,
  logger: process.env['BENCH_LOG'] === '1',
  sms: {
    send: async (phone: string, content: string) => {
      sent.push({ phone, content });
    },
  },
});
try {
  const signed = await createContractSigner({ app, database, clock, sms: { sent } })();
  const [manager] = await database.db
    .select({ companyId: users.companyId })
    .from(users)
    .where(eq(users.userName, '13800000000'));
  const certificate = await ensureCompanyCertificate(
    database.db,
    manager!.companyId,
    '安居房产经纪有限公司',
    clock.now(),
  );
  const tenPages = await sealPdf(await PDFDocument.load(await tenPageContract()), certificate, {
    contractNo: 'HT202611290001',
    signingTime: clock.now(),
  });
  const anchors = await readAuthorityCertificates(database.db);
  const rows = [
    await measure('real flow: sale contract, sealed', signed.pdf, anchors),
    await measure(`${targetPages}-page contract, sealed with the company certificate`, tenPages, anchors),
  ];
  console.log(`\n验签 (server/areas/verify/pdf-signatures.ts), ${runs} runs each after one warm-up\n`);
  console.table(
    rows.map((row) => ({
      file: row.file,
      pages: row.pages,
      KB: row.kb,
      signatures: row.signatures,
      'median ms': median(row.wall).toFixed(1),
      'min ms': Math.min(...row.wall).toFixed(1),
      'max ms': Math.max(...row.wall).toFixed(1),
      'median CPU ms': median(row.cpu).toFixed(1),
    })),
  );
  console.log('goal: at most 50 ms to verify a 10-page sealed contract');
} finally {
  await app.close();
  await database.close();
}
