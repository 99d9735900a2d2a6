/**
 * npx tsx bench/verify.bench.ts — 验签 with the real verifier (server/areas/verify/pdf-signatures.ts,
 * the product's CA certificates as trust anchors) of:
 * 1. 10-page contracts sealed by the product's pipeline (support/sealing.ts, shared with
 *    signing.bench.ts: two parties' B-T signatures, the company seal, 签署证明 sealed; four
 *    signatures with their timestamp tokens), a different contract for each run, so that nothing of
 *    one file is known to the verifier when it reads the next (only the CA and TSA certificates
 *    recur, as they do in every contract of the product);
 * 2. one of those files verified again and again;
 *    and that file with its last signature's CMS in BER (an indefinite outer length), which the
 *    DER reader leaves to pkijs: the cost of the fallback foreign files may take;
 * 3. a sale contract signed through the real flow in-process (both parties by their links, the
 *    company seal, sealing), in a database of its own.
 * Each row prints median, p95, min and max wall time and median and p95 CPU time (process.cpuUsage,
 * which other work on a shared machine moves less), with the load average. The goal is at most
 * 50 ms for the sealed 10-page contract. Nothing here asserts a time.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { PDFDocument } from 'pdf-lib';
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db/client';
import { createManualClock } from '../server/clock';
import { seedDemoData } from '../server/seed/demo';
import { createKeyVault, createLocalKeyProvider, installKeyVault } from '../server/areas/signing/key-vault';
import { readAuthorityCertificates } from '../server/areas/signing/trusted-roots';
import { readElement } from '../server/areas/signing/cms-der';
import { verifyPdfSignatures, type TrustAnchors } from '../server/areas/verify/pdf-signatures';
import { createContractSigner } from '../tests/support/signed-contract';
import { measured, median, openSealingSetup, percentile, sealContract, targetPages } from './support/sealing';

const runs = Number(process.env['BENCH_RUNS'] ?? 25);

type Row = { file: string; pages: number; kb: number; signatures: string; wall: number[]; cpu: number[] };

async function describe(pdf: Uint8Array, anchors: TrustAnchors) {
  const first = await verifyPdfSignatures(pdf, anchors);
  const statuses = first.signatures.map((signature) => signature.status);
  return {
    pages: (await PDFDocument.load(pdf, { ignoreEncryption: true })).getPageCount(),
    kb: Math.round(pdf.length / 1024),
    signatures: `${statuses.length} (${[...new Set(statuses)].join(', ')})`,
  };
}

/** The file with its last signature's CMS re-encoded with an indefinite outer length (BER), same size. */
function lastCmsAsBer(pdf: Buffer): Buffer {
  const text = pdf.toString('latin1');
  const match = [...text.matchAll(/\/Contents\s*<([0-9A-Fa-f]+)>/g)].at(-1)!;
  const padded = Buffer.from(match[1]!, 'hex');
  const outer = readElement(padded, 0);
  const ber = Buffer.concat([
    Buffer.from([0x30, 0x80]),
    padded.subarray(outer.contentStart, outer.end),
    Buffer.alloc(2),
  ]);
  const copy = Buffer.from(pdf);
  copy.write(
    ber.toString('hex').padEnd(match[1]!.length, '0'),
    match.index + match[0].indexOf('<') + 1,
    'latin1',
  );
  return copy;
}

/** Verifies each file once, in order (after the first, which is a warm-up and not counted). */
async function measure(file: string, pdfs: Uint8Array[], anchors: TrustAnchors): Promise<Row> {
  const [warmUp, ...timed] = pdfs;
  const described = await describe(warmUp!, anchors);
  const wall: number[] = [];
  const cpu: number[] = [];
  for (const pdf of timed) {
    const run = await measured(() => verifyPdfSignatures(pdf, anchors));
    wall.push(run.wall);
    cpu.push(run.cpu);
  }
  return { file, ...described, wall, cpu };
}

const loadBefore = loadavg()[0] ?? 0;
const setup = await openSealingSetup();
const rows: Row[] = [];
try {
  const contracts: Buffer[] = [];
  for (let i = 0; i <= runs; i += 1) contracts.push((await sealContract(setup)).sealed);
  const anchors = await setup.anchors();
  rows.push(
    await measure(`${targetPages}-page contract sealed (B-T), a new file each run`, contracts, anchors),
    await measure(
      `${targetPages}-page contract sealed (B-T), the same file again`,
      Array.from({ length: runs + 1 }, () => contracts[0]!),
      anchors,
    ),
    await measure(
      `${targetPages}-page contract sealed, the last CMS in BER (pkijs), a new file each run`,
      contracts.map((contract) => lastCmsAsBer(contract)),
      anchors,
    ),
  );
} finally {
  await setup.close();
}

// The real flow, in a database of its own (private keys sealed by a throwaway master key).
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
  const anchors = await readAuthorityCertificates(database.db);
  rows.push(
    await measure(
      'real flow: sale contract, sealed, the same file again',
      Array.from({ length: runs + 1 }, () => signed.pdf),
      anchors,
    ),
  );
} finally {
  await app.close();
  await database.close();
}
const loadAfter = loadavg()[0] ?? 0;

console.log(
  `\n验签 (server/areas/verify/pdf-signatures.ts), ${runs} runs a row after one warm-up; ` +
    `load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after\n`,
);
console.table(
  rows.map((row) => ({
    file: row.file,
    pages: row.pages,
    KB: row.kb,
    signatures: row.signatures,
    'median ms': median(row.wall).toFixed(1),
    'p95 ms': percentile(row.wall, 95).toFixed(1),
    'min ms': Math.min(...row.wall).toFixed(1),
    'max ms': Math.max(...row.wall).toFixed(1),
    'median CPU ms': median(row.cpu).toFixed(1),
    'p95 CPU ms': percentile(row.cpu, 95).toFixed(1),
  })),
);
console.log('goal: at most 50 ms to verify a sealed 10-page contract');
