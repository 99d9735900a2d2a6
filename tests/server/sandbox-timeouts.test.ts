import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../support/test-app';
import { buildApp } from '../../server/app';
import { signFaceChecks, signSeals } from '../../server/db/schema-signing';
import { rechargeOrders } from '../../server/db/schema-recharge';
import { signContracts } from '../../server/db/schema-sign';
import { createDatabaseStorage } from '../../server/storage/files';
import { idCard, saleContent, strokePng } from '../support/test-data';

type Headers = Record<string, string>;

/**
 * The sandbox's simulated timeouts age one record: its own timestamps move into the past and the
 * server's real expiry rule answers on the (here manual) clock, which no test moves.
 */
describe('sandbox timeouts: a face check, an order, a signing deadline and a seal-free authorisation run out now', () => {
  let t: TestApp;
  let manager: Headers;
  let managerB: Headers;
  let saleBoxId: number;

  const get = (url: string, headers: Headers, query: Record<string, string> = {}) =>
    call(t.app, 'GET', url, { headers, query });
  const post = (url: string, headers: Headers, body: unknown) => call(t.app, 'POST', url, { headers, body });

  beforeAll(async () => {
    t = await createTestApp();
    manager = await login(t.app, '13800000000');
    managerB = await login(t.app, '13900000000');
    const templates = (await get('/sign/templatePostsV2', manager)).data as {
      boxId: number;
      contractType: number;
    }[];
    saleBoxId = templates.find((x) => x.contractType === 1)!.boxId;
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  /** The same database and clock without the sandbox (SANDBOX=0). */
  async function withoutSandbox(run: (app: TestApp['app']) => Promise<void>): Promise<void> {
    const app = await buildApp({ db: t.database.db, clock: t.clock, isSandbox: false });
    try {
      await run(app);
    } finally {
      await app.close();
    }
  }

  async function startFaceCheck(): Promise<string> {
    const started = await post('/sign/getFaceUrl', manager, {
      name: '张经理',
      idNo: idCard('44030419850101123'),
    });
    expect(started.code, started.message).toBe(200);
    return (started.data as { faceId: string }).faceId;
  }

  async function faceRow(faceId: string) {
    const [row] = await t.database.db.select().from(signFaceChecks).where(eq(signFaceChecks.faceId, faceId));
    return row!;
  }

  async function orderSignCredits(headers: Headers): Promise<string> {
    const quote = (await post('/products/sign/signPriceCalculation', headers, { signCount: 10, coupons: [] }))
      .data as { originalPrice: number; totalFee: number };
    const created = await post('/buy/sign/signRecharge', headers, {
      signCount: 10,
      coupons: [],
      originalPrice: quote.originalPrice,
      totalFee: quote.totalFee,
      paymentType: 1,
    });
    expect(created.code, created.message).toBe(200);
    return (created.data as { orderNumber: string }).orderNumber;
  }

  async function orderRow(orderNumber: string) {
    const [row] = await t.database.db
      .select()
      .from(rechargeOrders)
      .where(eq(rechargeOrders.orderNumber, orderNumber));
    return row!;
  }

  async function startContract(): Promise<{ contractId: number; sellerHash: string }> {
    const submitted = await post('/sign/contractSubmissionV2501', manager, {
      boxid: saleBoxId,
      content: saleContent('阳光花园', null),
      signatureType: 1,
    });
    expect(submitted.code, submitted.message).toBe(200);
    const { contractId } = submitted.data as { contractId: number };
    const started = await post('/sign/contractStart', manager, { contractId, type: 2 });
    expect(started.code, started.message).toBe(200);
    const info = await get('/sign/getSignInfo', manager, { contractId: String(contractId) });
    const signatories = (info.data as { signatories: { role: number; hash: string }[] }).signatories;
    return { contractId, sellerHash: signatories.find((s) => s.role === 1)!.hash };
  }

  async function deadlineOf(contractId: number): Promise<Date | null> {
    const [row] = await t.database.db
      .select({ signDeadline: signContracts.signDeadline })
      .from(signContracts)
      .where(eq(signContracts.id, contractId));
    return row!.signDeadline;
  }

  describe('模拟超时 of a face check (sandboxFaceTimeout)', () => {
    it('makes an open check expire now: getFaceStatus answers 3 and the provider can no longer decide it', async () => {
      const faceId = await startFaceCheck();
      const before = await faceRow(faceId);
      expect((await get('/sign/getFaceStatus', manager, { faceId })).data).toMatchObject({ status: 0 });
      const now = t.clock.now();

      const timedOut = await post('/sandbox/faceTimeout', {}, { faceId });
      expect(timedOut).toMatchObject({
        code: 200,
        data: { faceId, status: 3, message: '核身已过期，请重新发起' },
      });
      expect(t.clock.now()).toEqual(now);
      const aged = await faceRow(faceId);
      expect(aged.expiresAt).toEqual(now);
      // The whole record moved back by the 10 minutes that were left, its status did not change.
      expect(before.expiresAt.getTime() - aged.expiresAt.getTime()).toBe(10 * 60 * 1000);
      expect(before.createdAt.getTime() - aged.createdAt.getTime()).toBe(10 * 60 * 1000);
      expect(aged.status).toBe(0);
      expect((await get('/sign/getFaceStatus', manager, { faceId })).data).toMatchObject({
        status: 3,
        message: '核身已过期，请重新发起',
      });
      expect((await post('/sandbox/faceDecide', {}, { faceId, pass: true })).data).toMatchObject({
        status: 3,
      });
    });

    it('is idempotent, and leaves a decided check as it was', async () => {
      const faceId = await startFaceCheck();
      await post('/sandbox/faceTimeout', {}, { faceId });
      const once = await faceRow(faceId);
      expect((await post('/sandbox/faceTimeout', {}, { faceId })).data).toMatchObject({ status: 3 });
      expect(await faceRow(faceId)).toEqual(once);

      const passedId = await startFaceCheck();
      await post('/sandbox/faceDecide', {}, { faceId: passedId, pass: true });
      const passed = await faceRow(passedId);
      expect((await post('/sandbox/faceTimeout', {}, { faceId: passedId })).data).toMatchObject({
        status: 1,
      });
      expect(await faceRow(passedId)).toEqual(passed);
    });

    it('answers not found for an unknown check, and 沙箱未开启 without the sandbox', async () => {
      expect(await post('/sandbox/faceTimeout', {}, { faceId: 'F000000000000000000000000' })).toMatchObject({
        code: 404,
        message: '核身记录不存在',
      });
      const faceId = await startFaceCheck();
      await withoutSandbox(async (app) => {
        const refused = await call(app, 'POST', '/sandbox/faceTimeout', { body: { faceId } });
        expect(refused).toMatchObject({ code: 404, message: '沙箱未开启' });
      });
      expect((await faceRow(faceId)).expiresAt.getTime()).toBeGreaterThan(t.clock.now().getTime());
    });
  });

  describe('模拟订单关闭 of a pending order (sandboxPayTimeout)', () => {
    it('runs out the pay window now: the order closes, queryOrder says 3 and it can no longer be paid', async () => {
      const orderNumber = await orderSignCredits(manager);
      const before = await orderRow(orderNumber);
      const now = t.clock.now();

      const timedOut = await post('/sandbox/payTimeout', manager, { orderNumber });
      expect(timedOut).toMatchObject({
        code: 200,
        message: '订单已超时关闭，请重新下单',
        data: { orderNumber, status: 3 },
      });
      expect(t.clock.now()).toEqual(now);
      const aged = await orderRow(orderNumber);
      expect(aged.expireAt).toEqual(now);
      expect(before.expireAt!.getTime() - aged.expireAt!.getTime()).toBe(30 * 60 * 1000);
      expect(before.createdAt.getTime() - aged.createdAt.getTime()).toBe(30 * 60 * 1000);
      expect((await get('/packages/query/queryOrder', manager, { orderNumber })).data).toMatchObject({
        status: 3,
      });
      expect(await post('/sandbox/payConfirm', manager, { orderNumber })).toMatchObject({
        code: 409,
        message: '订单已超时关闭，请重新下单',
      });
    });

    it('is idempotent, and leaves a paid order as it was', async () => {
      const orderNumber = await orderSignCredits(manager);
      await post('/sandbox/payTimeout', manager, { orderNumber });
      const once = await orderRow(orderNumber);
      expect(await post('/sandbox/payTimeout', manager, { orderNumber })).toMatchObject({
        code: 200,
        data: { status: 3 },
      });
      expect(await orderRow(orderNumber)).toEqual(once);

      const paidNumber = await orderSignCredits(manager);
      expect((await post('/sandbox/payConfirm', manager, { orderNumber: paidNumber })).code).toBe(200);
      const paid = await orderRow(paidNumber);
      expect(await post('/sandbox/payTimeout', manager, { orderNumber: paidNumber })).toMatchObject({
        code: 200,
        data: { status: 1 },
      });
      expect(await orderRow(paidNumber)).toEqual(paid);
    });

    it("answers not found for another company's order, and 沙箱未开启 without the sandbox", async () => {
      const orderNumber = await orderSignCredits(manager);
      expect(await post('/sandbox/payTimeout', managerB, { orderNumber })).toMatchObject({
        code: 404,
        message: '订单不存在',
      });
      await withoutSandbox(async (app) => {
        const refused = await call(app, 'POST', '/sandbox/payTimeout', {
          headers: manager,
          body: { orderNumber },
        });
        expect(refused).toMatchObject({ code: 404, message: '沙箱未开启' });
      });
      expect((await get('/packages/query/queryOrder', manager, { orderNumber })).data).toMatchObject({
        status: 0,
      });
    });
  });

  describe('模拟签署期限届满 of a contract awaiting signatures (sandboxSignDeadlineTimeout)', () => {
    it('brings the signing deadline to now: the landing says expired and the link cannot sign', async () => {
      const { contractId, sellerHash } = await startContract();
      expect((await get(`/sign/${sellerHash}`, manager)).data).toMatchObject({ state: 7, expired: 0 });
      const now = t.clock.now();

      expect(await post('/sandbox/signDeadlineTimeout', manager, { contractId })).toMatchObject({
        code: 200,
        message: '签署期限已届满',
      });
      expect(t.clock.now()).toEqual(now);
      expect(await deadlineOf(contractId)).toEqual(now);
      expect((await get(`/sign/${sellerHash}`, manager)).data).toMatchObject({ state: 7, expired: 1 });
      expect(await get('/sign/signLinkCode', manager, { hash: sellerHash })).toMatchObject({
        code: 405,
        message: '签署链接已过期，请联系经办人重新发起签署',
      });
    });

    it('is idempotent', async () => {
      const { contractId, sellerHash } = await startContract();
      await post('/sandbox/signDeadlineTimeout', manager, { contractId });
      const once = await deadlineOf(contractId);
      expect((await post('/sandbox/signDeadlineTimeout', manager, { contractId })).code).toBe(200);
      expect(await deadlineOf(contractId)).toEqual(once);
      expect((await get(`/sign/${sellerHash}`, manager)).data).toMatchObject({ expired: 1 });
    });

    it("answers not found for another company's contract, 409 for one not awaiting signatures, and 沙箱未开启 without the sandbox", async () => {
      const { contractId, sellerHash } = await startContract();
      expect(await post('/sandbox/signDeadlineTimeout', managerB, { contractId })).toMatchObject({
        code: 404,
        message: '合同不存在',
      });
      await withoutSandbox(async (app) => {
        const refused = await call(app, 'POST', '/sandbox/signDeadlineTimeout', {
          headers: manager,
          body: { contractId },
        });
        expect(refused).toMatchObject({ code: 404, message: '沙箱未开启' });
      });
      expect((await get(`/sign/${sellerHash}`, manager)).data).toMatchObject({ expired: 0 });

      const draft = await post('/sign/contractSubmissionV2501', manager, {
        boxid: saleBoxId,
        content: saleContent('阳光花园', null),
        signatureType: 1,
      });
      const draftId = (draft.data as { contractId: number }).contractId;
      expect(await post('/sandbox/signDeadlineTimeout', manager, { contractId: draftId })).toMatchObject({
        code: 409,
      });
    });
  });

  describe('模拟免验证签署授权到期 of a seal (sandboxSealAuthTimeout)', () => {
    let authorisedSealId: number;
    let waitingSealId: number;
    const operatorPhone = '13800000001';
    const lastCode = (phone: string) => {
      const message = [...t.sms.sent].reverse().find((sent) => sent.phone === phone);
      return /(\d{6})/.exec(message?.content ?? '')?.[1] ?? '';
    };

    /** Company A registers for e-signing and makes two contract seals (each after an SMS code to the operator). */
    beforeAll(async () => {
      const license = await createDatabaseStorage(t.database.db).save(strokePng(), 'license.png', ['png']);
      const operatorIdNo = idCard('44030419850101123');
      const face = await post('/sign/getFaceUrl', manager, { name: '王店长', idNo: operatorIdNo });
      const { faceId } = face.data as { faceId: string };
      await post('/sandbox/faceDecide', {}, { faceId, pass: true });
      const registered = await post('/sign/regCompanyInfo', manager, {
        legalRepName: '张经理',
        legalPhone: '13800000000',
        corpName: '安居房产经纪有限公司',
        corpIdentNo: '91440300MA5F000001',
        corpIdentType: 1,
        corpIdentMethod: 2,
        oprUserName: '王店长',
        oprUserIdentNo: operatorIdNo,
        oprUserMobile: operatorPhone,
        licenseUrl: license.url,
        faceId,
      });
      expect(registered.code, registered.message).toBe(200);
      const { etcomid } = registered.data as { etcomid: string };
      const bodies = (await get('/sign/signRegCompanyPosts', manager)).data as { agentCode: string }[];
      const agentCode = bodies[0]!.agentCode;
      const createSeal = async (name: string) => {
        expect((await get('/sign/Verification', manager, { mobileNo: operatorPhone })).code).toBe(200);
        const created = await post('/sign/createSignature', manager, {
          name,
          agentCode,
          etcomid,
          vercode: lastCode(operatorPhone),
          sealType: 2,
        });
        expect(created.code, created.message).toBe(200);
        return (created.data as { sealId: number }).sealId;
      };
      authorisedSealId = await createSeal('合同专用章');
      // One SMS code per phone per 60 s; the tests below compare the clock around each call only.
      t.clock.advance(61_000);
      manager = await login(t.app, '13800000000');
      waitingSealId = await createSeal('备用合同专用章');
      const authorised = await post('/seal/sealAuthFreeSign', manager, {
        sealIds: [authorisedSealId],
        authDays: 1,
      });
      expect(authorised.code, authorised.message).toBe(200);
    }, 120_000);

    async function authFreeUntilOf(sealId: number): Promise<Date | null> {
      const [row] = await t.database.db
        .select({ authFreeUntil: signSeals.authFreeUntil })
        .from(signSeals)
        .where(eq(signSeals.id, sealId));
      return row!.authFreeUntil;
    }

    async function expiredSealsOfSignApp(headers: Headers) {
      const status = await get('/search/appUseSwitch', headers, { payStatusId: '6' });
      expect(status.code, status.message).toBe(200);
      return (status.data as { type: number; expiredSeals: { sealId: number; expiredAt: string }[] })
        .expiredSeals;
    }

    it("ends the running authorisation now: the sign app's pay status lists the seal in expiredSeals", async () => {
      const before = await authFreeUntilOf(authorisedSealId);
      expect(before!.getTime()).toBeGreaterThan(t.clock.now().getTime());
      expect(await expiredSealsOfSignApp(manager)).toEqual([]);
      const now = t.clock.now();

      expect(await post('/sandbox/sealAuthTimeout', manager, { sealId: authorisedSealId })).toMatchObject({
        code: 200,
        message: '免验证签署授权已到期',
      });
      expect(t.clock.now()).toEqual(now);
      expect(await authFreeUntilOf(authorisedSealId)).toEqual(now);
      // The authorisation moved back by the one day that was left.
      expect(before!.getTime() - now.getTime()).toBe(24 * 60 * 60 * 1000);
      expect(await expiredSealsOfSignApp(manager)).toEqual([
        expect.objectContaining({ sealId: authorisedSealId, sealTitle: '合同专用章' }),
      ]);
      // An expired authorisation waits to be given again, as the seal screens list it.
      const waiting = (await get('/seal/regSealWaitAuthList', manager)).data as { sealId: number }[];
      expect(waiting.map((seal) => seal.sealId)).toContain(authorisedSealId);
    });

    it('is idempotent, and leaves a seal that was never authorised as it was', async () => {
      const once = await authFreeUntilOf(authorisedSealId);
      expect(once!.getTime()).toBeLessThanOrEqual(t.clock.now().getTime());
      expect(await post('/sandbox/sealAuthTimeout', manager, { sealId: authorisedSealId })).toMatchObject({
        code: 200,
        message: '免验证签署授权已到期',
      });
      expect(await authFreeUntilOf(authorisedSealId)).toEqual(once);

      expect(await post('/sandbox/sealAuthTimeout', manager, { sealId: waitingSealId })).toMatchObject({
        code: 200,
        message: '该印章未授权免验证签署，没有可到期的授权',
      });
      expect(await authFreeUntilOf(waitingSealId)).toBeNull();
      expect((await expiredSealsOfSignApp(manager)).map((seal) => seal.sealId)).toEqual([authorisedSealId]);
    });

    it("answers not found for another company's seal, and 沙箱未开启 without the sandbox", async () => {
      const authorised = await post('/seal/sealAuthFreeSign', manager, {
        sealIds: [waitingSealId],
        authDays: 1,
      });
      expect(authorised.code, authorised.message).toBe(200);
      const running = await authFreeUntilOf(waitingSealId);
      expect(await post('/sandbox/sealAuthTimeout', managerB, { sealId: waitingSealId })).toMatchObject({
        code: 404,
        message: '印章不存在或已删除',
      });
      await withoutSandbox(async (app) => {
        const refused = await call(app, 'POST', '/sandbox/sealAuthTimeout', {
          headers: manager,
          body: { sealId: waitingSealId },
        });
        expect(refused).toMatchObject({ code: 404, message: '沙箱未开启' });
      });
      expect(await authFreeUntilOf(waitingSealId)).toEqual(running);
      expect((await expiredSealsOfSignApp(manager)).map((seal) => seal.sealId)).toEqual([authorisedSealId]);
      expect(await expiredSealsOfSignApp(managerB)).toEqual([]);
    });
  });
});
