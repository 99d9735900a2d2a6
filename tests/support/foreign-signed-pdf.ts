/**
 * PDFs signed by another tool, for the verifier's tests and bench: a throwaway CA and signer made
 * with the openssl command line, the placeholder from @signpdf, the CMS from `openssl cms -sign`
 * (detached, with its own signed attributes; -cades for ETSI.CAdES.detached). None of the product's
 * signing code is used.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { Signer } from '@signpdf/utils';

export type ForeignSigner = { caPem: string; certPem: string; keyPem: string };

function openssl(dir: string, args: string[]): void {
  execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
}

/** A CA "Foreign Test Root" and a signer "Foreign Signer" (organisation Other Tool Ltd). */
export function createForeignSigner(): ForeignSigner {
  const dir = mkdtempSync(join(tmpdir(), 'foreign-signer-'));
  try {
    openssl(dir, [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'ca.key',
      '-out',
      'ca.pem',
      '-days',
      '3650',
      '-subj',
      '/CN=Foreign Test Root/O=Other Tool Ltd',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    ]);
    openssl(dir, [
      'req',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'signer.key',
      '-out',
      'signer.csr',
      '-subj',
      '/CN=Foreign Signer/O=Other Tool Ltd',
    ]);
    writeFileSync(join(dir, 'ext.cnf'), 'keyUsage=critical,digitalSignature,nonRepudiation\n');
    openssl(dir, [
      'x509',
      '-req',
      '-in',
      'signer.csr',
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      'signer.pem',
      '-days',
      '3650',
      '-extfile',
      'ext.cnf',
    ]);
    return {
      caPem: readFileSync(join(dir, 'ca.pem'), 'utf8'),
      certPem: readFileSync(join(dir, 'signer.pem'), 'utf8'),
      keyPem: readFileSync(join(dir, 'signer.key'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

class OpensslSigner extends Signer {
  constructor(
    private readonly signer: ForeignSigner,
    private readonly isCades: boolean,
  ) {
    super();
  }

  override async sign(content: Buffer): Promise<Buffer> {
    const dir = mkdtempSync(join(tmpdir(), 'foreign-sign-'));
    try {
      writeFileSync(join(dir, 'content.bin'), content);
      writeFileSync(join(dir, 'signer.pem'), this.signer.certPem);
      writeFileSync(join(dir, 'signer.key'), this.signer.keyPem);
      writeFileSync(join(dir, 'ca.pem'), this.signer.caPem);
      openssl(dir, [
        'cms',
        '-sign',
        '-binary',
        '-in',
        'content.bin',
        '-signer',
        'signer.pem',
        '-inkey',
        'signer.key',
        '-certfile',
        'ca.pem',
        '-md',
        'sha256',
        '-outform',
        'DER',
        '-out',
        'sig.der',
        ...(this.isCades ? ['-cades'] : []),
      ]);
      return readFileSync(join(dir, 'sig.der'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

/** A PDF of `pages` pages with a line of text each. */
export async function plainPdf(pages = 1): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i += 1) {
    const page = doc.addPage([595, 842]);
    page.drawText(`Lease agreement page ${i + 1}`, { x: 60, y: 760, size: 16, font });
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** A PDF signed once by the foreign signer (adbe.pkcs7.detached, or ETSI.CAdES.detached). */
export async function foreignSignedPdf(
  signer: ForeignSigner,
  options: { subFilter?: 'adbe.pkcs7.detached' | 'ETSI.CAdES.detached'; signingTime?: Date } = {},
): Promise<Buffer> {
  const doc = await PDFDocument.load(await plainPdf(2));
  const subFilter = options.subFilter ?? 'adbe.pkcs7.detached';
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: 'Signed with another tool',
    contactInfo: 'test',
    name: 'Foreign Signer',
    location: 'Elsewhere',
    signingTime: options.signingTime ?? new Date('2026-01-02T03:04:05Z'),
    signatureLength: 8192,
    subFilter,
  });
  const withPlaceholder = Buffer.from(await doc.save({ useObjectStreams: false }));
  return new SignPdf().sign(withPlaceholder, new OpensslSigner(signer, subFilter === 'ETSI.CAdES.detached'));
}
