/**
 * A sale contract of the demo company signed through the real flow: the company registers and
 * authorises a seal for seal-free signing once (authoriseSealFreeSigning, in-process or over HTTP),
 * then party A and party B sign by their links with SMS codes and the company seal follows; the
 * sealed PDF is downloaded. The steps one by one (inProcessSigning) for tests that assert on each
 * answer. For tests (and the verification bench, so no vitest here) that need a file this product
 * signed.
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
  clock: { advance: (milliseconds: number) => void; now: () => Date };
  sms: { sent: { phone: string; content: string }[] };
};

export type Envelope = { code: number; message: string; data?: unknown; total?: number };

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

export type Headers = Record<string, string>;

export type SignedContract = { contractId: number; contractNo: string; pdf: Buffer };

const signatureImage = () => `data:image/png;base64,${strokePng().toString('base64')}`;

function ok(result: Envelope): unknown {
  if (result.code !== 200) throw new Error(`signing a contract: ${result.code} ${result.message}`);
  return result.data;
}

/**
 * What signing needs from a transport: the API over app.inject (in-process) or over HTTP (a server
 * process), and where the SMS codes are read.
 */
export type SigningCalls = {
  get: (url: string, headers: Headers, query?: Record<string, string>) => Promise<Envelope>;
  post: (url: string, headers: Headers, body: unknown) => Promise<Envelope>;
  /** The newest code sent to this phone. */
  lastCode: (phone: string) => Promise<string>;
  /** Stores a picture for the business licence; its URL. */
  uploadLicense: (headers: Headers) => Promise<string>;
  /** Lets the resend interval of a phone pass before a new code (the in-process clock moves on). */
  beforeCode?: () => void;
};

/** The demo company registers (its operator passes the face check), makes a contract seal and authorises it for seal-free signing. */
export async function authoriseSealFreeSigning(calls: SigningCalls, headers: Headers): Promise<void> {
  const { get, post } = calls;
  const licenseUrl = await calls.uploadLicense(headers);
  const operatorIdNo = idCard('44030419850101123');
  const { faceId } = ok(await post('/sign/getFaceUrl', headers, { name: '王店长', idNo: operatorIdNo })) as {
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
      licenseUrl,
      faceId,
    }),
  ) as { etcomid: string };
  const agentCode = (ok(await get('/sign/signRegCompanyPosts', headers)) as { agentCode: string }[])[0]!
    .agentCode;
  calls.beforeCode?.();
  ok(await get('/sign/Verification', headers, { mobileNo: '13800000001' }));
  ok(
    await post('/sign/createSignature', headers, {
      name: '合同专用章',
      agentCode,
      etcomid,
      vercode: await calls.lastCode('13800000001'),
      sealType: 2,
    }),
  );
  ok(await post('/seal/sealAuthFreeSign', headers, {}));
}

/** The parties' phones in the sale fixture (saleContent). */
export const partyPhones: Record<number, string> = { 1: '13811112222', 2: '13933334444' };

/**
 * The steps of signing a sale contract in-process, for tests that assert on each answer: start a
 * contract of the sale template (its parties get links), sign one party's link with an SMS code.
 */
export function inProcessSigning(t: SigningApp) {
  const get = (url: string, headers: Headers, query: Record<string, string> = {}) =>
    call(t.app, 'GET', url, { headers, query });
  const post = (url: string, headers: Headers, body: unknown) => call(t.app, 'POST', url, { headers, body });
  const lastCode = (phone: string) => {
    const message = [...t.sms.sent].reverse().find((sent) => sent.phone === phone);
    return /(\d{6})/.exec(message?.content ?? '')?.[1] ?? '';
  };
  const calls: SigningCalls = {
    get,
    post,
    lastCode: async (phone) => lastCode(phone),
    uploadLicense: async () =>
      (await createDatabaseStorage(t.database.db).save(strokePng(), 'license.png', ['png'])).url,
    beforeCode: () => t.clock.advance(61_000),
  };
  return {
    get,
    post,
    lastCode,
    calls,
    download: async (url: string) => (await t.app.inject({ method: 'GET', url })).rawPayload,
    /** The sale template's box id. */
    async saleBoxId(headers: Headers): Promise<number> {
      const templates = ok(await get('/sign/templatePostsV2', headers)) as {
        boxId: number;
        contractType: number;
      }[];
      return templates.find((template) => template.contractType === 1)!.boxId;
    },
    /** A sale contract started for signing (signatureType 1, links): its id and each role's link hash. */
    async startContract(headers: Headers, boxid: number, otherTerms: string | null = null) {
      const { contractId } = ok(
        await post('/sign/contractSubmissionV2501', headers, {
          boxid,
          content: saleContent('阳光花园', otherTerms),
          signatureType: 1,
        }),
      ) as { contractId: number };
      ok(await post('/sign/contractStart', headers, { contractId, type: 2 }));
      const info = ok(await get('/sign/getSignInfo', headers, { contractId: String(contractId) })) as {
        signatories: { role: number; hash: string }[];
      };
      return {
        contractId,
        hashes: Object.fromEntries(info.signatories.map((s) => [s.role, s.hash])) as Record<number, string>,
      };
    },
    /** Sends the link's code (after the resend interval) and signs with a drawn signature; the answer as is. */
    async signByLink(headers: Headers, hash: string, phone: string) {
      t.clock.advance(61_000);
      ok(await get('/sign/signLinkCode', headers, { hash }));
      return post('/sign/signByHash', headers, {
        hash,
        verificationCode: lastCode(phone),
        signatureKind: 1,
        signatureImage: signatureImage(),
      });
    },
  };
}

/** Long 补充条款 make the contract as many pages as the bench wants (10 with about 9 000 characters). */
export function createContractSigner(t: SigningApp, options: { otherTerms?: string | null } = {}) {
  let manager: Headers | null = null;
  let isAuthorised = false;
  const signing = inProcessSigning(t);

  /** Signs a new sale contract through to 已签约 (state 8) and returns its sealed file. */
  return async function signSaleContract(): Promise<SignedContract> {
    manager ??= await login(t.app, '13800000000');
    if (!isAuthorised) {
      await authoriseSealFreeSigning(signing.calls, manager);
      isAuthorised = true;
    }
    const { contractId, hashes } = await signing.startContract(
      manager,
      await signing.saleBoxId(manager),
      options.otherTerms ?? null,
    );
    let previewUrl = '';
    for (const role of [1, 2]) {
      const signed = ok(await signing.signByLink(manager, hashes[role]!, partyPhones[role]!)) as {
        previewUrl: string;
      };
      previewUrl = signed.previewUrl;
    }
    const state = ok(await signing.get('/sign/getSignInfo', manager, { contractId: String(contractId) })) as {
      state: number;
    };
    if (state.state !== 8) throw new Error(`the contract is in state ${state.state}, not 8 已签约`);
    const pdf = await signing.download(previewUrl);
    const [row] = await t.database.db
      .select({ contractNo: signContracts.contractNo })
      .from(signContracts)
      .where(eq(signContracts.id, contractId));
    return { contractId, contractNo: row!.contractNo, pdf };
  };
}
