/** The customer book from the test side: customers entered through the API, companies with staff, the page. */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { e2ePassword, freshCode, freshPhone, login, post, registerCompany, type Credentials } from './api';
import { get, must, openAs } from './oa';
import { buySeats } from './org';

export type Standing = { attribution: number; isMine: boolean; dealStatus: number };

let counter = 0;

/** A customer name nobody else uses in this run. */
export function freshName(prefix = '客户'): string {
  counter += 1;
  return `${prefix}${String.fromCharCode(0x4e00 + ((Date.now() + process.pid * 31 + counter * 7919) % 20000))}${counter}`;
}

export function buyer(overrides: Record<string, unknown> = {}) {
  return {
    customerType: 1,
    customerAttribution: 1,
    name: freshName(),
    phones: [{ phone: freshPhone() }],
    demand: { priceMin: 500, priceMax: 700, areaMin: 80, areaMax: 110, room: [3] },
    ...overrides,
  };
}

export async function enterCustomer(
  request: APIRequestContext,
  credentials: Credentials,
  body: Record<string, unknown>,
): Promise<number> {
  const added = await must(
    post<{ customerId: number }>(request, '/customer/v2/customerAdd', body, credentials),
    'customerAdd',
  );
  return added.customerId;
}

export async function customerCall(
  request: APIRequestContext,
  credentials: Credentials,
  path: string,
  body: Record<string, unknown>,
): Promise<void> {
  await must(post(request, `/customer/v2/${path}`, body, credentials), path);
}

export async function userIdOf(request: APIRequestContext, credentials: Credentials, name: string) {
  const staff = await must(
    get<{ userId: number; name: string; deptId: number | null }[]>(
      request,
      '/org/v2/staffList?pageindex=1&pagesize=50',
      credentials,
    ),
    'staffList',
  );
  const person = staff.find((row) => row.name === name);
  if (!person) throw new Error(`no staff ${name}`);
  return person;
}

export const settingWith = (upperLimit: { selected: 0 | 1; sell: number }) => ({
  removeDuplicates: 1,
  distribution: { selected: 0, type: 1 },
  upperLimit: { ...upperLimit, rent: 0, new: 0 },
  sellOutRule: { deal: 0, follow: 0, followVisit: 0, takeBack: 0, outType: 1 },
  rentOutRule: { deal: 0, follow: 0, followVisit: 0, takeBack: 0, outType: 1 },
  newOutRule: { deal: 0, follow: 0, followVisit: 0, takeBack: 0, outType: 1 },
});

export type StaffMember = { name: string; phone: string; userId: number; credentials: Credentials };
export type CustomerCompany = { manager: Credentials; managerName: string; staff: StaffMember[] };

/** A new company of its own (its settings change nothing for other tests), with brokers who can sign in. */
export async function customerCompany(
  request: APIRequestContext,
  brokers: string[] = [],
): Promise<CustomerCompany> {
  const managerPhone = await registerCompany(request, '客源房产');
  const manager = await login(request, managerPhone, e2ePassword);
  // The basic package opens the customer app and gives the seats the brokers take.
  await buySeats(request, manager);
  const roles = await must(
    get<{ roleId: number; roleName: string }[]>(request, '/org/v2/roleList', manager),
    'roleList',
  );
  const brokerRole = roles.find((role) => role.roleName === '经纪人');
  if (!brokerRole) throw new Error('no broker role');
  const [first] = await must(
    get<{ deptId: number | null }[]>(request, '/org/v2/staffList?pageindex=1&pagesize=15', manager),
    'staffList',
  );
  const deptId = first?.deptId;
  if (!deptId) throw new Error('no department');
  const staff: StaffMember[] = [];
  for (const name of brokers) {
    const phone = freshPhone();
    const added = await must(
      post<{ userId: number }>(
        request,
        '/org/v2/staffAdd',
        { name, mobile: phone, deptId, roleId: brokerRole.roleId },
        manager,
      ),
      'staffAdd',
    );
    const code = await freshCode(request, phone);
    const signedIn = await must(
      post<Credentials>(request, '/user/login/registerOrLogin', { userName: phone, code }, {}),
      'registerOrLogin',
    );
    staff.push({
      name,
      phone,
      userId: added.userId,
      credentials: { token: signedIn.token, sessionid: signedIn.sessionid },
    });
  }
  return { manager, managerName: '测试经理', staff };
}

/** Opens the customer book (past the app's pay-status gate). */
export async function openCustomerBook(page: Page, credentials: Credentials): Promise<void> {
  await openAs(page, credentials, '/views/customer/index');
  await expect(page.getByTestId('customer-page')).toBeVisible({ timeout: 30_000 });
}

/** Finds one customer by phone in a tab (私客 / 公客) of the book. */
export async function findByPhone(page: Page, tab: '私客' | '公客', phone: string): Promise<void> {
  await page.getByRole('tab', { name: tab }).click();
  const search = page.getByTestId('customer-search');
  await search.getByLabel('关键字').fill(phone);
  await search.getByRole('button', { name: '搜索' }).click();
  // The rows of the search before stay shown (dimmed) while this one loads: wait for this one's row
  // (the list shows the phone masked, its last 4 digits in clear).
  await expect(page.getByTestId('customer-row')).toHaveCount(1);
  await expect(page.getByTestId('customer-row')).toContainText(phone.slice(-4));
}

/** Opens the detail of the one customer listed. */
export async function openFirstRow(page: Page): Promise<void> {
  await page.getByTestId('customer-row').first().getByRole('button').first().click();
  await expect(page.getByTestId('customer-detail')).toBeVisible();
}
