/**
 * npm run bench — rendering and sealing a 10-page contract with the real signing code: the contract
 * text rendered with the embedded CJK font, two drawn signatures and the company seal stamped into
 * their boxes in one pass (stampMarks), the 签署证明 page appended and the file signed (CMS,
 * adbe.pkcs7.detached) with a company certificate from the product CA. One signature stamped on its
 * own (what one signatory's signing request does) is timed beside it, outside the pipeline. Fixed generated text; each stage runs a fixed number of
 * times and the table prints the median (and min / max). The last sealed file is checked once with
 * pdfsig (not timed). The whole pipeline is also given in CPU time (process.cpuUsage), which other
 * work on a shared machine moves less than the wall clock. Nothing here asserts a time.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { PDFDocument } from 'pdf-lib';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { users } from '../server/db/schema';
import { systemClock } from '../server/clock';
import { seedDemoData } from '../server/seed/demo';
import { ensureCompanyCertificate } from '../server/areas/signing/certificates';
import { createKeyVault, createLocalKeyProvider, installKeyVault } from '../server/areas/signing/key-vault';
import {
  appendCompletionPage,
  renderContractPdf,
  stampMarks,
  stampSignature,
  type ContractDocumentInput,
  type Stamp,
} from '../server/areas/signing/pdf-document';
import { sealPdf, sha256Hex } from '../server/areas/signing/pdf-seal';
import { strokePng } from '../tests/support/test-data';

// The company certificate's keys are sealed at rest (key-vault.ts); the bench seals with a key of its own.
installKeyVault(createKeyVault(createLocalKeyProvider([randomBytes(32)])));
const runs = 15;
const targetPages = 10;

const clause =
  '甲方保证对该房屋享有完全处分权，房屋所有权证号为粤(2020)深圳市不动产权第0012345号，建筑面积89.5平方米。' +
  '双方确认该房屋成交价为人民币3200000元，乙方于签订本合同时向甲方支付定金50000元，余款于2026年12月20日前支付。' +
  '任何一方违约，应向守约方支付成交价20%的违约金；因不可抗力不能履行的，双方互不承担责任。';

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

type Timing = { name: string; times: number[] };
const timings: Timing[] = [];
function record(name: string, ms: number) {
  let timing = timings.find((t) => t.name === name);
  if (!timing) {
    timing = { name, times: [] };
    timings.push(timing);
  }
  timing.times.push(ms);
}
async function timed<T>(name: string, run: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await run();
  record(name, performance.now() - start);
  return result;
}

const database = await openDatabase({});
await seedDemoData(database.db, { now: systemClock.now() });
const [manager] = await database.db.select().from(users).where(eq(users.userName, '13800000000'));
if (!manager) throw new Error('demo data missing');
const certificate = await ensureCompanyCertificate(database.db, manager.companyId, '安居房产经纪有限公司');
const articles = await articlesForPages(targetPages);
const input = contractInput(articles);
const signature: Stamp = { kind: 'image', png: strokePng(240, 90) };
const seal: Stamp = { kind: 'seal', seal: { corpName: '安居房产经纪有限公司', title: '合同专用章' } };

let sealed: Buffer = Buffer.alloc(0);
let pageCount = 0;
// One warm-up round (font parsing, JIT) that is not counted.
for (let run = 0; run <= runs; run += 1) {
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  const { bytes, slots } = await timed('render contract (CJK font)', () => renderContractPdf(input));
  const stamps: Stamp[] = [signature, signature, seal];
  const current = await timed('stamp 2 signatures + company seal (one pass)', () =>
    stampMarks(
      bytes,
      slots.map((slot, index) => ({ slot, stamp: stamps[index] ?? signature })),
      '2026-11-23 10:00:00',
    ),
  );
  const withCertificate = await timed('append 签署证明 page', () =>
    appendCompletionPage(
      current,
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
        hashBefore: sha256Hex(current),
        hashAfter: sha256Hex(current),
      })),
    ),
  );
  sealed = await timed('CMS signature (adbe.pkcs7.detached)', () =>
    sealPdf(withCertificate, certificate, { contractNo: input.contractNo, signingTime: new Date() }),
  );
  record('whole pipeline', performance.now() - start);
  const cpu = process.cpuUsage(cpuStart);
  // The same, in CPU time of this process: less moved by other processes on a shared machine.
  record('whole pipeline, CPU time', (cpu.user + cpu.system) / 1000);
  // Outside the pipeline: one signatory signing on their own (a signing request stamps only their box).
  await timed('(one signature on its own, not in the pipeline)', () =>
    stampSignature(bytes, slots[0]!, signature, '2026-11-23 10:00:00'),
  );
  if (run === 0) timings.forEach((timing) => timing.times.splice(0));
  pageCount = (await PDFDocument.load(sealed)).getPageCount();
}

const folder = mkdtempSync(join(tmpdir(), 'signing-bench-'));
writeFileSync(join(folder, 'sealed.pdf'), sealed);
const report = spawnSync('pdfsig', [join(folder, 'sealed.pdf')]).stdout?.toString() ?? '';
rmSync(folder, { recursive: true, force: true });
await database.close();

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
/** Columns line up in a terminal: CJK characters take two cells. */
const cells = (text: string) =>
  [...text].reduce((n, c) => n + (/[\u3000-\u9fff\uff00-\uffef]/.test(c) ? 2 : 1), 0);
const padEnd = (text: string, width: number) => text + ' '.repeat(Math.max(0, width - cells(text)));
const header = ['stage', 'runs', 'median ms', 'min ms', 'max ms'];
const table = timings.map((t) => [
  t.name,
  String(t.times.length),
  median(t.times).toFixed(1),
  Math.min(...t.times).toFixed(1),
  Math.max(...t.times).toFixed(1),
]);
const widths = header.map((h, i) => Math.max(cells(h), ...table.map((r) => cells(r[i] ?? ''))));
console.log(
  `signing: a ${targetPages}-page contract (${articles} articles, ${input.signatories.length} signatories), ` +
    `sealed file ${pageCount} pages, ${(sealed.length / 1024).toFixed(0)} KB; pdfsig: ${
      report.includes('Signature is Valid') ? 'signature valid' : 'NOT VALID'
    }${report.includes('Total document signed') ? ', whole document signed' : ''}`,
);
console.log(header.map((h, i) => padEnd(h, widths[i] ?? 0)).join('  '));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const r of table)
  console.log(r.map((c, i) => (i === 0 ? padEnd(c, widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  '));
