/**
 * Quick signing, a person the initiator left to fill in their own details (fillMethods 2, 对方填写):
 * the signing link refuses to sign until the party has given a certificate type and a valid number
 * (the ID card by its checksum), without using up the SMS code; then the certificate is kept on the
 * signatory and shown in the audit trail and on the certificate of completion (签署证明).
 */
import { execFileSync } from 'node:child_process';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../support/test-app';
import { idCard, strokePng } from '../support/test-data';

type Headers = Record<string, string>;
type Envelope = { code: number; message: string; data?: unknown };
type Signatory = {
  role: number;
  subjectType: number;
  name: string;
  hash: string;
  certType: number | null;
  certNo: string | null;
};

const signatureImage = `data:image/png;base64,${strokePng().toString('base64')}`;
const ownId = idCard('11010519491231002');

async function onePagePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595.28, 841.89]).drawText('Lease agreement', { x: 60, y: 760, size: 18, font });
  return Buffer.from(await doc.save());
}

describe('quick signing: a party who fills in their own certificate (fillMethods 2)', () => {
  let t: TestApp;
  let manager: Headers;

  const get = (url: string, query: Record<string, string> = {}) =>
    call(t.app, 'GET', url, { headers: manager, query });
  const post = (url: string, body: unknown) => call(t.app, 'POST', url, { headers: manager, body });
  const lastCode = (phone: string) =>
    /(\d{6})/.exec([...t.sms.sent].reverse().find((sent) => sent.phone === phone)?.content ?? '')?.[1] ?? '';

  async function upload(): Promise<string> {
    const boundary = '----identity-boundary';
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/fileSign/fileSignUploadFile',
      headers: { ...manager, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="lease.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        await onePagePdf(),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    const result = response.json<Envelope>();
    expect(result.code, result.message).toBe(200);
    return (result.data as { contractsysId: string }).contractsysId;
  }

  beforeAll(async () => {
    t = await createTestApp();
    manager = await login(t.app, '13800000000');
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('refuses to sign until the certificate is given, keeps it on the signatory and in the audit trail', async () => {
    const contractsysId = await upload();
    const saved = await post('/fileSign/fileSignPersonalActorUpdate', {
      contractsysId,
      fillMethods: 2,
      name: '陈二',
      phone: '13711113333',
    });
    expect(saved.code, saved.message).toBe(200);
    const actor = saved.data as { actorId: number; certNo: string | null };
    expect(actor.certNo).toBeNull();
    const started = await post('/fileSign/fileSignStart', {
      contractsysId,
      contractName: '自行填写证件的快速签署',
      watermarkType: 0,
      positions: [
        { actorId: actor.actorId, pageNo: 1, positionType: 1, x: 60, y: 300, width: 150, height: 80 },
      ],
    });
    expect(started.code, started.message).toBe(200);
    const { contractId } = started.data as { contractId: number };
    const signing = await post('/fileSign/fileSignContractStart', { contractId, type: 2 });
    expect(signing.code, signing.message).toBe(200);

    const info = await get('/sign/getSignInfo', { contractId: String(contractId) });
    const [party] = (info.data as { signatories: Signatory[] }).signatories;
    expect(party).toMatchObject({ role: 8, subjectType: 1, name: '陈二', certType: null, certNo: null });
    const landing = await get(`/sign/${party!.hash}`);
    expect(landing.data).toMatchObject({ signatory: { certType: null, certNo: null } });

    expect((await get('/sign/signLinkCode', { hash: party!.hash })).code).toBe(200);
    const code = lastCode('13711113333');
    const sign = (extra: Record<string, unknown>) =>
      post('/sign/signByHash', {
        hash: party!.hash,
        verificationCode: code,
        signatureKind: 1,
        signatureImage,
        ...extra,
      });
    expect(await sign({})).toMatchObject({ code: 405, message: '请选择证件类型（certType）' });
    expect(await sign({ certType: 1 })).toMatchObject({ code: 405, message: '请输入证件号码（certNo）' });
    const wrongCheck = `${ownId.slice(0, 17)}${ownId.endsWith('0') ? '1' : '0'}`;
    expect(await sign({ certType: 1, certNo: wrongCheck })).toMatchObject({
      code: 405,
      message: '居民身份证号码格式不正确（certNo）',
    });
    expect(await sign({ certType: 2, certNo: 'E1' })).toMatchObject({
      code: 405,
      message: '护照号码格式不正确（certNo）',
    });
    // Nothing changed meanwhile: still unsigned, the code still unused.
    const unsigned = await get('/sign/getSignInfo', { contractId: String(contractId) });
    expect((unsigned.data as { signedCount: number }).signedCount).toBe(0);

    const signed = await sign({ certType: 1, certNo: ` ${ownId.toLowerCase()} ` });
    expect(signed.code, signed.message).toBe(200);
    const done = signed.data as { state: number; previewUrl: string };
    expect(done.state).toBe(8);

    const after = await get('/sign/getSignInfo', { contractId: String(contractId) });
    const [kept] = (after.data as { signatories: Signatory[] }).signatories;
    expect(kept?.certType).toBe(1);
    expect(kept?.certNo).toMatch(new RegExp(`^${ownId.slice(0, 3)}\\d?\\*+${ownId.slice(-4)}$`));

    const trail = await get('/sign/signAuditTrail', { contractId: String(contractId) });
    const signature = (trail.data as { action: string; detail: string }[]).find(
      (event) => event.action === '签字',
    );
    expect(signature?.detail).toContain(`签署方自行填写证件：居民身份证 ${ownId.slice(0, 3)}`);
    expect(signature?.detail).toContain(ownId.slice(-4));
    expect(signature?.detail).not.toContain(ownId);

    const sealed = (await t.app.inject({ method: 'GET', url: done.previewUrl })).rawPayload;
    const text = execFileSync('pdftotext', ['-', '-'], { input: sealed }).toString('utf8');
    expect(text).toContain('签署证明');
    expect(text).toContain('签署方自行填写证件');
    expect(text).toContain('居民身份证');
  }, 120_000);

  it('does not ask a person whose certificate the initiator filled in (fillMethods 1)', async () => {
    const contractsysId = await upload();
    const saved = await post('/fileSign/fileSignPersonalActorUpdate', {
      contractsysId,
      fillMethods: 1,
      name: '陈三',
      phone: '13711114444',
      certType: 1,
      certNo: idCard('44030419900101123'),
    });
    expect(saved.code, saved.message).toBe(200);
    const actorId = (saved.data as { actorId: number }).actorId;
    const started = await post('/fileSign/fileSignStart', {
      contractsysId,
      contractName: '发起方填写证件的快速签署',
      watermarkType: 0,
      positions: [{ actorId, pageNo: 1, positionType: 1, x: 60, y: 300, width: 150, height: 80 }],
    });
    const { contractId } = started.data as { contractId: number };
    expect((await post('/fileSign/fileSignContractStart', { contractId, type: 2 })).code).toBe(200);
    const info = await get('/sign/getSignInfo', { contractId: String(contractId) });
    const [party] = (info.data as { signatories: Signatory[] }).signatories;
    t.clock.advance(61_000);
    expect((await get('/sign/signLinkCode', { hash: party!.hash })).code).toBe(200);
    const signed = await post('/sign/signByHash', {
      hash: party!.hash,
      verificationCode: lastCode('13711114444'),
      signatureKind: 2,
      signatureImage,
    });
    expect(signed.code, signed.message).toBe(200);
  }, 120_000);
});
