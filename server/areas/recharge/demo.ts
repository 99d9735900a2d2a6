/**
 * Recharge demo data, relative to `now` (docs/recharge.md lists it): company A renewed from 营销版
 * (expired 35 days ago) to 签约版 (running), so apps 1, 2, 3, 6 are usable, 推广 21 is expired and
 * 合同 5 offers its trial; it has coupons in every state, two gifts to receive and sign credits.
 * Company B runs 基础版: apps 1, 2, 3 usable, 5, 6, 21 offer a trial.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/db';
import {
  rechargeCompanyPackages,
  rechargeCoupons,
  rechargeGifts,
  rechargeOrders,
} from '../../db/schema-recharge';
import { addDays, addYears } from './catalogue';
import { changeSignBalance, SignLedgerKinds } from './entitlements';
import { formatOrderNumber } from './orders';

type DemoCompany = { companyId: number; managerId: number };

async function paidPackage(
  db: Db,
  company: DemoCompany,
  product: { id: number; name: string; unitPriceFen: number; signCountPerYear: number },
  accountCount: number,
  startsAt: Date,
  purchaseType: 1 | 2,
  suffix: number,
) {
  const totalFen = product.unitPriceFen * accountCount;
  const [order] = await db
    .insert(rechargeOrders)
    .values({
      orderNumber: formatOrderNumber(startsAt, suffix),
      companyId: company.companyId,
      userId: company.managerId,
      goodsType: 1,
      title: `${product.name} ${accountCount}个账号 1年${purchaseType === 2 ? '（续费）' : ''}`,
      purchaseType,
      productId: product.id,
      accountCount,
      duration: 1,
      quantity: accountCount,
      originalFen: totalFen,
      totalFen,
      paymentType: 1,
      status: 1,
      createdAt: startsAt,
      expireAt: new Date(startsAt.getTime() + 30 * 60 * 1000),
      paidAt: startsAt,
      endedAt: startsAt,
    })
    .returning();
  await db.insert(rechargeCompanyPackages).values({
    companyId: company.companyId,
    productId: product.id,
    orderId: order!.id,
    accountCount,
    duration: 1,
    signCount: product.signCountPerYear,
    startsAt,
    endsAt: addYears(startsAt, 1),
  });
  await changeSignBalance(db, company.companyId, product.signCountPerYear, `${product.name}赠送签约份数`, {
    kind: SignLedgerKinds.gift,
    orderId: order!.id,
  });
  return order!;
}

export async function seedRechargeDemo(
  db: Db,
  companies: { a: DemoCompany; b: DemoCompany },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { a, b } = companies;
    const marketing = { id: 2, name: '营销版', unitPriceFen: 39800, signCountPerYear: 20 };
    const signing = { id: 3, name: '签约版', unitPriceFen: 59800, signCountPerYear: 100 };
    const basic = { id: 1, name: '基础版', unitPriceFen: 29800, signCountPerYear: 20 };
    const firstStart = addDays(now, -400);
    await paidPackage(tx, a, marketing, 10, firstStart, 1, 1);
    await paidPackage(tx, a, signing, 10, addYears(firstStart, 1), 1, 2);

    const signBought = addDays(now, -20);
    const [signOrder] = await tx
      .insert(rechargeOrders)
      .values({
        orderNumber: formatOrderNumber(signBought, 3),
        companyId: a.companyId,
        userId: a.managerId,
        goodsType: 2,
        title: '签约 100 份',
        signCount: 100,
        quantity: 100,
        originalFen: 25000,
        couponFen: 2000,
        totalFen: 23000,
        paymentType: 2,
        status: 1,
        createdAt: signBought,
        expireAt: new Date(signBought.getTime() + 30 * 60 * 1000),
        paidAt: signBought,
        endedAt: signBought,
      })
      .returning();
    await changeSignBalance(tx, a.companyId, 100, '购买签约份数', {
      kind: SignLedgerKinds.purchase,
      orderId: signOrder!.id,
    });

    const [usedCoupon] = await tx
      .insert(rechargeCoupons)
      .values([
        {
          companyId: a.companyId,
          name: '签约满减券',
          couponType: 1,
          amountFen: 2000,
          thresholdFen: 20000,
          goodsType: 2,
          validFrom: addDays(now, -40),
          validTo: addDays(now, 20),
          usedAt: signBought,
          orderId: signOrder!.id,
          description: '购买签约份数满 200 元减 20 元',
        },
        {
          companyId: a.companyId,
          name: '新客满减券',
          couponType: 1,
          amountFen: 10000,
          thresholdFen: 100000,
          goodsType: 0,
          validFrom: addDays(now, -10),
          validTo: addDays(now, 80),
          description: '全场满 1000 元减 100 元',
        },
        {
          companyId: a.companyId,
          name: '签约份数 9 折券',
          couponType: 2,
          discountPercent: 90,
          goodsType: 2,
          validFrom: addDays(now, -5),
          validTo: addDays(now, 25),
          description: '购买签约份数 9 折，无门槛',
        },
        {
          companyId: a.companyId,
          name: '账号席位满减券',
          couponType: 1,
          amountFen: 5000,
          thresholdFen: 30000,
          goodsType: 3,
          validFrom: addDays(now, -5),
          validTo: addDays(now, 60),
          description: '增购账号满 300 元减 50 元',
        },
        {
          companyId: a.companyId,
          name: '国庆满减券',
          couponType: 1,
          amountFen: 5000,
          thresholdFen: 50000,
          goodsType: 0,
          validFrom: addDays(now, -60),
          validTo: addDays(now, -10),
          description: '全场满 500 元减 50 元（已过期）',
        },
      ])
      .returning();
    await tx
      .update(rechargeOrders)
      .set({ couponId: usedCoupon!.id })
      .where(eq(rechargeOrders.id, signOrder!.id));

    await tx.insert(rechargeGifts).values([
      {
        companyId: a.companyId,
        giftType: 1,
        title: '续费礼包：套餐 8.5 折券',
        description: '续费或升级套餐可用，领取后 30 天内有效',
        coupon: {
          name: '套餐 8.5 折券',
          couponType: 2,
          amountFen: 0,
          discountPercent: 85,
          thresholdFen: 0,
          goodsType: 1,
          validDays: 30,
          description: '购买或续费套餐 8.5 折',
        },
        expireAt: addDays(now, 30),
      },
      {
        companyId: a.companyId,
        giftType: 2,
        title: '赠送签约 20 份',
        description: '感谢使用电子签约，赠送签约 20 份',
        signCount: 20,
        expireAt: addDays(now, 30),
      },
    ]);

    await paidPackage(tx, b, basic, 5, addDays(now, -100), 1, 4);
  });
}
