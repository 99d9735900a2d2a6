/**
 * What every completed contract must show, as vitest assertions over pades-report.ts: pdfsig lists
 * one signature per signing, each valid and CAdES, named for its signer in order, all but the last
 * "Not total document signed" and the last covering the whole file; each signature's timestamp
 * token passes `openssl ts -verify` against the sandbox TSA's chain (and fails for another digest).
 */
import { expect } from 'vitest';
import { readPadesReport } from './pades-report';

/** Returns pdfsig's report. */
export function expectStandAloneSignatures(
  pdf: Buffer,
  chain: { tsa: string; root: string },
  signerNames: string[],
): string {
  const { report, signatures, contents, tokens } = readPadesReport(pdf, chain);
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
  expect(contents).toHaveLength(signatures.length);
  for (const token of tokens) {
    expect(token.verified).toContain('Verification: OK');
    expect(token.otherDigest).not.toContain('Verification: OK');
  }
  return report;
}
