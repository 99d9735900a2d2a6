/**
 * npm run bench — signing and sealing a 10-page contract with the real signing code: the contract
 * text rendered with the embedded CJK font; each of two parties signs (a one-day ECDSA certificate
 * from the product CA, the drawn signature stamped, a PAdES B-T signature with a sandbox TSA token,
 * appended as an incremental update); the company seal the same with the company's certificate; then
 * sealing: 签署证明 appended and signed by the company, covering the whole file. The timestamp alone
 * is timed beside it. Fixed generated text; each stage runs a fixed number of
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
  drawCompletionPage,
  drawMarks,
  renderContractPdf,
  type ContractDocumentInput,
  type Stamp,
} from '../server/areas/signing/pdf-document';
import { companySigner, sha256Hex } from '../server/areas/signing/pdf-seal';
import { openForUpdate } from '../server/areas/signing/pdf-incremental';
import { signIncrementally } from '../server/areas/signing/pades';
import { ownCaProvider } from '../server/areas/signing/ca/own-ca';
import { createSandboxTsa } from '../server/areas/signing/tsa/sandbox-tsa';
import { requestTimestamp } from '../server/areas/signing/tsa/provider';
import { sha256 } from '../server/areas/signing/cms-der';
import { strokePng } from '../tests/support/test-data';

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

// A throwaway master key: the bench's database lives in memory.
installKeyVault(createKeyVault(createLocalKeyProvider([randomBytes(32)])));
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
const tsa = createSandboxTsa(database.db, systemClock);
const trust = { tsa };
const parties = ['张三', '李四'];
// One warm-up round (font parsing, JIT, the issuing CA and TSA created) that is not counted.
for (let run = 0; run <= runs; run += 1) {
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  const { bytes, slots } = await timed('render contract (CJK font)', () => renderContractPdf(input));
  let current: Buffer = Buffer.from(bytes);
  for (const [index, name] of parties.entries()) {
    const slot = slots[index]!;
    current = await timed('one party signs: certificate + stamp + B-T signature (incremental)', async () => {
      const update = await openForUpdate(current);
      await drawMarks(update.doc, [{ slot, stamp: signature }], '2026-11-23 10:00:00');
      const signer = await ownCaProvider.issueSignerCredential({
        db: database.db,
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
  current = await timed('company seal stamped + B-T signature (company certificate)', async () => {
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
  sealed = await timed('sealing: 签署证明 page + company B-T signature (incremental)', async () => {
    const update = await openForUpdate(beforeSeal);
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
  record('whole pipeline', performance.now() - start);
  const cpu = process.cpuUsage(cpuStart);
  // The same, in CPU time of this process: less moved by other processes on a shared machine.
  record('whole pipeline, CPU time', (cpu.user + cpu.system) / 1000);
  // The timestamp alone (request, sandbox TSA's ECDSA signature, response checked).
  await timed('(RFC 3161 timestamp from the sandbox TSA, inside each signature)', () =>
    requestTimestamp(tsa, sha256(current)),
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
      report.split('Signature is Valid').length - 1
    } of ${report.split(/^Signature #/m).length - 1} signatures valid${
      report.includes('Total document signed') ? ', the last covers the whole document' : ''
    }`,
);
console.log(header.map((h, i) => padEnd(h, widths[i] ?? 0)).join('  '));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const r of table)
  console.log(r.map((c, i) => (i === 0 ? padEnd(c, widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  '));
