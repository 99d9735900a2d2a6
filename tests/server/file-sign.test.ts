import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../support/test-app';
import { signingAuthorities } from '../../server/db/schema-signing';
import { users } from '../../server/db/schema';
import { idCard, strokePng } from '../support/test-data';

type Headers = Record<string, string>;
type Envelope = { code: number; message: string; data?: unknown; total?: number };
type UploadedFile = {
  contractsysId: string;
  fileName: string;
  fileUrl: string;
  pageCount: number;
  pages: { pageNo: number; width: number; height: number; imageUrl: string }[];
};
type Actor = { actorId: number; actorType: number; sortNo: number; name: string; complete: number };

async function twoPagePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const text of ['Lease agreement page one', 'Signature page two']) {
    const page = doc.addPage([595.28, 841.89]);
    page.drawText(text, { x: 60, y: 760, size: 18, font });
  }
  return Buffer.from(await doc.save());
}

function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString('utf8');
}

/** In content-stream order: the rotated watermark comes back as one string. */
function pdfRawText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-raw', '-', '-'], { input: pdf }).toString('utf8');
}

const signatureImage = `data:image/png;base64,${strokePng().toString('base64')}`;
const personId = idCard('11010519491231002');
const operatorId = idCard('44030419850101123');

describe('quick file-based signing (快速签署)', () => {
  let t: TestApp;
  let manager: Headers;
  let managerB: Headers;
  let work: string;
  let pdf: Buffer;

  const get = (url: string, headers: Headers, query: Record<string, string> = {}) =>
    call(t.app, 'GET', url, { headers, query });
  const post = (url: string, headers: Headers, body: unknown) => call(t.app, 'POST', url, { headers, body });
  const lastCode = (phone: string) => {
    const message = [...t.sms.sent].reverse().find((sent) => sent.phone === phone);
    return (
      /验证码\D*(\d{6})|(\d{6})/
        .exec(message?.content ?? '')
        ?.slice(1)
        .find(Boolean) ?? ''
    );
  };
  const download = async (url: string) => (await t.app.inject({ method: 'GET', url })).rawPayload;

  async function upload(headers: Headers, name: string, data: Buffer, contractsysId?: string) {
    const boundary = '----file-sign-boundary';
    const parts = [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${encodeURIComponent(name) === name ? name : name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      data,
      Buffer.from('\r\n'),
    ];
    if (contractsysId)
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="contractsysId"\r\n\r\n${contractsysId}\r\n`,
        ),
      );
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/fileSign/fileSignUploadFile',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat(parts),
    });
    return response.json<Envelope>();
  }

  async function uploaded(headers: Headers, name: string, data: Buffer): Promise<UploadedFile> {
    const result = await upload(headers, name, data);
    expect(result.code, result.message).toBe(200);
    return result.data as UploadedFile;
  }

  async function addParties(contractsysId: string) {
    const person = await post('/fileSign/fileSignPersonalActorUpdate', manager, {
      contractsysId,
      fillMethods: 1,
      name: '陈一',
      phone: '13711112222',
      certType: 1,
      certNo: personId,
    });
    expect(person.code, person.message).toBe(200);
    const company = await post('/fileSign/fileSignCropActorAdd1', manager, {
      contractsysId,
      cropName: '深圳市好房置业有限公司',
    });
    expect(company.code, company.message).toBe(200);
    const companyActor = company.data as Actor;
    const operator = await post('/fileSign/fileSignCropActorAdd2', manager, {
      contractsysId,
      actorId: companyActor.actorId,
      name: '王经办',
      phone: '13722223333',
    });
    expect(operator.code, operator.message).toBe(200);
    return { person: person.data as Actor, company: operator.data as Actor };
  }

  async function balance(): Promise<number> {
    return ((await get('/sign/companyInfo', manager)).data as { signBalance: number }).signBalance;
  }

  const positionsFor = (person: Actor, company: Actor) => [
    { actorId: person.actorId, pageNo: 2, positionType: 1, x: 60, y: 500, width: 150, height: 80 },
    { actorId: company.actorId, pageNo: 2, positionType: 1, x: 60, y: 300, width: 150, height: 80 },
    { actorId: company.actorId, pageNo: 2, positionType: 2, x: 330, y: 260, width: 150, height: 150 },
  ];

  beforeAll(async () => {
    t = await createTestApp();
    manager = await login(t.app, '13800000000');
    managerB = await login(t.app, '13900000000');
    work = mkdtempSync(join(tmpdir(), 'file-sign-test-'));
    pdf = await twoPagePdf();
  }, 120_000);
  afterAll(async () => {
    rmSync(work, { recursive: true, force: true });
    await t.close();
  });

  it('accepts one pdf, image or Word file checked by content, and turns it into PDF pages with previews', async () => {
    const fromPdf = await uploaded(manager, '租赁合同.pdf', pdf);
    expect(fromPdf).toMatchObject({ fileName: '租赁合同.pdf', pageCount: 2 });
    expect(fromPdf.pages[0]).toMatchObject({ pageNo: 1, width: 595.28, height: 841.89 });
    const preview = await download(fromPdf.pages[1]!.imageUrl);
    expect(preview.subarray(1, 4).toString()).toBe('PNG');
    // 72 dpi: one preview pixel is one PDF point.
    expect(Math.abs(((await sharp(preview).metadata()).width ?? 0) - 595.28)).toBeLessThan(1);

    const png = strokePng(300, 100);
    const fromPng = await uploaded(manager, '收据.png', png);
    expect(fromPng.pages).toHaveLength(1);
    expect(fromPng.pages[0]).toMatchObject({ width: 300, height: 100 });
    const fromWebp = await uploaded(manager, '照片.webp', await sharp(png).webp().toBuffer());
    expect(fromWebp.pages[0]).toMatchObject({ width: 300, height: 100 });
    const fromGif = await uploaded(manager, '扫描件.gif', await sharp(png).gif().toBuffer());
    expect(fromGif.pages[0]).toMatchObject({ width: 300, height: 100 });
    const fromJpeg = await uploaded(manager, '扫描件.jpeg', await sharp(png).jpeg().toBuffer());
    expect(pdfText(await download(fromJpeg.fileUrl))).not.toContain('Lease');

    writeFileSync(join(work, 'contract.txt'), 'House lease contract 2026\nRent 4500 per month\n');
    execFileSync('soffice', [
      '--headless',
      `-env:UserInstallation=file://${join(work, 'profile')}`,
      '--convert-to',
      'docx',
      '--outdir',
      work,
      join(work, 'contract.txt'),
    ]);
    const docx = readFileSync(join(work, 'contract.docx'));
    const fromDocx = await uploaded(manager, '房屋租赁合同.docx', docx);
    expect(fromDocx.pageCount).toBeGreaterThanOrEqual(1);
    expect(pdfText(await download(fromDocx.fileUrl))).toContain('Rent 4500 per month');

    expect(await upload(manager, 'notes.txt', Buffer.from('hello'))).toMatchObject({
      code: 405,
      message: '仅支持 doc、docx、pdf、png、jpg、jpeg、webp、gif 格式的文件',
    });
    expect(await upload(manager, 'fake.pdf', png)).toMatchObject({
      code: 405,
      message: '文件内容与扩展名不符，请重新选择',
    });
    const brokenDocx = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('word/ broken')]);
    const broken = await upload(manager, 'broken.docx', brokenDocx);
    expect(broken.code).toBe(405);
    expect(broken.message).toContain('Word 文件');
  }, 120_000);

  it('offers the latest unfinished record; uploading without a record gives the old one up (重新填写)', async () => {
    const first = await uploaded(manager, '第一份.pdf', pdf);
    let state = await get('/fileSign/fileSignContractState', manager);
    expect(state.data).toMatchObject({
      state: 1,
      record: { contractsysId: first.contractsysId, contractName: '第一份', actorCount: 0 },
    });
    expect((await get('/fileSign/fileSignContractState', managerB)).data).toMatchObject({ state: 0 });
    const second = await uploaded(manager, '第二份.pdf', pdf);
    state = await get('/fileSign/fileSignContractState', manager);
    expect(state.data).toMatchObject({ record: { contractsysId: second.contractsysId } });
    expect(
      (await get('/fileSign/getFileSignContract', manager, { contractsysId: first.contractsysId })).code,
    ).toBe(404);
    // Replacing the file of the record keeps the record (继续) and drops its positions.
    const replaced = await upload(manager, '第二份（改）.png', strokePng(), second.contractsysId);
    expect(replaced.code, replaced.message).toBe(200);
    const record = await get('/fileSign/getFileSignContract', manager, {
      contractsysId: second.contractsysId,
    });
    expect(record.data).toMatchObject({
      contractsysId: second.contractsysId,
      contractId: null,
      contractName: '第二份',
      signDeadline: 7,
      signOrder: 2,
      showSignDate: 1,
      watermarkType: 2,
      file: { fileName: '第二份（改）.png', pageCount: 1 },
      positions: [],
    });
    expect(
      (await get('/fileSign/getFileSignContract', managerB, { contractsysId: second.contractsysId })).code,
    ).toBe(404);
  });

  it('checks parties: phone required, certificates by type, operators in two steps, contacts remembered', async () => {
    const { contractsysId } = await uploaded(manager, '签署方.pdf', pdf);
    const noPhone = await post('/fileSign/fileSignPersonalActorUpdate', manager, {
      contractsysId,
      fillMethods: 2,
      name: '赵二',
    });
    expect(noPhone.code).toBe(405);
    expect(noPhone.message).toBe('请求参数错误：缺少必填字段：手机号（phone）');
    const noCert = await post('/fileSign/fileSignPersonalActorUpdate', manager, {
      contractsysId,
      fillMethods: 1,
      name: '赵二',
      phone: '13755556666',
    });
    expect(noCert.code).toBe(405);
    expect(noCert.message).toContain('certType');
    const badId = await post('/fileSign/fileSignPersonalActorUpdate', manager, {
      contractsysId,
      fillMethods: 1,
      name: '赵二',
      phone: '13755556666',
      certType: 1,
      certNo: '110105194912310021',
    });
    expect(badId).toMatchObject({ code: 405, message: '证件号码（certNo）格式不正确' });
    const other = await post('/fileSign/fileSignPersonalActorUpdate', manager, {
      contractsysId,
      fillMethods: 2,
      name: '赵二',
      phone: '13755556666',
    });
    expect(other.code, other.message).toBe(200);
    expect(other.data).toMatchObject({ actorType: 1, sortNo: 1, fillMethods: 2, certNo: null, complete: 1 });
    const otherId = (other.data as Actor).actorId;
    const samePhone = await post('/fileSign/fileSignPersonalActorUpdate', manager, {
      contractsysId,
      fillMethods: 2,
      name: '赵三',
      phone: '13755556666',
    });
    expect(samePhone).toMatchObject({ code: 405, message: '手机号 13755556666 已是本合同的签署方' });

    const step1 = await post('/fileSign/fileSignCropActorAdd1', manager, {
      contractsysId,
      cropName: '安心物业',
    });
    expect(step1.data).toMatchObject({
      actorType: 2,
      sortNo: 2,
      complete: 0,
      cropName: '安心物业',
      name: '',
    });
    const companyId = (step1.data as Actor).actorId;
    const noOperator = await post('/fileSign/fileSignCropActorAdd2', manager, {
      contractsysId,
      actorId: companyId,
      name: '  ',
      phone: '13766667777',
    });
    expect(noOperator).toMatchObject({ code: 405, message: '请输入经办人人名' });
    const step2 = await post('/fileSign/fileSignCropActorAdd2', manager, {
      contractsysId,
      actorId: companyId,
      name: '钱经办',
      phone: '13766667777',
    });
    expect(step2.data).toMatchObject({ complete: 1, name: '钱经办', phone: '13766667777' });
    const renamed = await post('/fileSign/fileSignCropActorUpdate', manager, {
      contractsysId,
      actorId: companyId,
      cropName: '安心物业管理有限公司',
      name: '钱经办',
      phone: '13766667777',
    });
    expect(renamed.data).toMatchObject({ cropName: '安心物业管理有限公司' });

    const detail = await post('/fileSign/fileSignGetPersonalActor', manager, {
      contractsysId,
      actorId: otherId,
    });
    expect(detail.data).toMatchObject({ name: '赵二', phone: '13755556666', fillMethods: 2, contractsysId });
    expect(
      (await post('/fileSign/fileSignGetPersonalActor', manager, { contractsysId, actorId: companyId })).code,
    ).toBe(404);
    expect(
      (await post('/fileSign/fileSignGetPersonalActor', managerB, { contractsysId, actorId: otherId })).code,
    ).toBe(404);

    const people = await get('/fileSign/fileSignPersonalActorContactsList', manager, { key: '赵' });
    expect(people.total).toBe(1);
    expect(people.data).toMatchObject([{ name: '赵二', phone: '13755556666' }]);
    const companies = await get('/fileSign/fileSignCropActorContactsList', manager, { key: '安心' });
    // The latest first; the name before the change stays a contact of its own.
    expect(companies.data).toMatchObject([
      { cropName: '安心物业管理有限公司', name: '钱经办' },
      { cropName: '安心物业', name: '钱经办' },
    ]);
    expect((await get('/fileSign/fileSignCropActorContactsList', managerB)).total).toBe(0);

    const removed = await post('/fileSign/fileSignPersonalActorDelete', manager, {
      contractsysId,
      actorId: otherId,
    });
    expect(removed.code, removed.message).toBe(200);
    const list = await get('/fileSign/fileSignActorList', manager, { contractsysId });
    expect(list.total).toBe(1);
    expect(list.data).toMatchObject([{ actorId: companyId, sortNo: 1 }]);
  });

  it('starts with the seed defaults and refuses an empty name, missing boxes and boxes off the page', async () => {
    const { contractsysId } = await uploaded(manager, '设置.pdf', pdf);
    const { person, company } = await addParties(contractsysId);
    const positions = positionsFor(person, company);
    const base = { contractsysId, watermark: '仅供签约使用', positions };
    expect(await post('/fileSign/fileSignStart', manager, { ...base, contractName: '  ' })).toMatchObject({
      code: 405,
      message: '请输入合同名称',
    });
    const noSeal = await post('/fileSign/fileSignStart', manager, {
      ...base,
      contractName: '房屋租赁合同',
      positions: positions.slice(0, 2),
    });
    expect(noSeal).toMatchObject({
      code: 405,
      message: '请为企业签署方「深圳市好房置业有限公司」设置盖章位置',
    });
    const personSeal = await post('/fileSign/fileSignStart', manager, {
      ...base,
      contractName: '房屋租赁合同',
      positions: [...positions, { ...positions[0]!, positionType: 2 }],
    });
    expect(personSeal).toMatchObject({ code: 405, message: '个人签署方「陈一」只能设置签字位置' });
    const offPage = await post('/fileSign/fileSignStart', manager, {
      ...base,
      contractName: '房屋租赁合同',
      positions: [...positions, { ...positions[0]!, x: 500 }],
    });
    expect(offPage).toMatchObject({ code: 405, message: '第 4 个签署位置超出第 2 页的范围' });
    const noWatermark = await post('/fileSign/fileSignStart', manager, {
      contractsysId,
      contractName: '房屋租赁合同',
      positions,
    });
    expect(noWatermark.code).toBe(405);
    expect(noWatermark.message).toContain('watermark');

    // The wizard's draft: boxes and settings kept before the start, for 继续.
    const offPageDraft = await post('/fileSign/fileSignDraftSave', manager, {
      contractsysId,
      positions: [{ ...positions[0]!, pageNo: 3 }],
    });
    expect(offPageDraft).toMatchObject({
      code: 405,
      message: '第 1 个签署位置的页码（pageNo）超出文件页数（共 2 页）',
    });
    const draft = await post('/fileSign/fileSignDraftSave', manager, {
      contractsysId,
      contractName: '草稿名称',
      watermarkType: 1,
      positions: positions.slice(0, 1),
    });
    expect(draft.code, draft.message).toBe(200);
    expect((await get('/fileSign/getFileSignContract', manager, { contractsysId })).data).toMatchObject({
      contractName: '草稿名称',
      watermarkType: 1,
      positions: positions.slice(0, 1),
    });
    const started = await post('/fileSign/fileSignStart', manager, { ...base, contractName: '房屋租赁合同' });
    expect(started.code, started.message).toBe(200);
    expect(started.data).toMatchObject({ nextType: 1 });
    const { contractId } = started.data as { contractId: number };
    expect((await get('/fileSign/fileSignContractState', manager)).data).toMatchObject({ state: 0 });
    expect(
      (await post('/fileSign/fileSignStart', manager, { ...base, contractName: '房屋租赁合同' })).code,
    ).toBe(409);
    expect((await post('/fileSign/fileSignDraftSave', manager, { contractsysId, positions })).code).toBe(409);
    const edited = await post('/fileSign/fileSignEdit', manager, {
      ...base,
      contractName: '房屋租赁合同（修订）',
      signOrder: 1,
      watermarkType: 1,
    });
    expect(edited.data).toMatchObject({ contractId, nextType: 1 });
    const record = await get('/fileSign/getFileSignContract', manager, { contractsysId });
    expect(record.data).toMatchObject({
      contractId,
      contractName: '房屋租赁合同（修订）',
      signOrder: 1,
      watermarkType: 1,
      signDeadline: 7,
      positions,
    });
    const detail = await get('/sign/signDetailV3', manager, { contractId: String(contractId) });
    expect(detail.code, detail.message).toBe(200);
    expect(detail.data).toMatchObject({ state: 1 });
    expect((await get('/sign/signDetailV3', managerB, { contractId: String(contractId) })).code).toBe(404);
    expect((await post('/fileSign/fileSignContractStart', managerB, { contractId, type: 2 })).code).toBe(404);
  });

  it('signs in order through the signing links and ends in a PDF pdfsig trusts, stamped where the boxes are', async () => {
    const { contractsysId } = await uploaded(manager, '租赁合同.pdf', pdf);
    const { person, company } = await addParties(contractsysId);
    const started = await post('/fileSign/fileSignStart', manager, {
      contractsysId,
      contractName: '快速签署租赁合同',
      watermark: '安居签水印',
      positions: positionsFor(person, company),
    });
    const { contractId } = started.data as { contractId: number };
    const signing = await post('/fileSign/fileSignContractStart', manager, { contractId, type: 2 });
    expect(signing.code, signing.message).toBe(200);
    expect(signing.data).toMatchObject({ contractId, state: 7, approvalId: null });
    expect(
      t.sms.sent.some((sent) => sent.phone === '13711112222' && sent.content.includes('快速签署租赁合同')),
    ).toBe(true);
    // Ordered: only the first party is invited at the start.
    const invitedCompany = () =>
      t.sms.sent.filter((sent) => sent.phone === '13722223333' && sent.content.includes('邀请您签署')).length;
    expect(invitedCompany()).toBe(0);
    // Retried: the same answer, no second credit.
    expect(
      (await post('/fileSign/fileSignContractStart', manager, { contractId, type: 2 })).data,
    ).toMatchObject({
      state: 7,
    });
    const changeActors = await post('/fileSign/fileSignPersonalActorDelete', manager, {
      contractsysId,
      actorId: person.actorId,
    });
    expect(changeActors.code).toBe(409);

    const info = await get('/sign/getSignInfo', manager, { contractId: String(contractId) });
    const signatories = (info.data as { signatories: { role: number; subjectType: number; hash: string }[] })
      .signatories;
    expect(signatories.map((s) => [s.role, s.subjectType])).toEqual([
      [8, 1],
      [8, 2],
    ]);
    const [personLink, companyLink] = signatories.map((s) => s.hash);

    const landing = await get(`/sign/${personLink}`, manager);
    const before = pdfText(await download((landing.data as { previewUrl: string }).previewUrl));
    expect(before).toContain('Lease agreement page one');
    expect(pdfRawText(await download((landing.data as { previewUrl: string }).previewUrl))).toContain(
      '安居签水印',
    );

    // Ordered: the company's operator waits for the person.
    t.clock.advance(61_000);
    const early = await get('/sign/signLinkCode', manager, { hash: companyLink! });
    expect(early).toMatchObject({ code: 405, message: '本合同按顺序签署，请等待「陈一」签署完成后再签署' });

    t.clock.advance(61_000);
    expect((await get('/sign/signLinkCode', manager, { hash: personLink! })).code).toBe(200);
    const personSigned = await post('/sign/signByHash', manager, {
      hash: personLink,
      verificationCode: lastCode('13711112222'),
      signatureKind: 1,
      signatureImage,
    });
    expect(personSigned.code, personSigned.message).toBe(200);
    expect(personSigned.data).toMatchObject({ state: 7 });
    // Now it is the company's turn: its operator gets the link by SMS.
    expect(invitedCompany()).toBe(1);
    expect(t.sms.sent.at(-1)?.content).toContain(`to-be-signed?hash=${companyLink}`);

    t.clock.advance(61_000);
    expect((await get('/sign/Verification', manager, { mobileNo: '13722223333' })).code).toBe(200);
    const companyForm = (name: string) =>
      new URLSearchParams({
        hash: companyLink!,
        idNo: operatorId,
        name,
        mobileNo: '13722223333',
        company: '深圳市好房置业有限公司',
        orgCode: '91440300MA5F000002',
        verificationCode: lastCode('13722223333'),
        type: '1',
      }).toString();
    const signCompany = async (name: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/sign/VerificationCode',
          headers: { ...manager, 'content-type': 'application/x-www-form-urlencoded' },
          payload: companyForm(name),
        })
      ).json<Envelope>();
    const impostor = await signCompany('李四');
    expect(impostor.code).toBe(400020);
    const companySigned = await signCompany('王经办');
    expect(companySigned.code, companySigned.message).toBe(200);
    const done = companySigned.data as { state: number; previewUrl: string };
    expect(done.state).toBe(8);

    const sealed = await download(done.previewUrl);
    const text = pdfText(sealed);
    expect(text).toContain('签署证明');
    expect(text).toContain('快速签署租赁合同');
    expect(pdfRawText(sealed)).toContain('安居签水印');

    // The operator's name went into the company's signature box (page 2, x 60, y 300, 150 x 80).
    const bbox = execFileSync('pdftotext', ['-bbox', '-f', '2', '-l', '2', '-', '-'], {
      input: sealed,
    }).toString();
    const word = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">王经办<\/word>/.exec(
      bbox,
    );
    expect(word).not.toBeNull();
    const [xMin, yMin, xMax, yMax] = word!.slice(1).map(Number) as [number, number, number, number];
    const pageHeight = 841.89;
    expect(xMin).toBeGreaterThanOrEqual(60);
    expect(xMax).toBeLessThanOrEqual(210);
    expect(pageHeight - yMax).toBeGreaterThanOrEqual(300);
    expect(pageHeight - yMin).toBeLessThanOrEqual(380);

    const nssDir = join(work, 'nss');
    execFileSync('mkdir', ['-p', nssDir]);
    const [ca] = await t.database.db
      .select()
      .from(signingAuthorities)
      .where(eq(signingAuthorities.key, 'root'));
    writeFileSync(join(nssDir, 'ca.pem'), ca!.certPem);
    execFileSync('certutil', ['-N', '-d', `sql:${nssDir}`, '--empty-password']);
    execFileSync('certutil', [
      '-A',
      '-n',
      'ca',
      '-t',
      'CT,C,C',
      '-i',
      join(nssDir, 'ca.pem'),
      '-d',
      `sql:${nssDir}`,
    ]);
    const pdfPath = join(work, 'signed.pdf');
    writeFileSync(pdfPath, sealed);
    const report = spawnSync('pdfsig', ['-nssdir', `sql:${nssDir}`, pdfPath]).stdout.toString();
    expect(report).toContain('Signature is Valid');
    expect(report).toContain('Certificate is Trusted');
    expect(report).toContain('Total document signed');

    const trail = await get('/sign/signAuditTrail', manager, { contractId: String(contractId) });
    const events = trail.data as { action: string; hashBefore: string | null; hashAfter: string | null }[];
    expect(events.map((event) => event.action)).toEqual(['生成合同文件', '签字', '盖章', '数字签名封存']);
    for (let i = 1; i < events.length; i += 1) expect(events[i]!.hashBefore).toBe(events[i - 1]!.hashAfter);
  }, 120_000);

  it('goes through the quick-sign approval first when the company turned it on (nextType 2, item 49)', async () => {
    const [approver] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.userName, '13800000001'));
    const enabled = await post('/oa/oaApprovalFileSignUpdate', manager, {
      oaState: 1,
      approvers: [{ approverType: 1, userId: approver!.id }],
      sendCopy: [],
    });
    expect(enabled.code, enabled.message).toBe(200);
    try {
      const { contractsysId } = await uploaded(manager, '审批.pdf', pdf);
      const { person, company } = await addParties(contractsysId);
      const started = await post('/fileSign/fileSignStart', manager, {
        contractsysId,
        contractName: '需审批的快速签署',
        watermarkType: 0,
        positions: positionsFor(person, company),
      });
      expect(started.data).toMatchObject({ nextType: 2 });
      const { contractId } = started.data as { contractId: number };
      const early = await post('/fileSign/fileSignContractStart', manager, { contractId, type: 2 });
      expect(early).toMatchObject({ code: 405, message: '该合同需审批通过后才能发起签署，请先发起审批' });
      const noParam = await post('/fileSign/fileSignContractStart', manager, { contractId, type: 1 });
      expect(noParam.code).toBe(405);
      expect(noParam.message).toContain('oaParam');
      const approval = await post('/fileSign/fileSignContractStart', manager, {
        contractId,
        type: 1,
        oaParam: { oaItemId: 49, oaReamrk: '请审批快速签署' },
      });
      expect(approval.code, approval.message).toBe(200);
      expect(approval.data).toMatchObject({ contractId, state: 2 });
      const { approvalId } = approval.data as { approvalId: number };
      expect(approvalId).toBeGreaterThan(0);
      const storeManager = await login(t.app, '13800000001');
      const invitations = () =>
        t.sms.sent
          .filter((sent) => sent.content.includes('邀请您签署《需审批的快速签署》'))
          .map((s) => s.phone);
      const balanceBefore = await balance();
      const decided = await post('/oa/approvalBtn', storeManager, { approvalId, result: 'approve' });
      expect(decided.code, decided.message).toBe(200);
      // Passed: signing starts at once, with the quick contract's own document, deadline and order.
      const detail = (await get('/sign/signDetailV3', manager, { contractId: String(contractId) })).data as {
        state: number;
        signatories: { role: number; hash: string | null }[];
        pdfUrl: string | null;
      };
      expect(detail.state).toBe(7);
      expect(detail.signatories.map((s) => s.role)).toEqual([8, 8]);
      expect(await balance()).toBe(balanceBefore - 1);
      // Ordered signing (the default): only the first party is invited.
      expect(invitations()).toEqual(['13711112222']);
      const logs = (await get('/sign/operationlogs', manager, { contractId: String(contractId) })).data as {
        action: string;
        content: string;
      }[];
      expect(logs[0]).toMatchObject({
        action: '发起签署',
        content: '审批通过后自动发起快速签署，有序签署，签署期限 7 天，扣减签约份数 1 份',
      });
      expect(logs[1]?.action).toBe('审批通过');
      const signing = await post('/fileSign/fileSignContractStart', manager, { contractId, type: 2 });
      expect(signing.code, signing.message).toBe(200);
      expect(signing.data).toMatchObject({ state: 7 });
      expect(await balance()).toBe(balanceBefore - 1);
      expect(invitations()).toEqual(['13711112222']);
    } finally {
      await post('/oa/oaApprovalFileSignUpdate', manager, {
        oaState: 0,
        approvers: [{ approverType: 1, userId: approver!.id }],
        sendCopy: [],
      });
    }
  });
});
