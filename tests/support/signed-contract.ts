/**
 * A sale contract of the demo company signed through the real flow in-process: the company
 * registers and authorises a seal for seal-free signing once, then party A and party B sign by their
 * links with SMS codes and the company seal follows; the sealed PDF is downloaded. For tests (and
 * the verification bench, so no vitest here) that need a file this product signed.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../server/db/db';
import { signContracts } from '../../server/db/schema-sign';
import { createDatabaseStorage } from '../../server/storage/files';
import { idCard, saleContent, strokePng } from './test-data';

/** What the signer needs of a built app (tests' TestApp has it; the bench builds its own). */
export type SigningApp = {
  app: FastifyInstance;
  database: { db: Db };
  clock: { advance: (milliseconds: number) => void };
  sms: { sent: { phone: string; content: string }[] };
};

type Envelope = { code: number; message: string; data?: unknown };

async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  options: { body?: unknown; headers?: Record<string, string>; query?: Record<string, string> },
): Promise<Envelope> {
  const response = await app.inject({
    method,
    url: `/api${url}`,
    headers: options.headers,
    ...(options.query ? { query: options.query } : {}),
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
  return response.json<Envelope>();
}

async function login(app: FastifyInstance, userName: string): Promise<Record<string, string>> {
  const result = await call(app, 'POST', '/user/login/loginPassword', {
    body: { userName, password: 'demo1234' },
  });
  const data = ok(result) as { token: string; sessionid: string };
  return { token: data.token, sessionid: data.sessionid };
}

type Headers = Record<string, string>;

export type SignedContract = { contractId: number; contractNo: string; pdf: Buffer };

const signatureImage = () => `data:image/png;base64,${strokePng().toString('base64')}`;

function ok(result: Envelope): unknown {
  if (result.code !== 200) throw new Error(`signing a contract: ${result.code} ${result.message}`);
  return result.data;
}

/** Long 补充条款 make the contract as many pages as the bench wants (10 with about 9 000 characters). */
export function createContractSigner(t: SigningApp, options: { otherTerms?: string | null } = {}) {
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
        content: saleContent('阳光花园', options.otherTerms ?? null),
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
    if (state.state !== 8) throw new Error(`the contract is in state ${state.state}, not 8 已签约`);
    const pdf = (await t.app.inject({ method: 'GET', url: previewUrl })).rawPayload;
    const [row] = await t.database.db
      .select({ contractNo: signContracts.contractNo })
      .from(signContracts)
      .where(eq(signContracts.id, contractId));
    return { contractId, contractNo: row!.contractNo, pdf };
  };
}
