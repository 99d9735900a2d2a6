/**
 * Reads back what a PAdES signature holds, without a test runner (vitest tests and Playwright specs
 * both use it): each signature's CMS from the PDF's /Contents, its signature value and the RFC 3161
 * token in the unsigned attributes; and what the outside tools say of a file: `pdfsig` of each
 * signature, `openssl ts -verify` of each token against the TSA's chain (for the signature value's
 * SHA-256, and for another digest, which must fail).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { children, raw, readElement, sha256 } from '../../server/areas/signing/cms-der';

export type SignatureTimestamp = { token: Buffer; signatureDigest: Buffer };

/** Every signature's CMS, in file order. */
export function signatureContents(pdf: Buffer): Buffer[] {
  const found: Buffer[] = [];
  for (const match of pdf.toString('latin1').matchAll(/\/ByteRange\s*\[\s*0 (\d+) (\d+) (\d+)\s*\]/g)) {
    const start = Number(match[1]);
    const end = Number(match[2]);
    const hex = pdf.subarray(start + 1, end - 1).toString('latin1');
    const cms = Buffer.from(hex, 'hex');
    found.push(cms.subarray(0, readElement(cms, 0).end));
  }
  return found;
}

export function timestampOf(cms: Buffer): SignatureTimestamp {
  const [, wrapped] = children(cms, readElement(cms, 0));
  const [signed] = children(cms, wrapped!);
  const signerInfos = children(cms, signed!).at(-1)!;
  const [signerInfo] = children(cms, signerInfos);
  const fields = children(cms, signerInfo!);
  const unsigned = fields.at(-1)!;
  if (unsigned.tag !== 0xa1) throw new Error('no unsigned attributes');
  const signatureValue = fields.at(-2)!;
  const [attribute] = children(cms, unsigned);
  const [, values] = children(cms, attribute!);
  const [token] = children(cms, values!);
  return {
    token: Buffer.from(raw(cms, token!)),
    signatureDigest: sha256(cms.subarray(signatureValue.contentStart, signatureValue.end)),
  };
}

export type PadesReport = {
  /** pdfsig's whole report. */
  report: string;
  /** pdfsig's section of each signature, in file order. */
  signatures: string[];
  /** Each signature's CMS, in file order. */
  contents: Buffer[];
  /** Per signature: openssl ts -verify's answer for its signature value, and for another digest. */
  tokens: { verified: string; otherDigest: string }[];
};

/** Whether pdfsig and openssl are on this machine (the e2e spec skips without them). */
export function hasPadesTools(): boolean {
  return ['pdfsig', 'openssl'].every((tool) => spawnSync(tool, ['-v']).error === undefined);
}

/** What pdfsig says of each signature and openssl of each signature's timestamp token. */
export function readPadesReport(pdf: Buffer, chain: { tsa: string; root: string }): PadesReport {
  const dir = mkdtempSync(join(tmpdir(), 'pades-'));
  try {
    const pdfPath = join(dir, 'signed.pdf');
    writeFileSync(pdfPath, pdf);
    const report = spawnSync('pdfsig', [pdfPath]).stdout.toString();
    const signatures = report.split(/^Signature #\d+:/m).slice(1);
    writeFileSync(join(dir, 'root.pem'), chain.root);
    writeFileSync(join(dir, 'tsa.pem'), chain.tsa);
    const contents = signatureContents(pdf);
    const verify = (tokenPath: string, digest: string) =>
      spawnSync('openssl', [
        'ts',
        '-verify',
        '-in',
        tokenPath,
        '-token_in',
        '-digest',
        digest,
        '-CAfile',
        join(dir, 'root.pem'),
        '-untrusted',
        join(dir, 'tsa.pem'),
      ]).stdout.toString();
    const tokens = contents.map((cms, index) => {
      const { token, signatureDigest } = timestampOf(cms);
      const tokenPath = join(dir, `token-${index}.der`);
      writeFileSync(tokenPath, token);
      return {
        verified: verify(tokenPath, signatureDigest.toString('hex')),
        otherDigest: verify(tokenPath, '00'.repeat(32)),
      };
    });
    return { report, signatures, contents, tokens };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
