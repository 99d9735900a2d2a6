/**
 * A sale contract of the demo company signed through the real flow in-process: the company
 * registers and authorises a seal for seal-free signing once, then party A and party B sign by their
 * links with SMS codes and the company seal follows; the sealed PDF is downloaded. For tests (and
 * the verification bench) that need a file this product signed.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { signContracts } from '../../server/db/schema-sign';
import { call, login, type TestApp } from './test-app';
import { createDatabaseStorage } from '../../server/storage/files';
import { idCard, saleContent, strokePng } from './test-data';

type Headers = Record<string, string>;

export type SignedContract = { contractId: number; contractNo: string; pdf: Buffer };

const signatureImage = () => `data:image/png;base64,${strokePng().toString('base64')}`;

function ok(result: { code: number; message: string; data?: unknown }): unknown {
  expect(result.code, result.message).toBe(200);
  return result.data;
}

export function createContractSigner(t: TestApp) {
  let manager: Headers | null = null;
  let isAuthorised = false;
  const get = (url: string, headers: Headers, query: Record<string, string> = {}) =>
    call(t.app, 'GET', url, { headers, query });
  const post = (url: string, headers: Headers, body: unknown) => call(t.app, 'POST', url, { headers, body });
  const lastCode = (phone: string) => {
    const message = [...t.sms.sent].reverse().find((sent) => sent.phone === phone);
    return /(\d{6})/.exec(message?.content ?? '')?.[1] ?? '';
  };

  async function authorise(headers: Headers): Promise<void> {
    const license = await createDatabaseStorage(t.database.db).save(strokePng(), 'license.png', ['png']);
    const operatorIdNo = idCard('44030419850101123');
    const { faceId } = ok(
      await post('/sign/getFaceUrl', headers, { name: '王店长', idNo: operatorIdNo }),
    ) as {
      faceId: string;
    };
    await post('/sandbox/faceDecide', {}, { faceId, pass: true });
    const { etcomid } = ok(
      await post('/sign/regCompanyInfo', headers, {
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
      }),
    ) as { etcomid: string };
    const agentCode = (ok(await get('/sign/signRegCompanyPosts', headers)) as { agentCode: string }[])[0]!
      .agentCode;
    t.clock.advance(61_000);
    ok(await get('/sign/Verification', headers, { mobileNo: '13800000001' }));
    ok(
      await post('/sign/createSignature', headers, {
        name: '合同专用章',
        agentCode,
        etcomid,
        vercode: lastCode('13800000001'),
        sealType: 2,
      }),
    );
    ok(await post('/seal/sealAuthFreeSign', headers, {}));
  }

  /** Signs a new sale contract through to 已签约 (state 8) and returns its sealed file. */
  return async function signSaleContract(): Promise<SignedContract> {
    manager ??= await login(t.app, '13800000000');
    if (!isAuthorised) {
      await authorise(manager);
      isAuthorised = true;
    }
    const templates = ok(await get('/sign/templatePostsV2', manager)) as {
      boxId: number;
      contractType: number;
    }[];
    const boxid = templates.find((template) => template.contractType === 1)!.boxId;
    const { contractId } = ok(
      await post('/sign/contractSubmissionV2501', manager, {
        boxid,
        content: saleContent('阳光花园', null),
        signatureType: 1,
      }),
    ) as { contractId: number };
    ok(await post('/sign/contractStart', manager, { contractId, type: 2 }));
    const info = ok(await get('/sign/getSignInfo', manager, { contractId: String(contractId) })) as {
      signatories: { role: number; hash: string }[];
    };
    const phones: Record<number, string> = { 1: '13811112222', 2: '13933334444' };
    let previewUrl = '';
    for (const signatory of info.signatories.filter((s) => s.role === 1 || s.role === 2)) {
      t.clock.advance(61_000);
      ok(await get('/sign/signLinkCode', manager, { hash: signatory.hash }));
      const signed = ok(
        await post('/sign/signByHash', manager, {
          hash: signatory.hash,
          verificationCode: lastCode(phones[signatory.role]!),
          signatureKind: 1,
          signatureImage: signatureImage(),
        }),
      ) as { state: number; previewUrl: string };
      previewUrl = signed.previewUrl;
    }
    const state = ok(await get('/sign/getSignInfo', manager, { contractId: String(contractId) })) as {
      state: number;
    };
    expect(state.state).toBe(8);
    const pdf = (await t.app.inject({ method: 'GET', url: previewUrl })).rawPayload;
    const [row] = await t.database.db
      .select({ contractNo: signContracts.contractNo })
      .from(signContracts)
      .where(eq(signContracts.id, contractId));
    return { contractId, contractNo: row!.contractNo, pdf };
  };
}
