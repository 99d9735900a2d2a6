/**
 * createCorpWxMiniCode: a QR code of a company signatory's signing link, valid until the deadline;
 * refused for individuals, for links that cannot sign and for another company's links.
 */
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignFixture, saleContent, type SignFixture } from '../support/sign-fixture';
import { idCard } from '../support/test-data';

type Signatory = { role: number; subjectType: number; hash: string };

describe('QR code of a company signatory’s link', () => {
  let f: SignFixture;
  let contractId: number;
  let signatories: Signatory[];

  beforeAll(async () => {
    f = await createSignFixture();
    contractId = await f.submit(f.manager, {
      ...saleContent('海景大厦'),
      partyB: {
        subjectType: 2,
        name: '深圳市宏远贸易有限公司',
        certNo: '440301123456789',
        phone: '13922223333',
        legalPerson: {
          name: '王宏远',
          certType: 1,
          certNo: idCard('44030519800101001'),
          phone: '13922223333',
        },
      },
    });
    const started = await f.post('/sign/contractStart', f.manager, { contractId, type: 2 });
    expect(started.code, started.message).toBe(200);
    signatories = (
      (await f.get('/sign/getSignInfo', f.manager, { contractId })).data as { signatories: Signatory[] }
    ).signatories;
  });
  afterAll(async () => {
    await f.t.close();
  });

  it('encodes the signing link and expires with the signing deadline', async () => {
    const company = signatories.find((s) => s.subjectType === 2)!;
    const result = await f.get('/sign/createCorpWxMiniCode', f.manager, { hash: company.hash });
    expect(result.code, result.message).toBe(200);
    const data = result.data as { codeUrl: string; path: string; expireTime: string };
    expect(data.path).toBe(`/#/views/sign/to-be-signed?hash=${company.hash}`);
    const detail = (await f.get('/sign/signDetailV3', f.manager, { contractId })).data as {
      signDeadline: string;
    };
    expect(data.expireTime).toBe(detail.signDeadline);

    expect(data.codeUrl).toMatch(/^data:image\/png;base64,/);
    const png = PNG.sync.read(Buffer.from(data.codeUrl.split(',')[1]!, 'base64'));
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toBe(data.path);
  });

  it('is refused for an individual, for another company and once the link stopped working', async () => {
    const person = signatories.find((s) => s.subjectType === 1)!;
    const individual = await f.get('/sign/createCorpWxMiniCode', f.manager, { hash: person.hash });
    expect(individual.message).toBe('只有企业签署方可以生成扫码签署的二维码');
    const company = signatories.find((s) => s.subjectType === 2)!;
    expect((await f.get('/sign/createCorpWxMiniCode', f.managerB, { hash: company.hash })).code).toBe(404);

    const terminated = await f.post('/sign/contractTerminate', f.manager, {
      contractId,
      reason: '客户要求修改',
    });
    expect(terminated.code, terminated.message).toBe(200);
    const gone = await f.get('/sign/createCorpWxMiniCode', f.manager, { hash: company.hash });
    expect(gone).toMatchObject({ code: 409, message: '签署链接已失效（合同已终止或作废）' });
  });
});
