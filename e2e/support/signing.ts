/**
 * Test-side setup for the signing journey, done through the API the way the people before the
 * signing parties do it: a company of its own (step-by-step signing, sign credits paid on the
 * sandbox cashier), its signing body and contract seal (SMS code to the operator), and a sale
 * contract submitted and started by the broker, whose signatories then get their links.
 */
import type { APIRequestContext } from '@playwright/test';
import {
  e2ePassword,
  freshPhone,
  latestCode,
  login,
  passedFaceCheck,
  post,
  registerCompany,
  type Credentials,
} from './api';
import { get, must } from './oa';
import { idCard, saleContent } from '../../tests/support/test-data';

export type SigningCompany = {
  credentials: Credentials;
  phone: string;
  saleBoxId: number;
  corpName: string;
  corpIdentNo: string;
  operator: { name: string; idNo: string; phone: string };
};

export type Party = { name: string; certNo: string; phone: string };
export type Signatory = {
  role: number;
  hash: string;
  name: string;
  signUrl: string | null;
  signStatus: number;
};

/** A one-pixel white PNG: the licence picture the registration needs. */
const licencePng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGP4DwABAQEAG0Vk7wAAAABJRU5ErkJggg==',
  'base64',
);

/** Waits for a new code in the sandbox outbox after `send` (the e2e server lets a phone have one per 3 s). */
export async function codeAfter(
  request: APIRequestContext,
  phone: string,
  send: () => Promise<{ code: number; message: string }>,
): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const before = await latestCode(request, phone);
    const sent = await send();
    if (sent.code === 200) {
      const code = await latestCode(request, phone);
      if (code && code !== before) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`no code for ${phone}`);
}

/** Sign credits a signing company buys: enough for every contract one worker's paths start (one per path, retries too). */
const signCredits = 100;

export async function createSigningCompany(request: APIRequestContext): Promise<SigningCompany> {
  const phone = await registerCompany(request, '签署房产');
  const credentials = await login(request, phone, e2ePassword);
  await must(post(request, '/sign/signSetting', { signType: 1 }, credentials), 'sign setting');
  const quote = await must(
    post<{ originalPrice: number; totalFee: number }>(
      request,
      '/products/sign/signPriceCalculation',
      { signCount: signCredits, coupons: [] },
      credentials,
    ),
    'sign price',
  );
  const order = await must(
    post<{ orderNumber: string }>(
      request,
      '/buy/sign/signRecharge',
      {
        signCount: signCredits,
        coupons: [],
        originalPrice: quote.originalPrice,
        totalFee: quote.totalFee,
        paymentType: 1,
      },
      credentials,
    ),
    'sign recharge',
  );
  await must(post(request, '/sandbox/payConfirm', { orderNumber: order.orderNumber }, credentials), 'pay');
  const templates = await must(
    get<{ boxId: number; contractType: number }[]>(request, '/sign/templatePostsV2', credentials),
    'templates',
  );
  const saleBoxId = templates.find((t) => t.contractType === 1)?.boxId;
  if (!saleBoxId) throw new Error('no sale template');

  const upload = await request.post('/api/base/uploadPhoto', {
    headers: credentials,
    multipart: { file: { name: 'license.png', mimeType: 'image/png', buffer: licencePng } },
  });
  const licence = (await upload.json()) as { code: number; message: string; data: string | { url: string } };
  if (licence.code !== 200) throw new Error(`upload licence: ${licence.message}`);
  const operator = { name: '王店长', idNo: idCard('44030419850101123'), phone };
  const corpName = `签署房产经纪有限公司${phone.slice(-4)}`;
  const corpIdentNo = `91440300MA5F${phone.slice(-6)}`;
  const registered = await must(
    post<{ etcomid: string }>(
      request,
      '/sign/regCompanyInfo',
      {
        legalRepName: '测试经理',
        legalPhone: phone,
        corpName,
        corpIdentNo,
        corpIdentType: 1,
        corpIdentMethod: 2,
        oprUserName: operator.name,
        oprUserIdentNo: operator.idNo,
        oprUserMobile: operator.phone,
        licenseUrl: typeof licence.data === 'string' ? licence.data : licence.data.url,
        faceId: await passedFaceCheck(request, credentials, { name: operator.name, idNo: operator.idNo }),
      },
      credentials,
    ),
    'register company',
  );
  const bodies = await must(
    get<{ agentCode: string }[]>(request, '/sign/signRegCompanyPosts', credentials),
    'sign bodies',
  );
  const vercode = await codeAfter(request, phone, () =>
    get(request, `/sign/Verification?mobileNo=${phone}`, credentials),
  );
  await must(
    post(
      request,
      '/sign/createSignature',
      {
        name: '合同专用章',
        agentCode: bodies[0]?.agentCode ?? '',
        etcomid: registered.etcomid,
        vercode,
        sealType: 2,
      },
      credentials,
    ),
    'create seal',
  );
  return { credentials, phone, saleBoxId, corpName, corpIdentNo, operator };
}

/** The broker submits a sale contract between two people and starts signing; returns its signatories. */
export async function startSaleContract(
  request: APIRequestContext,
  company: SigningCompany,
): Promise<{ contractId: number; seller: Party; buyer: Party; signatories: Signatory[] }> {
  const seller = { name: '张三', certNo: idCard('11010519491231002'), phone: freshPhone() };
  const buyer = { name: '李四', certNo: idCard('44030419900101123'), phone: freshPhone() };
  const submitted = await must(
    post<{ contractId: number }>(
      request,
      '/sign/contractSubmissionV2501',
      {
        boxid: company.saleBoxId,
        signatureType: 1,
        content: saleContent('阳光花园', null, { seller, buyer }),
      },
      company.credentials,
    ),
    'submit contract',
  );
  const { contractId } = submitted;
  await must(post(request, '/sign/contractStart', { contractId, type: 2 }, company.credentials), 'start');
  const info = await must(
    get<{ signatories: Signatory[] }>(
      request,
      `/sign/getSignInfo?contractId=${contractId}`,
      company.credentials,
    ),
    'sign info',
  );
  return { contractId, seller, buyer, signatories: info.signatories };
}
