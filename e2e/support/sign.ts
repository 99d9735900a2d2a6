/**
 * Test-side calls for the sign specs: a company of its own with step-by-step signing, sign credits
 * bought through the sandbox payment, the approval flow of item 45 switched on or off, contracts
 * brought into a state the way people do it (submit, approve or reject, start, void, complete), the
 * parties signing through their links (SMS codes from the sandbox outbox) and the company's seal
 * authorised for seal-free signing, so the last signature moves the contract to 8 已签约.
 */
import type { APIRequestContext } from '@playwright/test';
import { e2ePassword, login, passedFaceCheck, post, registerCompany, type Credentials } from './api';
import { demo, demoPassword, get, must } from './oa';
import { draftContent } from '../../src/features/sign/contract-form-submit';
import { formFromContent } from '../../src/features/sign/contract-form-values';
import type { SignContractContent } from '../../src/features/sign/sign-actors';
import { idCard, saleContent as saleFixture, strokePng } from '../../tests/support/test-data';

export type SignCompany = {
  credentials: Credentials;
  phone: string;
  userId: number;
  saleBoxId: number;
  groupId: number | null;
};

/** The parties of a company's contracts; phones of their own, so SMS codes of parallel paths never mix. */
export function partiesOf(companyPhone: string) {
  return {
    seller: { name: '张三', certNo: idCard('11010519491231002'), phone: `138${companyPhone.slice(-8)}` },
    buyer: { name: '李四', certNo: idCard('44030419900101123'), phone: `139${companyPhone.slice(-8)}` },
  };
}

/** The sale contract content people fill in (tests/support/test-data.ts), with this company's parties. */
export function saleContent(companyPhone: string) {
  return saleFixture('阳光花园', null, partiesOf(companyPhone));
}

/** A new company with the sign app opened whose manager has chosen step-by-step signing (type 1). */
export async function signCompany(request: APIRequestContext): Promise<SignCompany> {
  const phone = await registerCompany(request, '签约房产');
  const credentials = await login(request, phone, e2ePassword);
  await must(post(request, '/sign/signSetting', { signType: 1 }, credentials), 'sign setting');
  // The company has opened the sign app (its trial), so its pages pass the pay-status gate.
  const status = await must(
    get<{ type: number }>(request, '/search/appUseSwitch?payStatusId=6', credentials),
    'sign app',
  );
  if (status.type === 3)
    await must(post(request, '/try/appTryout', { payStatusId: 6 }, credentials), 'sign app trial');
  const staff = await must(
    get<{ userId: number }[]>(request, '/org/v2/staffList?pageindex=1&pagesize=15', credentials),
    'staff',
  );
  const templates = await must(
    get<{ boxId: number; contractType: number }[]>(request, '/sign/templatePostsV2', credentials),
    'templates',
  );
  const saleBoxId = templates.find((t) => t.contractType === 1)?.boxId;
  if (!saleBoxId || !staff[0]) throw new Error('no sale template or manager');
  return { credentials, phone, userId: staff[0].userId, saleBoxId, groupId: null };
}

/** Buys sign credits through the sandbox payment, as the recharge centre does. */
export async function buySignCredits(
  request: APIRequestContext,
  company: SignCompany,
  signCount = 10,
): Promise<void> {
  const quote = await must(
    post<{ originalPrice: number; totalFee: number }>(
      request,
      '/products/sign/signPriceCalculation',
      { signCount, coupons: [] },
      company.credentials,
    ),
    'sign price',
  );
  const order = await must(
    post<{ orderNumber: string }>(
      request,
      '/buy/sign/signRecharge',
      {
        signCount,
        coupons: [],
        originalPrice: quote.originalPrice,
        totalFee: quote.totalFee,
        paymentType: 1,
      },
      company.credentials,
    ),
    'sign recharge',
  );
  await must(
    post(request, '/sandbox/payConfirm', { orderNumber: order.orderNumber }, company.credentials),
    'pay',
  );
}

/** Switches the approval of sale signing (item 45, app 6) on (created at first use, the manager approves) or off. */
export async function setSignApproval(
  request: APIRequestContext,
  company: SignCompany,
  enabled: boolean,
): Promise<void> {
  const items = await must(
    post<{ oaItemId: number; oaApprovalId: number | null }[]>(
      request,
      '/oa/oaItems',
      { appType: 6 },
      company.credentials,
    ),
    'oa items',
  );
  const existing = items.find((item) => item.oaItemId === 45)?.oaApprovalId ?? null;
  if (existing === null) {
    if (!enabled) return;
    if (company.groupId === null) {
      const group = await must(
        post<{ groupId: number }>(request, '/oa/groupCreate', { groupName: '签约审批' }, company.credentials),
        'group',
      );
      company.groupId = group.groupId;
    }
    await must(
      post(
        request,
        '/oa/oaApprovalCreate',
        {
          groupId: company.groupId,
          appType: 6,
          oaItemId: 45,
          name: '买卖合同签约审批',
          approvers: [{ approverType: 1, userId: company.userId }],
        },
        company.credentials,
      ),
      'approval definition',
    );
    return;
  }
  await must(
    post(
      request,
      '/oa/oaApprovalEnableSwitch',
      { oaApprovalId: existing, state: enabled ? 1 : 0 },
      company.credentials,
    ),
    'approval switch',
  );
}

export type Submitted = { contractId: number; contractNo: string; state: number; nextType?: number };

export async function submitSale(
  request: APIRequestContext,
  company: SignCompany,
  options: { paper?: boolean; withApproval?: boolean } = {},
): Promise<Submitted> {
  return must(
    post<Submitted>(
      request,
      '/sign/contractSubmissionV2501',
      {
        boxid: company.saleBoxId,
        content: saleContent(company.phone),
        signatureType: options.paper ? 2 : 1,
        ...(options.withApproval ? { oaParam: { oaItemId: 45 } } : {}),
      },
      company.credentials,
    ),
    'submit contract',
  );
}

/** A draft with the whole sale form, as autosave leaves it. */
export async function saveSaleDraft(request: APIRequestContext, company: SignCompany): Promise<string> {
  const draft = await must(
    post<{ draftCode: string }>(
      request,
      '/sign/signDraftSave',
      {
        boxid: company.saleBoxId,
        content: draftContent(formFromContent(saleContent(company.phone) as SignContractContent, 1)),
      },
      company.credentials,
    ),
    'draft',
  );
  return draft.draftCode;
}

type StateResult = { contractId: number; state: number };

export async function signCall(
  request: APIRequestContext,
  company: SignCompany,
  path: string,
  body: Record<string, unknown>,
): Promise<StateResult> {
  return must(post<StateResult>(request, path, body, company.credentials), path);
}

export async function contractState(
  request: APIRequestContext,
  company: SignCompany,
  contractId: number,
): Promise<number> {
  const detail = await must(
    get<{ state: number }>(request, `/sign/signDetailV3?contractId=${contractId}`, company.credentials),
    'sign detail',
  );
  return detail.state;
}

/** The running approval of the contract (the manager is its approver). */
export async function approvalIdOf(
  request: APIRequestContext,
  company: SignCompany,
  contractId: number,
): Promise<number> {
  const detail = await must(
    get<{ oaApprovalId?: number | null }>(
      request,
      `/sign/signDetailV3?contractId=${contractId}`,
      company.credentials,
    ),
    'sign detail',
  );
  if (!detail.oaApprovalId) throw new Error(`no approval for contract ${contractId}`);
  return detail.oaApprovalId;
}

/**
 * The company registers for e-signing, makes its contract seal (SMS code to the operator) and
 * authorises seal-free signing: then it seals by itself once every other party has signed.
 */
export async function prepareCompanySeal(request: APIRequestContext, company: SignCompany): Promise<void> {
  // Registered with a seal already (another test of this run, in the demo company): authorise what waits.
  const ready = await must(
    get<unknown[]>(request, '/sign/signSelectBody', company.credentials),
    'sign bodies ready for seal-free signing',
  );
  if (ready.length > 0) {
    const waiting = await get<unknown[]>(request, '/seal/regSealWaitAuthList', company.credentials);
    if ((waiting.data ?? []).length > 0)
      await must(post(request, '/seal/sealAuthFreeSign', {}, company.credentials), 'seal-free signing');
    return;
  }
  await registerSignBody(request, company, { index: 0, seals: [[2, '合同专用章']] });
  await must(post(request, '/seal/sealAuthFreeSign', {}, company.credentials), 'seal-free signing');
}

export type RegisteredBody = { signBodyId: number; corpName: string; seals: Record<string, number> };

/**
 * Registers a verified signing body of the company (the operator passes the sandbox face check) and
 * makes its seals by name, each confirmed by an SMS code to the operator: index 0 is the company's
 * first body, 1 a second one (its own credit code).
 */
export async function registerSignBody(
  request: APIRequestContext,
  company: Pick<SignCompany, 'credentials' | 'phone'>,
  options: { index: number; seals: [sealType: 1 | 2 | 3, name: string][] },
): Promise<RegisteredBody> {
  const upload = await request.post('/api/base/uploadPhoto', {
    headers: company.credentials,
    multipart: { file: { name: 'license.png', mimeType: 'image/png', buffer: strokePng() } },
  });
  const license = (await upload.json()) as { code: number; message: string; data: unknown };
  if (license.code !== 200) throw new Error(`upload licence: ${license.message}`);
  const licenseUrl =
    typeof license.data === 'string' ? license.data : ((license.data as { url: string }).url ?? '');
  const operatorPhone = company.phone;
  const corpName =
    options.index === 0
      ? `签约房产经纪有限公司${company.phone.slice(-4)}`
      : `签约房产第${options.index + 1}分公司${company.phone.slice(-4)}`;
  const registered = await must(
    post<{ etcomid: string; signBodyId: number }>(
      request,
      '/sign/regCompanyInfo',
      {
        legalRepName: '测试经理',
        legalPhone: company.phone,
        corpName,
        corpIdentNo: `91440300MA5${'FGH'[options.index] ?? 'J'}${company.phone.slice(-6)}`,
        corpIdentType: 1,
        corpIdentMethod: 2,
        oprUserName: '测试经理',
        oprUserIdentNo: idCard('44030419850101123'),
        oprUserMobile: operatorPhone,
        licenseUrl,
        faceId: await passedFaceCheck(request, company.credentials, {
          name: '测试经理',
          idNo: idCard('44030419850101123'),
        }),
      },
      company.credentials,
    ),
    'register company',
  );
  const bodies = await must(
    get<{ agentCode: string; etcomid: string }[]>(request, '/sign/signRegCompanyPosts', company.credentials),
    'sign bodies',
  );
  const agentCode = bodies.find((body) => body.etcomid === registered.etcomid)?.agentCode ?? '';
  const seals: Record<string, number> = {};
  for (const [sealType, name] of options.seals) {
    const vercode = await codeWithRetry(request, operatorPhone, () =>
      get(request, `/sign/Verification?mobileNo=${operatorPhone}`, company.credentials),
    );
    const created = await must(
      post<{ sealId: number }>(
        request,
        '/sign/createSignature',
        { name, agentCode, etcomid: registered.etcomid, vercode, sealType },
        company.credentials,
      ),
      'create seal',
    );
    seals[name] = created.sealId;
  }
  return { signBodyId: registered.signBodyId, corpName, seals };
}

/** Every individual party signs through its link; the company seals by itself after the last. */
export async function signAllParties(
  request: APIRequestContext,
  company: SignCompany,
  contractId: number,
  parties = partiesOf(company.phone),
  /** Phones of further signatories by role (co-owners 5 / 6). */
  otherPhones: Record<number, string> = {},
): Promise<number> {
  const info = await must(
    get<{ signatories: { role: number; hash: string; phone: string | null; signStatus: number }[] }>(
      request,
      `/sign/getSignInfo?contractId=${contractId}`,
      company.credentials,
    ),
    'sign info',
  );
  const signature = `data:image/png;base64,${strokePng().toString('base64')}`;
  let state = 7;
  for (const signatory of info.signatories) {
    if (signatory.role === 7 || signatory.signStatus === 1) continue;
    // The list masks phones: the test knows them from the content it submitted.
    const phone =
      otherPhones[signatory.role] ?? (signatory.role === 1 ? parties.seller.phone : parties.buyer.phone);
    const verificationCode = await codeWithRetry(request, phone, () =>
      get(request, `/sign/signLinkCode?hash=${signatory.hash}`, company.credentials),
    );
    const signed = await must(
      post<{ state: number }>(
        request,
        '/sign/signByHash',
        { hash: signatory.hash, verificationCode, signatureKind: 1, signatureImage: signature },
        company.credentials,
      ),
      `sign as ${signatory.role}`,
    );
    state = signed.state;
  }
  return state;
}

/** The newest code the sandbox SMS provider sent to this phone, or null. */
async function latestCode(request: APIRequestContext, phone: string): Promise<string | null> {
  const response = await request.get(`/api/sandbox/smsOutbox?phone=${phone}`);
  const result = (await response.json()) as { data: { content: string }[] | null };
  return /(\d{6})/.exec(result.data?.[0]?.content ?? '')?.[1] ?? null;
}

async function codeWithRetry(
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

/**
 * The demo company as a sign company (its manager, its sale template): its listings sit in
 * communities of its own archive, so a path that starts from a listing enters it there.
 */
export async function demoSignCompany(request: APIRequestContext): Promise<SignCompany> {
  const phone = demo.manager;
  const credentials = await login(request, phone, demoPassword);
  const templates = await must(
    get<{ boxId: number; contractType: number }[]>(request, '/sign/templatePostsV2', credentials),
    'templates',
  );
  const saleBoxId = templates.find((t) => t.contractType === 1)?.boxId;
  if (!saleBoxId) throw new Error('no sale template');
  return { credentials, phone, userId: 0, saleBoxId, groupId: null };
}
