import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../support/test-app';
import { createDatabaseStorage } from '../../server/storage/files';
import { signSeals, signingAuthorities } from '../../server/db/schema-signing';
import { idCard, strokePng } from '../support/test-data';
import { inProcessSigning } from '../support/signed-contract';
import { expectStandAloneSignatures } from '../support/pades-tokens';

type Headers = Record<string, string>;

const signatureImage = `data:image/png;base64,${strokePng().toString('base64')}`;
const sellerId = idCard('11010519491231002');

function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString('utf8');
}

describe('signing for real: links, seals, the signed and sealed PDF', () => {
  let t: TestApp;
  let manager: Headers;
  let managerB: Headers;
  let saleBoxId: number;
  let nssDir: string;

  let signing: ReturnType<typeof inProcessSigning>;
  const get = (url: string, headers: Headers, query: Record<string, string> = {}) =>
    signing.get(url, headers, query);
  const post = (url: string, headers: Headers, body: unknown) => signing.post(url, headers, body);
  const lastCode = (phone: string) => signing.lastCode(phone);
  const download = (url: string) => signing.download(url);
  const startContract = () => signing.startContract(manager, saleBoxId);
  const signByLink = (hash: string, phone: string) => signing.signByLink(manager, hash, phone);

  beforeAll(async () => {
    t = await createTestApp();
    signing = inProcessSigning(t);
    manager = await login(t.app, '13800000000');
    managerB = await login(t.app, '13900000000');
    saleBoxId = await signing.saleBoxId(manager);
    nssDir = mkdtempSync(join(tmpdir(), 'signing-nss-'));
  }, 120_000);
  afterAll(async () => {
    rmSync(nssDir, { recursive: true, force: true });
    await t.close();
  });

  it('registers the company, creates a contract seal after an SMS code and authorises seal-free signing', async () => {
    const license = await createDatabaseStorage(t.database.db).save(strokePng(), 'license.png', ['png']);
    expect((await get('/sign/companyInfo', manager)).data).toMatchObject({
      regState: null,
      defaultSignBodyId: null,
    });
    const bad = await post('/sign/regCompanyInfo', manager, {
      legalRepName: '张经理',
      legalPhone: '13800000000',
      corpName: '安居房产经纪有限公司',
      corpIdentNo: '91440300MA5F000001',
      corpIdentType: 1,
      corpIdentMethod: 2,
      licenseUrl: license.url,
    });
    expect(bad.code).toBe(405);
    expect(bad.message).toContain('oprUserName');
    const operatorIdNo = idCard('44030419850101123');
    const faceCheck = async (name: string, idNo: string, pass: boolean) => {
      const started = await post('/sign/getFaceUrl', manager, { name, idNo });
      expect(started.code, started.message).toBe(200);
      const { faceId } = started.data as { faceId: string };
      await post('/sandbox/faceDecide', {}, { faceId, pass });
      return faceId;
    };
    const registration = (faceId: string) => ({
      legalRepName: '张经理',
      legalPhone: '13800000000',
      corpName: '安居房产经纪有限公司',
      corpIdentNo: '91440300MA5F000001',
      corpIdentType: 1,
      corpIdentMethod: 2,
      oprUserName: '王店长',
      oprUserIdentNo: operatorIdNo,
      oprUserMobile: '13800000001',
      licenseUrl: license.url,
      faceId,
    });
    // The agent must have passed the face check, as the agent: a failed check or someone else's is refused.
    const failed = await post(
      '/sign/regCompanyInfo',
      manager,
      registration(await faceCheck('王店长', operatorIdNo, false)),
    );
    expect(failed).toMatchObject({ code: 405, message: '人脸核身未通过，请重新核身' });
    const someoneElse = await post(
      '/sign/regCompanyInfo',
      manager,
      registration(await faceCheck('李主管', idCard('44030419860202123'), true)),
    );
    expect(someoneElse).toMatchObject({ code: 400020, data: '王店长' });
    expect((await get('/sign/signRegCompanyPosts', manager)).data).toEqual([]);
    const registered = await post(
      '/sign/regCompanyInfo',
      manager,
      registration(await faceCheck('王店长', operatorIdNo, true)),
    );
    expect(registered.code, registered.message).toBe(200);
    const { etcomid, signBodyId } = registered.data as { etcomid: string; signBodyId: number };
    expect((await get('/sign/companyInfo', manager)).data).toMatchObject({
      regState: 1,
      defaultSignBodyId: signBodyId,
    });
    const bodies = await get('/sign/signRegCompanyPosts', manager);
    const agentCode = (bodies.data as { agentCode: string }[])[0]!.agentCode;

    const wrongCode = await post('/sign/createSignature', manager, {
      name: '合同专用章',
      agentCode,
      etcomid,
      vercode: '000000',
      sealType: 2,
    });
    expect(wrongCode.code).toBe(405);
    expect((await get('/sign/Verification', manager, { mobileNo: '13800000001' })).code).toBe(200);
    const created = await post('/sign/createSignature', manager, {
      name: '合同专用章',
      agentCode,
      etcomid,
      vercode: lastCode('13800000001'),
      sealType: 2,
    });
    expect(created.code, created.message).toBe(200);
    const seal = created.data as { sealId: number; sealUrl: string; sealType: number };
    expect(seal.sealType).toBe(2);
    expect((await download(seal.sealUrl)).subarray(1, 4).toString()).toBe('PNG');
    const seals = await get('/sign/signaturePosts', manager, { sealType: '2' });
    expect(seals.total).toBe(1);
    expect((await get('/sign/signaturePosts', managerB)).total).toBe(0);

    const waiting = await get('/seal/regSealWaitAuthList', manager);
    expect(waiting.total).toBe(1);
    const authorised = await post('/seal/sealAuthFreeSign', manager, {});
    expect(authorised.code, authorised.message).toBe(200);
    expect((authorised.data as { sealIds: number[] }).sealIds).toEqual([seal.sealId]);
    expect((await post('/seal/sealAuthFreeSign', manager, {})).code).toBe(405);
    expect((await get('/sign/signSelectBody', manager)).data).toHaveLength(1);
  });

  it('renders the contract with its Chinese text and numbers, and refuses links of another company', async () => {
    const { hashes } = await startContract();
    const landing = await get(`/sign/${hashes[1]}`, manager);
    expect(landing.code, landing.message).toBe(200);
    const { previewUrl, signatory } = landing.data as { previewUrl: string; signatory: { name: string } };
    expect(signatory.name).toBe('张三');
    const text = pdfText(await download(previewUrl));
    expect(text).toContain('二手房买卖合同');
    expect(text).toContain('3200000');
    expect(text).toContain('阳光花园');
    expect(text).toContain('签署页');
    // The template's card title fields are shown by value, not by name.
    expect(text).toContain('阳光花园 · 李四');
    expect(text).not.toContain('property.houseName');
    // Choices read as their labels, the price also in capitals (大写).
    const flat = text.replace(/\s+/g, '');
    expect(flat).toContain('付款方式：商业贷款');
    expect(flat).toContain('（大写：叁佰贰拾万元整）');
    // The template's widget fields are written in their sentences.
    expect(flat).toContain('该房屋土地使用权（产权）年限为70年');
    expect(flat).toContain('专项维修资金（维修基金）5000元');
    expect((await get(`/sign/${hashes[1]}`, managerB)).code).toBe(404);
    expect((await get('/sign/signLinkCode', managerB, { hash: hashes[1]! })).code).toBe(404);
  });

  it('signs with SMS codes; refuses wrong codes and second attempts; the last signature seals a PDF pdfsig trusts', async () => {
    const { contractId, hashes } = await startContract();
    t.clock.advance(61_000);
    await get('/sign/signLinkCode', manager, { hash: hashes[1]! });
    const wrong = await post('/sign/signByHash', manager, {
      hash: hashes[1],
      verificationCode: lastCode('13811112222') === '000000' ? '111111' : '000000',
      signatureKind: 1,
      signatureImage,
    });
    expect(wrong.code).toBe(405);
    let info = await get('/sign/getSignInfo', manager, { contractId: String(contractId) });
    expect((info.data as { signedCount: number }).signedCount).toBe(0);

    const first = await signByLink(hashes[1]!, '13811112222');
    expect(first.code, first.message).toBe(200);
    expect((first.data as { state: number }).state).toBe(7);
    expect((await get('/sign/signLinkCode', manager, { hash: hashes[1]! })).code).toBe(409);
    const again = await post('/sign/signByHash', manager, {
      hash: hashes[1],
      verificationCode: '123456',
      signatureKind: 2,
      signatureImage,
    });
    expect(again).toMatchObject({ code: 409, message: '您已签署，请勿重复签署' });

    const last = await signByLink(hashes[2]!, '13933334444');
    expect(last.code, last.message).toBe(200);
    const result = last.data as { state: number; previewUrl: string };
    expect(result.state).toBe(8);
    info = await get('/sign/getSignInfo', manager, { contractId: String(contractId) });
    expect(info.data).toMatchObject({ state: 8, signedCount: 3, signerCount: 3 });

    const sealed = await download(result.previewUrl);
    const text = pdfText(sealed);
    expect(text).toContain('签署证明');
    expect(text).toContain('数字签名');
    expect(text).toContain('张三');

    const [ca] = await t.database.db
      .select()
      .from(signingAuthorities)
      .where(eq(signingAuthorities.key, 'root'));
    writeFileSync(join(nssDir, 'ca.pem'), ca!.certPem);
    execFileSync('certutil', ['-N', '-d', `sql:${nssDir}`, '--empty-password']);
    execFileSync('certutil', [
      '-A',
      '-n',
      'anjuqian-ca',
      '-t',
      'CT,C,C',
      '-i',
      join(nssDir, 'ca.pem'),
      '-d',
      `sql:${nssDir}`,
    ]);
    const pdfPath = join(nssDir, 'signed.pdf');
    writeFileSync(pdfPath, sealed);
    const report = spawnSync('pdfsig', ['-nssdir', `sql:${nssDir}`, pdfPath]).stdout.toString();
    expect(report).toContain('Signature is Valid');
    expect(report).toContain('Certificate is Trusted');
    expect(report).toContain('Total document signed');
    expect(report).toContain('安居房产经纪有限公司');
    // Each signing is its own PAdES B-T signature (issue 39): 张三 and 李四 with their own one-day
    // certificates, the 居间方's seal-free seal and 签署证明 with the company's, each timestamped.
    const own = expectStandAloneSignatures(sealed, await t.tsa.chainPem(), [
      '张三',
      '李四',
      '安居房产经纪有限公司',
      '安居房产经纪有限公司',
    ]);
    expect(own.split(/^Signature #\d+:/m)).toHaveLength(5);

    // One byte changed inside the signed range: pdfsig no longer accepts it.
    const tampered = Buffer.from(sealed);
    const at = tampered.indexOf('/Producer');
    tampered[at + 2] = tampered[at + 2]! ^ 0x01;
    writeFileSync(pdfPath, tampered);
    const tamperedReport = spawnSync('pdfsig', ['-nssdir', `sql:${nssDir}`, pdfPath]).stdout.toString();
    expect(tamperedReport).not.toContain('Signature is Valid');

    const trail = await get('/sign/signAuditTrail', manager, { contractId: String(contractId) });
    const events = trail.data as { action: string; hashBefore: string | null; hashAfter: string | null }[];
    expect(events.map((event) => event.action)).toEqual([
      '生成合同文件',
      '签字',
      '签字',
      '盖章',
      '数字签名封存',
    ]);
    for (let i = 1; i < events.length; i += 1) expect(events[i]!.hashBefore).toBe(events[i - 1]!.hashAfter);
    await expect(t.database.db.execute(sql`update sign_audit_events set actor = 'x'`)).rejects.toThrow();
  }, 120_000);

  it('refuses an expired link without changing anything', async () => {
    const { contractId, hashes } = await startContract();
    t.clock.advance(8 * 24 * 60 * 60 * 1000);
    manager = await login(t.app, '13800000000');
    const sent = await get('/sign/signLinkCode', manager, { hash: hashes[1]! });
    expect(sent.code).toBe(405);
    expect(sent.message).toContain('过期');
    const info = await get('/sign/getSignInfo', manager, { contractId: String(contractId) });
    expect((info.data as { signedCount: number }).signedCount).toBe(0);
  });

  it("lists the seals whose seal-free authorisation ran out in the sign app's pay status, and only the company's own", async () => {
    const before = await get('/search/appUseSwitch', manager, { payStatusId: '6' });
    expect(before.data).toMatchObject({ type: 0, expiredSeals: [] });
    const past = new Date(t.clock.now().getTime() - 24 * 60 * 60 * 1000);
    await t.database.db
      .update(signSeals)
      .set({ authFreeUntil: past })
      .where(eq(signSeals.title, '合同专用章'));
    const after = await get('/search/appUseSwitch', manager, { payStatusId: '6' });
    const expired = (
      after.data as { expiredSeals: { sealTitle: string; sealUrl: string; expiredAt: string }[] }
    ).expiredSeals;
    expect(expired).toHaveLength(1);
    expect(expired[0]?.sealTitle).toBe('合同专用章');
    expect(expired[0]?.sealUrl).toMatch(/^\/files\//);
    expect((await get('/search/appUseSwitch', manager, { payStatusId: '1' })).data).toMatchObject({
      expiredSeals: [],
    });
    managerB = await login(t.app, '13900000000');
    const other = await get('/search/appUseSwitch', managerB, { payStatusId: '6' });
    expect(other.code, other.message).toBe(200);
    expect((other.data as { expiredSeals: unknown[] }).expiredSeals).toEqual([]);
  });

  it('needs a name and a valid ID number before face verification; a wrong identity gives 400020', async () => {
    const { hashes } = await startContract();
    const invalid = await post('/sign/getFaceUrl', manager, { name: '张三', idNo: '110105194912310021' });
    expect(invalid.code).toBe(405);
    const wrong = await post('/sign/getFaceUrl', manager, { name: '王五', idNo: sellerId, hash: hashes[1] });
    expect(wrong).toMatchObject({ code: 400020, data: '王五' });
    const started = await post('/sign/getFaceUrl', manager, {
      name: '张三',
      idNo: sellerId,
      hash: hashes[1],
    });
    expect(started.code, started.message).toBe(200);
    const { faceId } = started.data as { faceId: string };
    expect((await get('/sign/getFaceStatus', manager, { faceId })).data).toMatchObject({ status: 0 });
    await post('/sandbox/faceDecide', {}, { faceId, pass: false });
    expect((await get('/sign/getFaceStatus', manager, { faceId })).data).toMatchObject({ status: 2 });
  });
});
