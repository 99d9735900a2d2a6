/**
 * The calls of the recharge centre, as actors for its machines. Prices come only from the server's
 * calculations; a calculation whose nested code is not 200 shows the nested message as a toast
 * (000 section 8) and quotes the price without the coupon.
 */
import { fromPromise } from 'xstate';
import { api, ok } from '../../api/client';
import { emitFeedback } from '../../api/feedback';
import type { components, paths } from '../../../openapi/generated/api';
import type { OrderCreated, OrderRequest, OrderStatus } from '../../../machines/order-payment.machine';

type Schemas = components['schemas'];
export type ProductPackage = Schemas['RechargeProductPackage'];
export type SignPriceItem = Schemas['RechargeSignPriceItem'];
export type Calculation = Schemas['RechargeCalculation'];
export type AccountSummary = Schemas['RechargeAccountSummary'];
export type Coupon = Schemas['RechargeCoupon'];
export type CheckoutCoupon = Schemas['RechargeCheckoutCoupon'];
export type Gift = Schemas['RechargeGift'];
export type ConsumptionRecord = Schemas['RechargeConsumptionRecord'];
export type SignLedgerRecord = Schemas['SignRechargeRecord'];
export type CompanyPackage = Schemas['RechargeCompanyPackage'];

type JsonBody<P extends keyof paths> = paths[P] extends {
  post: { requestBody: { content: { 'application/json': infer B } } };
}
  ? B
  : never;
export type SignOrderBody = JsonBody<'/buy/sign/signRecharge'>;
export type SeatsOrderBody = JsonBody<'/buy/account/accountRecharge'>;
export type PackageOrderBody = JsonBody<'/packages/buy/createOrderProductPackages'>;
export type SignQuoteInput = JsonBody<'/products/sign/signPriceCalculation'>;
export type SeatsQuoteInput = JsonBody<'/packages/amount/accountCalculation'>;
export type PackageQuoteInput = JsonBody<'/packages/amount/productPackagesCalculation'>;

export const couponPageSize = 15;
export const recordPageSize = 10;

function showNestedMessage(calculation: Calculation | undefined): Calculation {
  if (!calculation) throw new Error('计价结果为空');
  if (calculation.code !== 200) emitFeedback({ kind: 'toast', text: calculation.message, tone: 'error' });
  return calculation;
}

export const loadAccountSummary = fromPromise<unknown>(
  async () => (await ok(api.GET('/account/query/queryAccountCount'))).data ?? null,
);

export const loadPackages = fromPromise<unknown>(
  async () => (await ok(api.GET('/packages/productPackagesList'))).data ?? [],
);

export const loadCompanyPackages = fromPromise<unknown>(async () => {
  const result = await ok(
    api.GET('/packages/packagesPosts', { params: { query: { pageindex: 1, pagesize: 15 } } }),
  );
  return result.data ?? [];
});

export const loadSignPrices = fromPromise<unknown>(
  async () => (await ok(api.GET('/products/sign/signPriceList'))).data ?? [],
);

/** Coupons that may go with an order of this goods type (usable ones first). */
export function loadCheckoutCoupons(goodsType: 1 | 2 | 3) {
  return fromPromise<unknown>(async () => {
    const result = await ok(api.GET('/packages/couponsPosts', { params: { query: { goodsType } } }));
    return result.data ?? [];
  });
}

export const quoteSign = fromPromise<unknown, { value: unknown }>(async ({ input }) => {
  const body = input.value as SignQuoteInput;
  return showNestedMessage((await ok(api.POST('/products/sign/signPriceCalculation', { body }))).data);
});

export const quoteSeats = fromPromise<unknown, { value: unknown }>(async ({ input }) => {
  const body = input.value as SeatsQuoteInput;
  return showNestedMessage((await ok(api.POST('/packages/amount/accountCalculation', { body }))).data);
});

export const quotePackage = fromPromise<unknown, { value: unknown }>(async ({ input }) => {
  const body = input.value as PackageQuoteInput;
  return showNestedMessage(
    (await ok(api.POST('/packages/amount/productPackagesCalculation', { body }))).data,
  );
});

/** The first quote of a form: sign credits default to 10 (000 section 9). */
export const quoteDefaultSign = fromPromise<unknown>(async () =>
  showNestedMessage(
    (await ok(api.POST('/products/sign/signPriceCalculation', { body: { signCount: 10 } }))).data,
  ),
);

/** Seats default to the minimum 5 (000 section 5); a company without a package gets 请先购买套餐. */
export const quoteDefaultSeats = fromPromise<unknown>(async () =>
  showNestedMessage((await ok(api.POST('/packages/amount/accountCalculation', { body: { count: 5 } }))).data),
);

/** A package is quoted once the user has chosen one. */
export const noQuoteYet = fromPromise<unknown>(async () => null);

/** One page of my coupons of a use state (the list-page kit's loader). */
export async function fetchCoupons(
  query: { useType: 1 | 2 | 3 },
  pageindex: number,
  pagesize: number,
): Promise<{ rows: Coupon[]; total: number }> {
  const result = await ok(
    api.GET('/packages/couponsList', { params: { query: { useType: query.useType, pageindex, pagesize } } }),
  );
  return { rows: result.data ?? [], total: result.total ?? 0 };
}

/** One page of consumption records (the list-page kit's loader). */
export async function fetchRecords(
  _query: Record<string, never>,
  pageindex: number,
  pagesize: number,
): Promise<{ rows: ConsumptionRecord[]; total: number }> {
  const result = await ok(
    api.GET('/packages/consumptionRecords', { params: { query: { pageindex, pagesize } } }),
  );
  return { rows: result.data ?? [], total: result.total ?? 0 };
}

export type SignLedgerKind = 1 | 2 | 3 | 4;

/** 签约份数流水: every change of the sign-credit balance, 10 per page, optionally of one kind. */
export async function fetchSignLedger(
  query: { type?: SignLedgerKind },
  pageindex: number,
  pagesize: number,
): Promise<{ rows: SignLedgerRecord[]; total: number }> {
  const result = await ok(
    api.GET('/sign/rechargeRecordPosts', { params: { query: { ...query, pageindex, pagesize } } }),
  );
  return { rows: result.data ?? [], total: result.total ?? 0 };
}

export const loadGifts = fromPromise<unknown>(
  async () => (await ok(api.GET('/coupons/receiveCouponsMessage'))).data ?? [],
);

/** Receives one gift (a coupon or sign credits) and answers the gifts still to receive. */
export const receiveGift = fromPromise<unknown, { value: unknown }>(async ({ input }) => {
  const gift = input.value as Gift;
  const result =
    gift.giftType === 1
      ? await ok(api.POST('/coupons/receiveCoupons', { body: { id: gift.id } }))
      : await ok(api.POST('/coupons/receiveSignContract', { body: { id: gift.id } }));
  emitFeedback({ kind: 'toast', text: result.message || '领取成功', tone: 'success' });
  return (await ok(api.GET('/coupons/receiveCouponsMessage'))).data ?? [];
});

export const createOrder = fromPromise<OrderCreated, { request: OrderRequest }>(async ({ input }) => {
  const { kind, body } = input.request;
  const result =
    kind === 'sign'
      ? await ok(api.POST('/buy/sign/signRecharge', { body: body as SignOrderBody }))
      : kind === 'seats'
        ? await ok(api.POST('/buy/account/accountRecharge', { body: body as SeatsOrderBody }))
        : await ok(api.POST('/packages/buy/createOrderProductPackages', { body: body as PackageOrderBody }));
  if (!result.data) throw new Error('下单结果为空');
  return result.data;
});

export const queryOrder = fromPromise<OrderStatus, { orderNumber: string }>(async ({ input }) => {
  const result = await ok(
    api.GET('/packages/query/queryOrder', { params: { query: { orderNumber: input.orderNumber } } }),
  );
  if (!result.data) throw new Error('订单为空');
  return result.data;
});

/** The order being paid, kept across a reload so the page resumes polling it (per user). */
export type PendingOrder = { orderNumber: string; payUrl: string | null; totalAmount: number | null };

function pendingKey(userId: number): string {
  return `rechargePendingOrder:${userId}`;
}

export function readPendingOrder(userId: number): PendingOrder | null {
  try {
    const raw = localStorage.getItem(pendingKey(userId));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<PendingOrder>;
    return typeof parsed.orderNumber === 'string'
      ? {
          orderNumber: parsed.orderNumber,
          payUrl: parsed.payUrl ?? null,
          totalAmount: parsed.totalAmount ?? null,
        }
      : null;
  } catch {
    return null;
  }
}

export function savePendingOrder(userId: number, order: PendingOrder): void {
  localStorage.setItem(pendingKey(userId), JSON.stringify(order));
}

export function clearPendingOrder(userId: number): void {
  localStorage.removeItem(pendingKey(userId));
}
