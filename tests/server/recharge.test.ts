import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../support/test-app';
import { createCompany } from '../../server/areas/org/companies';
import { hashPassword } from '../../server/areas/user/passwords';
import { productCatalogue, signPriceTiers } from '../../server/areas/recharge/catalogue';
import { seedRechargeDemo } from '../../server/areas/recharge/demo';
import { rechargeCoupons, rechargeProducts, rechargeSignPrices } from '../../server/db/schema-recharge';
import { openDatabase } from '../../server/db/client';
import { buildApp } from '../../server/app';
import { seedDemoData } from '../../server/seed/demo';
import { createManualClock } from '../../server/clock';

type Headers = Record<string, string>;
type Calculation = {
  code: number;
  message: string;
  originalPrice: number;
  couponAmount: number;
  totalFee: number;
  unitPrice: number;
  coupon: unknown;
};
type Created = {
  orderNumber: string;
  payUrl: string | null;
  totalAmount: number;
  originalPrice: number;
  type: number;
};
type Gate = { type: number; expirationDate: string | null; tryDays: number | null; expiredSeals: unknown[] };

const day = 24 * 60 * 60 * 1000;

describe('recharge centre, orders and the pay-status gate', () => {
  let t: TestApp;
  let manager: Headers;
  let managerB: Headers;
  let companyNumber = 0;

  beforeAll(async () => {
    t = await createTestApp();
    manager = await login(t.app, '13800000000');
    managerB = await login(t.app, '13900000000');
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, headers: Headers, query: Record<string, string> = {}) =>
    call(t.app, 'GET', url, { headers, query });
  const post = (url: string, headers: Headers, body: unknown) => call(t.app, 'POST', url, { headers, body });

  async function balance(headers: Headers): Promise<number> {
    return ((await get('/account/query/queryAccountCount', headers)).data as { signCount: number }).signCount;
  }

  async function orderSignCredits(
    headers: Headers,
    signCount: number,
    coupons: number[] = [],
  ): Promise<Created> {
    const quote = (await post('/products/sign/signPriceCalculation', headers, { signCount, coupons }))
      .data as Calculation;
    const result = await post('/buy/sign/signRecharge', headers, {
      signCount,
      coupons,
      originalPrice: quote.originalPrice,
      totalFee: quote.totalFee,
      paymentType: 1,
    });
    expect(result.code, result.message).toBe(200);
    return result.data as Created;
  }

  async function orderPackage(
    headers: Headers,
    body: { type: 1 | 2; productId: number; accountCount: number; duration: number },
  ): Promise<Created> {
    const quote = await post('/packages/amount/productPackagesCalculation', headers, body);
    expect(quote.code, quote.message).toBe(200);
    const { originalPrice, totalFee } = quote.data as Calculation;
    const result = await post('/packages/buy/createOrderProductPackages', headers, {
      ...body,
      originalPrice,
      totalFee,
      paymentType: 1,
    });
    expect(result.code, result.message).toBe(200);
    return result.data as Created;
  }

  async function confirm(headers: Headers, orderNumber: string) {
    return post('/sandbox/payConfirm', headers, { orderNumber });
  }

  async function gate(headers: Headers, payStatusId: number): Promise<Gate> {
    const result = await get('/search/appUseSwitch', headers, { payStatusId: String(payStatusId) });
    expect(result.code, result.message).toBe(200);
    return result.data as Gate;
  }

  /** A new company with only a manager, nothing bought. */
  async function newCompany(): Promise<{
    headers: Headers;
    companyId: number;
    managerId: number;
    userName: string;
  }> {
    companyNumber += 1;
    const userName = `1370000${String(companyNumber).padStart(4, '0')}`;
    const created = await createCompany(t.database.db, {
      name: `测试房产${companyNumber}`,
      manager: { userName, name: '新经理', passwordHash: await hashPassword('demo1234') },
    });
    return {
      headers: await login(t.app, userName),
      companyId: created.companyId,
      managerId: created.managerId,
      userName,
    };
  }

  function beijingDate(ms: number): string {
    return new Date(ms + 8 * 60 * 60 * 1000).toISOString().slice(0, 10);
  }

  it('has the same catalogue in the database (migration) as in the code', async () => {
    const products = await t.database.db.select().from(rechargeProducts).orderBy(asc(rechargeProducts.id));
    expect(
      products.map((p) => ({
        id: p.id,
        name: p.name,
        unitPriceFen: p.unitPriceFen,
        originalUnitPriceFen: p.originalUnitPriceFen,
        minAccountCount: p.minAccountCount,
        signCountPerYear: p.signCountPerYear,
        appTypes: p.appTypes,
        isRecommended: p.isRecommended,
      })),
    ).toEqual(productCatalogue.map((p) => ({ ...p, appTypes: [...p.appTypes] })));
    const tiers = await t.database.db
      .select()
      .from(rechargeSignPrices)
      .orderBy(asc(rechargeSignPrices.count));
    expect(tiers.map(({ count, unitPriceFen }) => ({ count, unitPriceFen }))).toEqual(
      signPriceTiers.map((tier) => ({ ...tier })),
    );
  });

  it('lists packages in 元 per account per year and marks the one in use', async () => {
    const result = await get('/packages/productPackagesList', manager);
    const packages = result.data as {
      productId: number;
      name: string;
      unitPrice: number;
      isCurrent: number;
      recommended: number;
    }[];
    expect(packages.map((p) => p.name)).toEqual(['基础版', '营销版', '签约版', '旗舰版']);
    expect(packages.find((p) => p.name === '签约版')).toMatchObject({
      unitPrice: 598,
      isCurrent: 1,
      recommended: 1,
    });
    expect(packages.filter((p) => p.isCurrent === 1)).toHaveLength(1);
  });

  it('prices sign credits by the tier the count falls into', async () => {
    const tiers = (await get('/products/sign/signPriceList', manager)).data as {
      count: number;
      unitPrice: number;
    }[];
    expect(tiers.map((tier) => tier.count)).toEqual([1, 50, 100, 500, 1000, 5000]);
    expect(tiers[0]).toMatchObject({ count: 1, unitPrice: 3 });
    const cases: [number, number, number][] = [
      [10, 3, 30],
      [49, 3, 147],
      [50, 2.8, 140],
      [99, 2.8, 277.2],
      [100, 2.5, 250],
      [5000, 1.6, 8000],
    ];
    for (const [signCount, unitPrice, originalPrice] of cases) {
      const result = await post('/products/sign/signPriceCalculation', manager, { signCount });
      expect(result.data).toMatchObject({
        code: 200,
        unitPrice,
        originalPrice,
        couponAmount: 0,
        totalFee: originalPrice,
        coupon: null,
      });
    }
  });

  it('puts the verdict on a coupon in the nested code and message, and prices without the coupon then', async () => {
    const coupons = (await get('/packages/couponsList', manager, { useType: '1' })).data as {
      couponId: number;
      name: string;
    }[];
    const byName = (name: string) => coupons.find((c) => c.name === name)!.couponId;
    const discount = await post('/products/sign/signPriceCalculation', manager, {
      signCount: 100,
      coupons: [byName('签约份数 9 折券')],
    });
    expect(discount.code).toBe(200);
    expect(discount.data).toMatchObject({ code: 200, originalPrice: 250, couponAmount: 25, totalFee: 225 });
    const threshold = await post('/products/sign/signPriceCalculation', manager, {
      signCount: 10,
      coupons: [byName('新客满减券')],
    });
    expect(threshold.code).toBe(200);
    expect(threshold.data).toMatchObject({
      code: 405,
      message: '该优惠券未达到使用门槛',
      originalPrice: 30,
      couponAmount: 0,
      totalFee: 30,
      coupon: null,
    });
    const wrongGoods = await post('/products/sign/signPriceCalculation', manager, {
      signCount: 500,
      coupons: [byName('账号席位满减券')],
    });
    expect(wrongGoods.data).toMatchObject({ code: 405, message: '该优惠券不适用于该商品' });
    const expired = (
      (await get('/packages/couponsList', manager, { useType: '3' })).data as { couponId: number }[]
    )[0]!;
    const late = await post('/products/sign/signPriceCalculation', manager, {
      signCount: 10,
      coupons: [expired.couponId],
    });
    expect(late.data).toMatchObject({ code: 405, message: '该优惠券已过期' });
    const foreign = await post('/products/sign/signPriceCalculation', managerB, {
      signCount: 10,
      coupons: [byName('签约份数 9 折券')],
    });
    expect(foreign.data).toMatchObject({ code: 405, message: '优惠券不存在' });
    const order = await post('/buy/sign/signRecharge', manager, {
      signCount: 10,
      coupons: [byName('新客满减券')],
      originalPrice: 30,
      totalFee: 30,
      paymentType: 1,
    });
    expect(order).toMatchObject({ code: 405, message: '该优惠券未达到使用门槛' });
  });

  it('prices packages as unit price × accounts × years and refuses purchases that make no sense', async () => {
    const renew = await post('/packages/amount/productPackagesCalculation', manager, {
      type: 2,
      productId: 3,
      accountCount: 10,
      duration: 2,
    });
    expect(renew.data).toMatchObject({
      code: 200,
      unitPrice: 598,
      originalPrice: 11960,
      totalFee: 11960,
      duration: 2,
      count: 10,
    });
    const again = await post('/packages/amount/productPackagesCalculation', manager, {
      type: 1,
      productId: 3,
      accountCount: 10,
      duration: 1,
    });
    expect(again).toMatchObject({ code: 405, message: '您已开通该套餐，请选择续费' });
    const otherRenew = await post('/packages/amount/productPackagesCalculation', manager, {
      type: 2,
      productId: 4,
      accountCount: 10,
      duration: 1,
    });
    expect(otherRenew).toMatchObject({ code: 405, message: '续费只能选择当前套餐（签约版）' });
    const unknown = await post('/packages/amount/productPackagesCalculation', manager, {
      type: 1,
      productId: 99,
      accountCount: 10,
      duration: 1,
    });
    expect(unknown).toMatchObject({ code: 405, message: '套餐不存在或已下架' });
    const tooFew = await post('/packages/amount/productPackagesCalculation', manager, {
      type: 1,
      productId: 4,
      accountCount: 3,
      duration: 1,
    });
    expect(tooFew.code).toBe(405);
    const { headers } = await newCompany();
    const noPackage = await post('/packages/amount/productPackagesCalculation', headers, {
      type: 2,
      productId: 1,
      accountCount: 5,
      duration: 1,
    });
    expect(noPackage).toMatchObject({ code: 405, message: '您还没有开通套餐，请选择新购' });
    expect(await post('/packages/amount/accountCalculation', headers, { count: 5 })).toMatchObject({
      code: 405,
      message: '请先购买套餐',
    });
  });

  it('credits a paid order exactly once, however many confirmations arrive at the same time', async () => {
    const before = await balance(manager);
    const order = await orderSignCredits(manager, 100);
    expect(order).toMatchObject({ type: 1, totalAmount: 250, originalPrice: 250 });
    expect(order.payUrl).toBe(`/#/sandbox/pay?orderNumber=${order.orderNumber}`);
    expect(order.orderNumber).toMatch(/^FK\d{18}$/);
    expect(
      (await get('/packages/query/queryOrder', manager, { orderNumber: order.orderNumber })).data,
    ).toMatchObject({ status: 0, paidAt: null });
    const page = await get('/sandbox/payOrder', manager, { orderNumber: order.orderNumber });
    expect(page.data).toMatchObject({
      title: '签约 100 份',
      totalAmount: 250,
      paymentName: '微信支付',
      companyName: '安居房产经纪有限公司',
      status: 0,
    });

    const results = await Promise.all(Array.from({ length: 20 }, () => confirm(manager, order.orderNumber)));
    expect(results.every((r) => r.code === 200)).toBe(true);
    expect(results.filter((r) => r.message === '支付成功')).toHaveLength(1);
    expect(results.filter((r) => r.message === '该订单已支付，无需重复支付')).toHaveLength(19);
    expect(await balance(manager)).toBe(before + 100);

    const polled = await Promise.all(
      Array.from({ length: 5 }, () =>
        get('/packages/query/queryOrder', manager, { orderNumber: order.orderNumber }),
      ),
    );
    expect(polled.every((r) => (r.data as { status: number }).status === 1)).toBe(true);
    expect((await confirm(manager, order.orderNumber)).message).toBe('该订单已支付，无需重复支付');
    expect(await balance(manager)).toBe(before + 100);
    const records = await get('/packages/consumptionRecords', manager);
    expect((records.data as { orderNumber: string; operatorName: string }[])[0]).toMatchObject({
      orderNumber: order.orderNumber,
      operatorName: '张经理',
      totalAmount: 250,
    });
  });

  it('refuses an order whose prices differ from the server quote', async () => {
    const result = await post('/buy/sign/signRecharge', manager, {
      signCount: 100,
      originalPrice: 200,
      totalFee: 200,
      paymentType: 1,
    });
    expect(result).toMatchObject({ code: 405, message: '价格已变动，请重新计算' });
  });

  it('cancels an unpaid order, gives its coupon back and never credits it', async () => {
    const before = await balance(manager);
    const couponId = (
      (await get('/packages/couponsPosts', manager, { goodsType: '2', amount: '250' })).data as {
        couponId: number;
        name: string;
        usable: number;
      }[]
    ).find((c) => c.name === '签约份数 9 折券')!.couponId;
    const order = await orderSignCredits(manager, 100, [couponId]);
    expect(order.totalAmount).toBe(225);
    const locked = (await get('/packages/couponsList', manager, { useType: '2' })).data as {
      couponId: number;
      orderNumber: string;
    }[];
    expect(locked.find((c) => c.couponId === couponId)?.orderNumber).toBe(order.orderNumber);
    const twice = await post('/products/sign/signPriceCalculation', manager, {
      signCount: 100,
      coupons: [couponId],
    });
    expect(twice.data).toMatchObject({ code: 405, message: '该优惠券已使用' });

    const cancelled = await post('/sandbox/payCancel', manager, { orderNumber: order.orderNumber });
    expect(cancelled).toMatchObject({ code: 200, message: '已取消支付' });
    expect((cancelled.data as { status: number }).status).toBe(2);
    expect((await post('/sandbox/payCancel', manager, { orderNumber: order.orderNumber })).code).toBe(200);
    expect(await confirm(manager, order.orderNumber)).toMatchObject({
      code: 409,
      message: '订单已取消，无法支付',
    });
    expect(await balance(manager)).toBe(before);
    const unused = (await get('/packages/couponsList', manager, { useType: '1' })).data as {
      couponId: number;
    }[];
    expect(unused.map((c) => c.couponId)).toContain(couponId);
  });

  it('closes an order left unpaid for 30 minutes and refuses to pay it afterwards', async () => {
    const before = await balance(manager);
    const order = await orderSignCredits(manager, 10);
    t.clock.advance(31 * 60 * 1000);
    expect(
      (await get('/packages/query/queryOrder', manager, { orderNumber: order.orderNumber })).data,
    ).toMatchObject({ status: 3 });
    expect(await confirm(manager, order.orderNumber)).toMatchObject({
      code: 409,
      message: '订单已超时关闭，请重新下单',
    });
    expect(await balance(manager)).toBe(before);
    const paidOrder = await orderSignCredits(manager, 10);
    expect((await post('/sandbox/payConfirm', manager, { orderNumber: paidOrder.orderNumber })).code).toBe(
      200,
    );
    expect(await post('/sandbox/payCancel', manager, { orderNumber: paidOrder.orderNumber })).toMatchObject({
      code: 409,
      message: '订单已支付，无法取消',
    });
  });

  it('completes an order with nothing to pay at once (type 2, 购买成功)', async () => {
    const { headers, companyId } = await newCompany();
    const [coupon] = await t.database.db
      .insert(rechargeCoupons)
      .values({
        companyId,
        name: '签约体验券',
        couponType: 1,
        amountFen: 500,
        goodsType: 2,
        validFrom: new Date(t.clock.now().getTime() - day),
        validTo: new Date(t.clock.now().getTime() + day),
      })
      .returning();
    const quote = (
      await post('/products/sign/signPriceCalculation', headers, { signCount: 1, coupons: [coupon!.id] })
    ).data as Calculation;
    expect(quote).toMatchObject({ code: 200, originalPrice: 3, couponAmount: 3, totalFee: 0 });
    const result = await post('/buy/sign/signRecharge', headers, {
      signCount: 1,
      coupons: [coupon!.id],
      originalPrice: 3,
      totalFee: 0,
      paymentType: 1,
    });
    expect(result).toMatchObject({
      code: 200,
      message: '购买成功',
      data: { type: 2, payUrl: null, totalAmount: 0, originalPrice: 3 },
    });
    expect(await balance(headers)).toBe(1);
    const records = (await get('/packages/consumptionRecords', headers)).data as {
      paymentType: number | null;
      couponAmount: number;
    }[];
    expect(records).toMatchObject([{ paymentType: null, couponAmount: 3, totalAmount: 0 }]);
  });

  it('without the sandbox, refuses orders that need payment and hides the pay page', async () => {
    const app = await buildApp({ db: t.database.db, clock: t.clock, isSandbox: false });
    try {
      const order = await call(app, 'POST', '/buy/sign/signRecharge', {
        headers: manager,
        body: { signCount: 10, originalPrice: 30, totalFee: 30, paymentType: 1 },
      });
      expect(order).toMatchObject({ code: 405, message: '在线支付暂未开通，请联系客服' });
      const page = await call(app, 'GET', '/sandbox/payOrder', {
        headers: manager,
        query: { orderNumber: 'FK1' },
      });
      expect(page).toMatchObject({ code: 404, message: '沙箱未开启' });
    } finally {
      await app.close();
    }
  });

  it('keeps orders of one company away from another', async () => {
    const order = await orderSignCredits(manager, 10);
    expect((await get('/packages/query/queryOrder', managerB, { orderNumber: order.orderNumber })).code).toBe(
      404,
    );
    expect((await get('/sandbox/payOrder', managerB, { orderNumber: order.orderNumber })).code).toBe(404);
    expect((await confirm(managerB, order.orderNumber)).code).toBe(404);
    expect((await post('/sandbox/payCancel', managerB, { orderNumber: order.orderNumber })).code).toBe(404);
    expect(
      (await get('/packages/query/queryOrder', manager, { orderNumber: order.orderNumber })).data,
    ).toMatchObject({ status: 0 });
    const recordsB = (await get('/packages/consumptionRecords', managerB)).data as { orderNumber: string }[];
    expect(recordsB.map((r) => r.orderNumber)).not.toContain(order.orderNumber);
  });

  it('lets only holders of 充值中心 buy, while everyone reads the gate', async () => {
    const broker = await login(t.app, '13800000003');
    const finance = await login(t.app, '13800000004');
    expect(
      (
        await post('/buy/sign/signRecharge', broker, {
          signCount: 10,
          originalPrice: 30,
          totalFee: 30,
          paymentType: 1,
        })
      ).code,
    ).toBe(403);
    expect((await get('/packages/couponsList', broker)).code).toBe(403);
    expect((await post('/products/sign/signPriceCalculation', finance, { signCount: 10 })).code).toBe(200);
    expect((await gate(broker, 6)).type).toBe(0);
  });

  it('hands out each gift once and only to its company', async () => {
    const gifts = (await get('/coupons/receiveCouponsMessage', manager)).data as {
      id: number;
      giftType: number;
      signCount: number | null;
    }[];
    expect(gifts.map((g) => g.giftType).sort()).toEqual([1, 2]);
    const signGift = gifts.find((g) => g.giftType === 2)!;
    const couponGift = gifts.find((g) => g.giftType === 1)!;
    expect((await post('/coupons/receiveSignContract', managerB, { id: signGift.id })).code).toBe(404);
    expect((await post('/coupons/receiveCoupons', manager, { id: signGift.id })).code).toBe(405);
    const before = await balance(manager);
    const received = await Promise.all(
      [1, 2, 3].map(() => post('/coupons/receiveSignContract', manager, { id: signGift.id })),
    );
    expect(received.filter((r) => r.code === 200)).toHaveLength(1);
    expect(received.filter((r) => r.code === 409)).toHaveLength(2);
    expect(await balance(manager)).toBe(before + 20);
    const coupon = await post('/coupons/receiveCoupons', manager, { id: couponGift.id });
    expect(coupon).toMatchObject({
      code: 200,
      data: { name: '套餐 8.5 折券', couponType: 2, discount: 8.5, goodsType: 1, useType: 1 },
    });
    expect(await post('/coupons/receiveCoupons', manager, { id: couponGift.id })).toMatchObject({
      code: 409,
      message: '该赠送已领取',
    });
    expect((await get('/coupons/receiveCouponsMessage', manager)).data).toEqual([]);
  });

  it('pages coupons by 15 and consumption records by 10', async () => {
    const { headers, companyId } = await newCompany();
    const now = t.clock.now().getTime();
    await t.database.db.insert(rechargeCoupons).values(
      Array.from({ length: 17 }, (_, i) => ({
        companyId,
        name: `券${i}`,
        couponType: 1,
        amountFen: 100,
        validFrom: new Date(now - day),
        validTo: new Date(now + (i + 1) * day),
      })),
    );
    const first = await get('/packages/couponsList', headers);
    expect(first.total).toBe(17);
    expect(first.data).toHaveLength(15);
    expect((await get('/packages/couponsList', headers, { pageindex: '2' })).data).toHaveLength(2);
    for (let i = 0; i < 11; i += 1) await confirm(headers, (await orderSignCredits(headers, 1)).orderNumber);
    const records = await get('/packages/consumptionRecords', headers);
    expect(records.total).toBe(11);
    expect(records.data).toHaveLength(10);
  });

  it('builds the demo outcomes from data: usable, expired, trial offered', async () => {
    const a = await newCompany();
    const b = await newCompany();
    await seedRechargeDemo(t.database.db, { a, b }, t.clock.now());
    expect(await gate(a.headers, 6)).toMatchObject({ type: 0 });
    expect(await gate(a.headers, 1)).toMatchObject({ type: 0 });
    expect(await gate(a.headers, 21)).toMatchObject({ type: 2 });
    expect(await gate(a.headers, 5)).toMatchObject({ type: 3, tryDays: 7 });
    expect(await gate(b.headers, 1)).toMatchObject({ type: 0 });
    expect(await gate(b.headers, 6)).toMatchObject({ type: 3 });
    expect(await balance(a.headers)).toBe(220);
  });

  // These two move the clock on by years; sessions last 7 days, so they log in again after each jump.
  it('derives each app gate from purchases, expiry and the trial', async () => {
    const company = await newCompany();
    let headers = company.headers;
    expect(await gate(headers, 1)).toMatchObject({ type: 1, expirationDate: null });
    expect(await gate(headers, 6)).toMatchObject({ type: 3, tryDays: 7 });
    expect(await gate(headers, 999)).toMatchObject({ type: 0, expirationDate: null });
    expect(await gate(headers, 88)).toMatchObject({ type: 0 });

    const bought = t.clock.now().getTime();
    const order = await orderPackage(headers, { type: 1, productId: 3, accountCount: 5, duration: 1 });
    expect(order).toMatchObject({ type: 1, totalAmount: 2990 });
    expect((await gate(headers, 6)).type).toBe(3);
    expect((await confirm(headers, order.orderNumber)).code).toBe(200);
    const expiry = beijingDate(new Date(bought).setFullYear(new Date(bought).getFullYear() + 1));
    expect(await gate(headers, 1)).toMatchObject({ type: 0, expirationDate: expiry });
    expect(await gate(headers, 6)).toMatchObject({ type: 0, expirationDate: expiry, expiredSeals: [] });
    expect(await gate(headers, 5)).toMatchObject({ type: 3, tryDays: 7 });
    expect(await gate(headers, 21)).toMatchObject({ type: 3 });
    expect((await get('/account/query/queryAccountCount', headers)).data).toMatchObject({
      accountCount: 5,
      usedCount: 1,
      remainingCount: 4,
      signCount: 100,
      productName: '签约版',
      expirationDate: expiry,
    });

    const trial = await post('/try/appTryout', headers, { payStatusId: 5 });
    expect(trial).toMatchObject({
      code: 200,
      data: { payStatusId: 5, tryDays: 7, expirationDate: beijingDate(bought + 7 * day) },
    });
    expect(await gate(headers, 5)).toMatchObject({ type: 0, expirationDate: beijingDate(bought + 7 * day) });
    expect(await post('/try/appTryout', headers, { payStatusId: 5 })).toMatchObject({ code: 409 });
    expect((await post('/try/appTryout', headers, { payStatusId: 1 })).code).toBe(409);

    t.clock.advance(8 * day);
    headers = await login(t.app, company.userName);
    expect(await gate(headers, 5)).toMatchObject({ type: 2, expirationDate: beijingDate(bought + 7 * day) });
    expect((await post('/try/appTryout', headers, { payStatusId: 5 })).code).toBe(409);
    expect((await gate(headers, 6)).type).toBe(0);

    t.clock.advance(360 * day);
    headers = await login(t.app, company.userName);
    expect(await gate(headers, 6)).toMatchObject({ type: 2, expirationDate: expiry });
    expect(await gate(headers, 1)).toMatchObject({ type: 2 });
    expect((await get('/account/query/queryAccountCount', headers)).data).toMatchObject({
      accountCount: 0,
      productId: null,
      expirationDate: null,
    });

    const renewal = await orderPackage(headers, { type: 2, productId: 3, accountCount: 5, duration: 1 });
    expect((await confirm(headers, renewal.orderNumber)).code).toBe(200);
    expect((await gate(headers, 6)).type).toBe(0);
  });

  it('queues a renewal after the running package, and extra seats end with the package', async () => {
    const company = await newCompany();
    let headers = company.headers;
    const start = t.clock.now().getTime();
    const first = await orderPackage(headers, { type: 1, productId: 1, accountCount: 5, duration: 1 });
    await confirm(headers, first.orderNumber);
    const renewal = await orderPackage(headers, { type: 2, productId: 1, accountCount: 8, duration: 2 });
    expect(renewal.totalAmount).toBe(298 * 8 * 2);
    await confirm(headers, renewal.orderNumber);
    const posts = (await get('/packages/packagesPosts', headers)).data as {
      state: number;
      startDate: string;
      endDate: string;
      orderNumber: string;
    }[];
    expect(posts.map((p) => p.state)).toEqual([2, 1]);
    expect(posts[1]?.orderNumber).toBe(first.orderNumber);
    const threeYears = beijingDate(new Date(start).setFullYear(new Date(start).getFullYear() + 3));
    expect((await gate(headers, 2)).expirationDate).toBe(threeYears);

    t.clock.advance(65 * day);
    headers = await login(t.app, company.userName);
    const seats = await post('/packages/amount/accountCalculation', headers, { count: 5 });
    const packageEnd = new Date(start).setFullYear(new Date(start).getFullYear() + 1);
    const daysLeft = Math.ceil((packageEnd - t.clock.now().getTime()) / day);
    const perSeat = Math.round((29800 * daysLeft) / 365) / 100;
    expect(seats.data).toMatchObject({
      code: 200,
      unitPrice: perSeat,
      originalPrice: Math.round(perSeat * 500) / 100,
    });
    const { originalPrice, totalFee } = seats.data as Calculation;
    const order = (
      await post('/buy/account/accountRecharge', headers, {
        count: 5,
        originalPrice,
        totalFee,
        paymentType: 2,
      })
    ).data as Created;
    await confirm(headers, order.orderNumber);
    expect((await get('/account/query/queryAccountCount', headers)).data).toMatchObject({ accountCount: 10 });
    t.clock.advance(daysLeft * day);
    headers = await login(t.app, company.userName);
    expect((await get('/account/query/queryAccountCount', headers)).data).toMatchObject({ accountCount: 8 });
  });
});

describe('payment across a server restart', () => {
  it('credits an order paid after a restart once, and a repeat after another restart adds nothing', async () => {
    if (process.env['TEST_DATABASE'] === 'postgres') return; // here the PGlite data folder is what survives the restart
    const dataDir = mkdtempSync(join(tmpdir(), 'recharge-'));
    const clock = createManualClock();
    const start = async () => {
      const database = await openDatabase({ dataDir });
      return { database, app: await buildApp({ db: database.db, clock }) };
    };
    const stop = async (server: Awaited<ReturnType<typeof start>>) => {
      await server.app.close();
      await server.database.close();
    };
    const signCount = async (server: Awaited<ReturnType<typeof start>>, headers: Headers) =>
      (
        (await call(server.app, 'GET', '/account/query/queryAccountCount', { headers })).data as {
          signCount: number;
        }
      ).signCount;
    try {
      let server = await start();
      await seedDemoData(server.database.db, { now: clock.now() });
      const headers = await login(server.app, '13800000000');
      const before = await signCount(server, headers);
      const created = await call(server.app, 'POST', '/buy/sign/signRecharge', {
        headers,
        body: { signCount: 10, originalPrice: 30, totalFee: 30, paymentType: 1 },
      });
      const { orderNumber } = created.data as Created;
      await stop(server);

      server = await start();
      expect(
        await call(server.app, 'POST', '/sandbox/payConfirm', { headers, body: { orderNumber } }),
      ).toMatchObject({ code: 200, message: '支付成功' });
      expect(await signCount(server, headers)).toBe(before + 10);
      await stop(server);

      server = await start();
      expect(
        await call(server.app, 'POST', '/sandbox/payConfirm', { headers, body: { orderNumber } }),
      ).toMatchObject({
        code: 200,
        message: '该订单已支付，无需重复支付',
      });
      expect(await signCount(server, headers)).toBe(before + 10);
      await stop(server);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
