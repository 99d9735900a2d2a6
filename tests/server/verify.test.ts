/**
 * 验签 (issue 39): the public verification operation on the product's own signed contracts, on files
 * signed by another tool, on tampered and appended copies and on bad input; nothing is stored and
 * no login is needed.
 */
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Envelope, type TestApp } from '../support/test-app';
import { createContractSigner, type SignedContract } from '../support/signed-contract';
import {
  createForeignSigner,
  foreignSignedPdf,
  plainPdf,
  type ForeignSigner,
} from '../support/foreign-signed-pdf';
import { storedFiles } from '../../server/db/schema-files';
import { signAuditEvents, signDocuments } from '../../server/db/schema-signing';
import type { components } from '../../openapi/generated/api';

type Report = components['schemas']['VerifyReport'];

/** One byte of the file changed inside what the first signature signed (its /Producer entry). */
function tamper(pdf: Buffer): Buffer {
  const copy = Buffer.from(pdf);
  const at = copy.indexOf('/Producer');
  expect(at).toBeGreaterThan(0);
  copy[at + 2] = copy[at + 2]! ^ 0x01;
  return copy;
}

/** An incremental update no signature covers: an empty xref section and trailer after the file. */
function appendUnsignedUpdate(pdf: Buffer): Buffer {
  const offset = pdf.length + 1;
  return Buffer.concat([
    pdf,
    Buffer.from(`\nxref\n0 1\n0000000000 65535 f \ntrailer\n<< /Size 1 >>\nstartxref\n${offset}\n%%EOF\n`),
  ]);
}

describe('验签: verifying signed PDFs, open to anyone', () => {
  let t: TestApp;
  let contract: SignedContract;
  let foreign: ForeignSigner;

  async function verify(data: Buffer, fileName = 'contract.pdf'): Promise<Envelope> {
    const boundary = '----verify-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/verify/verifyPdfSignatures',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    return response.json<Envelope>();
  }

  async function report(data: Buffer): Promise<Report> {
    const result = await verify(data);
    expect(result.code, result.message).toBe(200);
    return result.data as Report;
  }

  async function rowCounts() {
    const db = t.database.db;
    const [files] = await db.select({ n: count() }).from(storedFiles);
    const [documents] = await db.select({ n: count() }).from(signDocuments);
    const [events] = await db.select({ n: count() }).from(signAuditEvents);
    return { files: files!.n, documents: documents!.n, events: events!.n };
  }

  beforeAll(async () => {
    t = await createTestApp();
    contract = await createContractSigner(t)();
    foreign = createForeignSigner();
    // A whole signing through the real flow; minutes on a loaded two-core machine.
  }, 600_000);
  afterAll(async () => {
    await t?.close();
  }, 120_000);

  it("shows each signature of the product's sealed contract, valid up to the product's root, with its audit trail", async () => {
    const before = await rowCounts();
    const result = await report(contract.pdf);
    // One signature per party (its own certificate), the company seal, and 签署证明 sealed last.
    expect(result.signatures.length).toBeGreaterThanOrEqual(3);
    const signerNames = result.signatures.map((signature) => signature.signerName);
    expect(signerNames).toEqual(expect.arrayContaining(['张三', '李四', '安居房产经纪有限公司']));
    expect(
      result.signatures.filter((signature) => signature.timestamp !== null).length,
    ).toBeGreaterThanOrEqual(3);
    for (const signature of result.signatures.slice(0, -1))
      expect(signature.coverage).toBe('laterSignatures');
    for (const signature of result.signatures) {
      expect(signature, signature.problem).toMatchObject({
        status: 'valid',
        statusText: '有效',
        isIntact: true,
        isSignatureValid: true,
        isTrusted: true,
        problem: '',
      });
      expect(signature.issuerText).toContain('安居签电子签约根证书');
      expect(['adbe.pkcs7.detached', 'ETSI.CAdES.detached']).toContain(signature.subFilter);
      expect(signature.signingTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      if (signature.timestamp) {
        expect(signature.timestamp.isImprintMatching).toBe(true);
        expect(signature.timestamp.isTokenValid).toBe(true);
      }
    }
    expect(result.signatures.at(-1)!.coverage).toBe('whole');
    expect(result.summary).toBe(`共 ${result.signatures.length} 个签名，均有效`);
    expect(result.contract).toMatchObject({
      contractNo: contract.contractNo,
      companyName: '安居房产经纪有限公司',
      matchedBy: 'file',
    });
    const actions = result.contract!.events.map((event) => event.action);
    expect(actions).toContain('签字');
    expect(actions.at(-1)).toBe('数字签名封存');
    expect(result.contract!.events.at(-1)!.hashAfter).toBe(result.sha256);
    // 签署证明 as printed, without the source address or details (masked ID numbers).
    expect(Object.keys(result.contract!.events[0]!).sort()).toEqual([
      'action',
      'actor',
      'createTime',
      'hashAfter',
      'hashBefore',
    ]);
    // No mobile number anywhere; hashes are taken out first, since 11 digits in a row happen in hex.
    const printed = JSON.stringify(result).replace(/[0-9a-f]{32,}/gi, '');
    expect(printed).not.toMatch(/1[3-9]\d{9}/);
    for (const phone of ['13811112222', '13933334444', '13800000001']) expect(printed).not.toContain(phone);
    expect(await rowCounts()).toEqual(before);
  });

  it('reports a copy with one byte changed inside the signed range as changed, without the audit trail', async () => {
    const result = await report(tamper(contract.pdf));
    const first = result.signatures[0]!;
    expect(first).toMatchObject({ status: 'modified', statusText: '已被修改', isIntact: false });
    expect(first.problem).toContain('签名后文档被修改');
    expect(result.summary).toContain('被修改');
    expect(result.contract).toBeNull();
  });

  it('reports bytes appended after the last signature as a change after signing', async () => {
    const result = await report(appendUnsignedUpdate(contract.pdf));
    const last = result.signatures.at(-1)!;
    expect(last).toMatchObject({
      isIntact: true,
      isSignatureValid: true,
      coverage: 'modifiedAfter',
      coverageText: '签名后文档被修改',
      status: 'modified',
    });
    // The signed revision is still the product's: its trail is shown.
    expect(result.contract).toMatchObject({ contractNo: contract.contractNo, matchedBy: 'revision' });
  });

  it('reads a file signed by another tool (openssl CMS) and names its unknown issuer', async () => {
    for (const subFilter of ['adbe.pkcs7.detached', 'ETSI.CAdES.detached'] as const) {
      const result = await report(await foreignSignedPdf(foreign, { subFilter }));
      expect(result.signatures).toHaveLength(1);
      expect(result.signatures[0]).toMatchObject({
        subFilter,
        signerName: 'Foreign Signer',
        signerOrganization: 'Other Tool Ltd',
        issuers: [{ commonName: 'Foreign Test Root', organization: 'Other Tool Ltd' }],
        isTrusted: false,
        issuerText: '未知签发机构',
        isIntact: true,
        isSignatureValid: true,
        coverage: 'whole',
        status: 'unknownIssuer',
        statusText: '未知签发机构',
        reason: 'Signed with another tool',
        location: 'Elsewhere',
        timestamp: null,
      });
      expect(result.contract).toBeNull();
      const changed = await report(tamper(await foreignSignedPdf(foreign, { subFilter })));
      expect(changed.signatures[0]).toMatchObject({ status: 'modified', isIntact: false });
    }
  });

  it('says a PDF without signatures has none', async () => {
    const result = await report(await plainPdf(2));
    expect(result).toMatchObject({ summary: '该文件没有数字签名', signatures: [], contract: null });
  });

  it('refuses a file that is not a PDF, a broken cross-reference table and no file, storing nothing', async () => {
    const before = await rowCounts();
    expect(await verify(Buffer.from('hello, this is not a pdf'), 'note.pdf')).toMatchObject({
      code: 405,
      message: '不是有效的PDF文件',
    });
    const plain = await plainPdf(1);
    const at = plain.lastIndexOf('startxref');
    const broken = Buffer.concat([plain.subarray(0, at), Buffer.from('startxref\n999999999\n%%EOF\n')]);
    expect(await verify(broken)).toMatchObject({
      code: 405,
      message: 'PDF文件结构已损坏（交叉引用表无法读取），无法验签',
    });
    const xrefGone = Buffer.from(plain);
    xrefGone.write('xxxx', plain.lastIndexOf('xref\n0 '), 'latin1');
    expect((await verify(xrefGone)).message).toBe('PDF文件结构已损坏（交叉引用表无法读取），无法验签');
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/verify/verifyPdfSignatures',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="other"\r\n\r\n1\r\n--x--\r\n',
    });
    expect(empty.json<Envelope>()).toMatchObject({ code: 405 });
    expect(empty.json<Envelope>().message).toContain('验签文件');
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses a file over 50 MB with a size message before reading it', async () => {
    const before = await rowCounts();
    const big = Buffer.alloc(50 * 1024 * 1024 + 1, 0x20);
    big.write('%PDF-1.7\n', 0, 'latin1');
    expect(await verify(big)).toMatchObject({ code: 405, message: '上传文件过大（超过 50 MB）' });
    expect(await rowCounts()).toEqual(before);
  }, 60_000);
});
