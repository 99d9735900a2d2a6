/**
 * Reads back what a PAdES signature holds, for tests: each signature's CMS from the PDF's
 * /Contents, its signature value and the RFC 3161 token in the unsigned attributes, so that
 * `openssl ts -verify` can check the token against the signature value's SHA-256.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
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

/**
 * What every completed contract must show: pdfsig lists one signature per signing, each valid and
 * CAdES, named for its signer in order, all but the last "Not total document signed" and the last
 * covering the whole file; each signature's timestamp token passes `openssl ts -verify` against the
 * sandbox TSA's chain (and fails for another digest). Returns pdfsig's report.
 */
export function expectStandAloneSignatures(
  pdf: Buffer,
  chain: { tsa: string; root: string },
  signerNames: string[],
): string {
  const dir = mkdtempSync(join(tmpdir(), 'pades-'));
  try {
    const pdfPath = join(dir, 'signed.pdf');
    writeFileSync(pdfPath, pdf);
    const report = spawnSync('pdfsig', [pdfPath]).stdout.toString();
    const signatures = report.split(/^Signature #\d+:/m).slice(1);
    expect(signatures.length).toBeGreaterThanOrEqual(signerNames.length);
    for (const signature of signatures) {
      expect(signature).toContain('Signature is Valid.');
      expect(signature).toContain('Signature Type: ETSI.CAdES.detached');
    }
    signerNames.forEach((name, index) =>
      expect(signatures[index]).toContain(`Signer Certificate Common Name: ${name}`),
    );
    for (const signature of signatures.slice(0, -1)) expect(signature).toContain('Not total document signed');
    expect(signatures.at(-1)).toContain('Total document signed');
    writeFileSync(join(dir, 'root.pem'), chain.root);
    writeFileSync(join(dir, 'tsa.pem'), chain.tsa);
    const contents = signatureContents(pdf);
    expect(contents).toHaveLength(signatures.length);
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
    for (const [index, cms] of contents.entries()) {
      const { token, signatureDigest } = timestampOf(cms);
      const tokenPath = join(dir, `token-${index}.der`);
      writeFileSync(tokenPath, token);
      expect(verify(tokenPath, signatureDigest.toString('hex'))).toContain('Verification: OK');
      expect(verify(tokenPath, '00'.repeat(32))).not.toContain('Verification: OK');
    }
    return report;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
