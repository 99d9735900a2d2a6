/**
 * Test-side calls for the organisation specs: a fresh company (with account seats bought through
 * the sandbox payment when people are to join it), invitations, applications through the public
 * calls, and decisions — what the company's manager or an invitee does on the real server while a
 * path runs in the browser.
 */
import type { APIRequestContext } from '@playwright/test';
import { e2ePassword, freshCode, login, post, registerCompany, type Credentials } from './api';
import { get, must } from './oa';

export type OrgCompany = {
  credentials: Credentials;
  phone: string;
  headOfficeId: number;
  brokerRoleId: number;
};

/**
 * Buys the basic package with 5 account seats for a year, paid in the sandbox (it also opens the
 * listing, customer and community apps).
 */
export async function buySeats(request: APIRequestContext, credentials: Credentials): Promise<void> {
  await buyPackage(request, credentials, 1);
}

/** Buys a package (product 1 基础版, 3 签约版, ...) with 5 seats for a year, paid in the sandbox. */
export async function buyPackage(
  request: APIRequestContext,
  credentials: Credentials,
  productId: number,
): Promise<void> {
  const choice = { type: 1, productId, accountCount: 5, duration: 1 };
  const quote = await must(
    post<{ originalPrice: number; totalFee: number }>(
      request,
      '/packages/amount/productPackagesCalculation',
      choice,
      credentials,
    ),
    'package price',
  );
  const order = await must(
    post<{ orderNumber: string }>(
      request,
      '/packages/buy/createOrderProductPackages',
      {
        ...choice,
        originalPrice: quote.originalPrice,
        totalFee: quote.totalFee,
        coupons: [],
        paymentType: 1,
      },
      credentials,
    ),
    'package order',
  );
  await must(post(request, '/sandbox/payConfirm', { orderNumber: order.orderNumber }, credentials), 'pay');
}

/** A new company with only its manager; `seats` buys account seats so that people can join. */
export async function orgCompany(
  request: APIRequestContext,
  options: { seats?: boolean } = {},
): Promise<OrgCompany> {
  const phone = await registerCompany(request, '邀请房产');
  const credentials = await login(request, phone, e2ePassword);
  if (options.seats) await buySeats(request, credentials);
  const tree = await must(
    get<{ dept: { deptId: number } }[]>(request, '/org/v2/deptTree', credentials),
    'departments',
  );
  const roles = await must(
    get<{ roleId: number; roleName: string }[]>(request, '/org/v2/roleList', credentials),
    'roles',
  );
  const broker = roles.find((role) => role.roleName === '经纪人');
  if (!tree[0] || !broker) throw new Error('no head office or broker role');
  return { credentials, phone, headOfficeId: tree[0].dept.deptId, brokerRoleId: broker.roleId };
}

type ManageSetting = Record<string, unknown> & { joinApprove: 0 | 1 };

export async function setJoinApprove(
  request: APIRequestContext,
  company: OrgCompany,
  joinApprove: 0 | 1,
): Promise<void> {
  const current = await must(
    get<ManageSetting>(request, '/ChangeCenter/getManageSetting', company.credentials),
    'manage setting',
  );
  await must(
    post(request, '/ChangeCenter/manageSetting', { ...current, joinApprove }, company.credentials),
    'save manage setting',
  );
}

export async function createInvite(
  request: APIRequestContext,
  company: OrgCompany,
): Promise<{ inviteId: number; inviteCode: string; inviteUrl: string }> {
  return must(
    post<{ inviteId: number; inviteCode: string; inviteUrl: string }>(
      request,
      '/org/v2/inviteCreate',
      { deptId: company.headOfficeId, roleId: company.brokerRoleId, validDays: 7 },
      company.credentials,
    ),
    'invite',
  );
}

export async function cancelInvite(
  request: APIRequestContext,
  company: OrgCompany,
  inviteId: number,
): Promise<void> {
  await must(post(request, '/org/v2/inviteCancel', { inviteId }, company.credentials), 'cancel invite');
}

/** Applies as an invitee would (an SMS code, then inviteJoin); the application's id and ticket. */
export async function applyByInvite(
  request: APIRequestContext,
  inviteCode: string,
  mobile: string,
  name = '孙新人',
): Promise<{ applyId: number; ticket: string }> {
  const code = await freshCode(request, mobile);
  return must(
    post<{ applyId: number; ticket: string }>(request, '/org/v2/inviteJoin', {
      inviteCode,
      name,
      mobile,
      code,
    }),
    'join',
  );
}

export async function decideApply(
  request: APIRequestContext,
  company: OrgCompany,
  applyId: number,
  decision: 'approve' | 'reject',
): Promise<void> {
  const path = decision === 'approve' ? '/org/v2/applyApprove' : '/org/v2/applyReject';
  const body = decision === 'approve' ? { applyId } : { applyId, reason: '暂不招聘' };
  await must(post(request, path, body, company.credentials), decision);
}
