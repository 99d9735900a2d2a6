/**
 * Test-side calls for the approval and contract-ledger specs: demo logins, recording contracts,
 * moving them through the ledger states, approval definitions and decisions — what other people
 * (the approver, the sponsor elsewhere) do on the real server while a path runs.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { e2ePassword, login, post, registerCompany, type Credentials, type Envelope } from './api';

export { login };

export type Kind = 'sale' | 'rent';
export const demoPassword = 'demo1234';
export const demo = {
  manager: '13800000000',
  storeManager: '13800000001',
  broker: '13800000003',
  certificate: '13800000005',
} as const;

export async function get<T>(
  request: APIRequestContext,
  path: string,
  headers: Credentials,
): Promise<Envelope<T>> {
  const response = await request.get(`/api${path}`, { headers });
  return (await response.json()) as Envelope<T>;
}

export async function must<T>(result: Promise<Envelope<T>>, what: string): Promise<T> {
  const envelope = await result;
  if (envelope.code !== 200) throw new Error(`${what}: ${envelope.code} ${envelope.message}`);
  return envelope.data;
}

let serial = 0;
/** A contract number nobody used in this run. */
export function freshContractNo(kind: Kind): string {
  serial += 1;
  const unique = `${process.pid % 1000}${Date.now() % 100000}${serial}`.slice(-9);
  return `${kind === 'sale' ? 'XS' : 'ZL'}E${unique}`;
}

const house = {
  province: { id: 44, name: '广东省' },
  city: { id: 4403, name: '深圳市' },
  district: { id: 440305, name: '南山区' },
  houseName: '桃源居',
  houseBuilding: '15',
  houseRoomNo: '1203',
};
const parties = {
  partyA: { subjectType: 1, name: '王建国', certNo: '11010519491231002x', phone: '13612345678' },
  partyB: { subjectType: 1, name: '林晓燕', certNo: '11010519491231002x', phone: '13712345678' },
};

export async function addContract(
  request: APIRequestContext,
  credentials: Credentials,
  kind: Kind,
  contractNo = freshContractNo(kind),
): Promise<{ contractId: number; contractNo: string }> {
  const body =
    kind === 'sale'
      ? {
          houseInfo: house,
          parties,
          contractNo,
          signDate: '2026-11-20',
          transaction: { transactionPrice: 5_600_000, paymentMethod: 1 },
        }
      : {
          houseInfo: house,
          parties,
          contractNo,
          signDate: '2026-11-20',
          transaction: { startDate: '2026-12-01', endDate: '2027-11-30' },
          rental: { haveRent: 2, monthlyRent: 6500 },
        };
  const path = kind === 'sale' ? '/contract/v2/contractSaleAdd' : '/contract/v2/contractRentAdd';
  const data = await must(post<{ contractId: number }>(request, path, body, credentials), 'record contract');
  return { contractId: data.contractId, contractNo };
}

export type ChangeResult = { state: number; needApproval: number; approvalId: number | null };

export async function changeState(
  request: APIRequestContext,
  credentials: Credentials,
  kind: Kind,
  contractId: number,
  state: number,
): Promise<ChangeResult> {
  const path =
    kind === 'sale' ? '/contract/v2/contractSaleStateChange' : '/contract/v2/contractRentStateChange';
  const needsRemark = kind === 'sale' ? [6, 7].includes(state) : [2, 3].includes(state);
  return must(
    post<ChangeResult>(
      request,
      path,
      { contractId, state, ...(needsRemark ? { remark: '测试变更' } : {}) },
      credentials,
    ),
    `change ${kind} contract ${contractId} to ${state}`,
  );
}

export async function decide(
  request: APIRequestContext,
  credentials: Credentials,
  approvalId: number,
  result: 'approve' | 'reject',
): Promise<void> {
  await must(
    post(
      request,
      '/oa/approvalBtn',
      { approvalId, result, ...(result === 'reject' ? { remark: '资料不全' } : {}) },
      credentials,
    ),
    `${result} approval ${approvalId}`,
  );
}

export async function revoke(
  request: APIRequestContext,
  credentials: Credentials,
  approvalId: number,
): Promise<void> {
  await must(
    post(request, '/oa/approvalRevoke', { approvalId }, credentials),
    `revoke approval ${approvalId}`,
  );
}

type Detail = { state: number; pendingApproval: { approvalId: number; targetState: number } | null };

export async function contractDetail(
  request: APIRequestContext,
  credentials: Credentials,
  kind: Kind,
  contractId: number,
): Promise<Detail> {
  const path = kind === 'sale' ? '/contract/v2/contractSaleDetail' : '/contract/v2/contractRentDetail';
  return must(get<Detail>(request, `${path}?contractId=${contractId}`, credentials), 'contract detail');
}

/** A company of its own: its manager is sponsor and (approverType 1) approver of every definition. */
export type OwnCompany = { credentials: Credentials; userId: number; groupId: number | null };

export async function ownCompany(request: APIRequestContext): Promise<OwnCompany> {
  const phone = await registerCompany(request, '台账房产');
  const credentials = await login(request, phone, e2ePassword);
  const staff = await must(
    get<{ userId: number }[]>(request, '/org/v2/staffList?pageindex=1&pagesize=15', credentials),
    'staff',
  );
  const userId = staff[0]?.userId;
  if (!userId) throw new Error('no manager');
  return { credentials, userId, groupId: null };
}

/** Switches the approval of this item on (created at first use) or off. */
export async function setApproval(
  request: APIRequestContext,
  company: OwnCompany,
  oaItemId: number,
  enabled: boolean,
): Promise<void> {
  const items = await must(
    post<{ oaItemId: number; oaApprovalId: number | null }[]>(
      request,
      '/oa/oaItems',
      { appType: 5 },
      company.credentials,
    ),
    'oa items',
  );
  const existing = items.find((item) => item.oaItemId === oaItemId)?.oaApprovalId ?? null;
  if (existing === null) {
    if (!enabled) return;
    if (company.groupId === null) {
      const group = await must(
        post<{ groupId: number }>(request, '/oa/groupCreate', { groupName: '合同审批' }, company.credentials),
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
          appType: 5,
          oaItemId,
          name: `审批 ${oaItemId}`,
          approvers: [{ approverType: 1, userId: company.userId }],
        },
        company.credentials,
      ),
      'definition',
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
    'switch',
  );
}

export function approvalItem(kind: Kind, state: number): number {
  return kind === 'sale' ? 60 + state : 67 + state;
}

/** Opens the app with these credentials already stored (no login screen), the inspector available. */
export async function openAs(page: Page, credentials: Credentials, hash: string): Promise<void> {
  await page.addInitScript((value) => {
    if (sessionStorage.getItem('e2e-seeded')) return;
    localStorage.setItem('inspector', '1');
    localStorage.setItem('userToken', value);
    sessionStorage.setItem('e2e-seeded', '1');
  }, JSON.stringify(credentials));
  await page.goto(`/#${hash}`);
  if (isGatedAddress(hash)) await passPayStatusGate(page);
}

/** App pages (listings, customers, communities, contracts, signing, promotion) pass the pay-status gate. */
export function isGatedAddress(hash: string): boolean {
  return (
    /^\/views\/(house|customer|estate|contract|sign|promotion)\//.test(hash) && !hash.includes('to-be-signed')
  );
}

/**
 * Waits until the pay-status gate in front of a page opened by its address lets it through, putting
 * off the once-a-day expiry reminder (知道了) or taking the free trial (免费试用) when it shows. The gate itself is tested in
 * e2e/pay-status-gate.model.spec.ts and e2e/route-guard.spec.ts.
 */
/**
 * Passes the app's pay-status gate of the page at `path` (by default the path the address now names).
 * It first waits until that page is the one rendered: after a hash navigation or an in-app openPage the
 * previous page stays attached for a moment, and its absent gate would pass for the new page's.
 */
export async function passPayStatusGate(page: Page, path?: string): Promise<void> {
  const gate = page.getByTestId('pay-status-gate');
  const remindLater = gate.getByRole('button', { name: '知道了' });
  const expected = path ?? new URL(page.url()).hash.replace(/^#/, '').split('?')[0]!;
  // The page on its address renders with its gate in the same pass: once it is there, no gate means passed.
  await expect(page.getByTestId('standalone-page')).toHaveAttribute('data-path', expected, {
    timeout: 15_000,
  });
  const startTrial = gate.getByRole('button', { name: '免费试用' });
  await expect(async () => {
    if (await remindLater.isVisible()) await remindLater.click({ timeout: 1_000 });
    // A new company meets the app's free trial first, as its users would.
    if ((await startTrial.isVisible()) && (await startTrial.isEnabled()))
      await startTrial.click({ timeout: 1_000 });
    await expect(gate).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

/** The next call to this path fails at the network level (the client says 网络异常，请检查网络连接). */
export async function failNextCall(page: Page, path: string): Promise<void> {
  let failed = false;
  await page.route(
    (url) => url.pathname.endsWith(path),
    async (route) => {
      if (failed) return route.continue();
      failed = true;
      return route.abort('failed');
    },
  );
}

export const networkError = '网络异常，请检查网络连接';

export async function expectToast(page: Page, text: string): Promise<void> {
  // Among the visible ones: an earlier toast with the same text (two deletions in a row) may still be
  // in the stack while it fades out, and the first match would then never become visible.
  await expect(page.getByTestId('toast').filter({ hasText: text, visible: true }).first()).toBeVisible();
}
