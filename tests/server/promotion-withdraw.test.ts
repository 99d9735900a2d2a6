/**
 * A listing that leaves the company's stock is withdrawn from the portals by the write that changes
 * it (issue 37): the withdrawal jobs are queued in the same transaction as the state change (我售,
 * 无效), the contract's deal or the delete, so they exist the moment the answer comes back, before any
 * sweep has run; the minute sweep finds nothing left to do, and one run of the queue takes the listing
 * off the portal with the reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { portalPushes, pushJobs } from '../../server/db/schema-promotion';
import { drainPushQueue } from '../../server/areas/promotion/queue';
import { sweepWithdrawnListings } from '../../server/areas/promotion/sweeps';
import { createSandboxPortals } from '../../server/areas/promotion/portals/sandbox';
import { applyHouseDeal } from '../../server/areas/housing/contract-deals';
import { call, createTestApp, login, type TestApp } from '../support/test-app';
import { pushableCompany } from '../support/promotion-fixture';

const manager = '13800000000';
const channel = 3;

describe('withdrawal queued with the change that takes a listing out of stock', () => {
  let t: TestApp;
  let companyA = 0;
  let listings: number[] = [];
  let headers: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    ({ companyId: companyA, listings } = await pushableCompany(t.database.db, manager, t.clock.now()));
    expect(listings.length).toBeGreaterThanOrEqual(5);
    headers = await login(t.app, manager);
    const pushed = await call(t.app, 'POST', '/push/housePush', {
      headers,
      body: { channel, houseIds: listings.slice(0, 5) },
    });
    expect(pushed.code, pushed.message).toBe(200);
    expect(await drain()).toBe(5);
  });
  afterAll(async () => {
    await t.close();
  });

  const drain = () =>
    drainPushQueue(t.database.db, t.clock, createSandboxPortals(t.database.db, t.clock), { worker: 'w' });
  const jobsOf = (houseIds: number[]) =>
    t.database.db
      .select({
        houseId: pushJobs.houseId,
        action: pushJobs.action,
        status: pushJobs.status,
        reason: pushJobs.reason,
      })
      .from(pushJobs)
      .where(
        and(
          eq(pushJobs.channel, channel),
          inArray(pushJobs.houseId, houseIds),
          eq(pushJobs.status, 'queued'),
        ),
      );
  const pushOf = async (houseId: number) => {
    const [push] = await t.database.db
      .select({ state: portalPushes.state, message: portalPushes.message })
      .from(portalPushes)
      .where(and(eq(portalPushes.houseId, houseId), eq(portalPushes.channel, channel)));
    return push;
  };
  const changeState = (houseId: number, houseState: number) =>
    call(t.app, 'POST', '/housing/v2/housingStateChange', {
      headers,
      body: { houseId, houseState, remark: '测试' },
    });

  it('queues the withdrawal with 我售 and 无效 themselves, before any sweep, and the queue takes them off', async () => {
    const [sold, invalid] = listings;
    expect((await changeState(sold!, 3)).code).toBe(200);
    expect((await changeState(invalid!, 5)).code).toBe(200);
    expect(await jobsOf([sold!, invalid!])).toEqual(
      [
        { houseId: sold, action: 'withdraw', status: 'queued', reason: '房源已售出' },
        { houseId: invalid, action: 'withdraw', status: 'queued', reason: '房源已失效' },
      ].sort((a, b) => a.houseId! - b.houseId!),
    );
    expect(await pushOf(sold!)).toEqual({ state: 2, message: '房源已售出，正在从渠道撤下' });
    // The sweep, the safety net, finds every gone listing already queued.
    expect(await sweepWithdrawnListings(t.database.db, t.clock)).toBe(0);
    expect(await drain()).toBe(2);
    expect(await pushOf(sold!)).toEqual({ state: 6, message: '房源已售出' });
    expect(await pushOf(invalid!)).toEqual({ state: 6, message: '房源已失效' });
  });

  it('queues nothing for a change that keeps the listing in stock, or one refused', async () => {
    const kept = listings[2]!;
    expect((await changeState(kept, 2)).code).toBe(200);
    expect((await changeState(kept, 2)).code).not.toBe(200);
    expect(await jobsOf([kept])).toEqual([]);
    expect(await pushOf(kept)).toEqual({ state: 2, message: null });
  });

  it('queues the withdrawal with a contract’s deal and with the delete', async () => {
    const [dealt, deleted] = [listings[3]!, listings[4]!];
    await t.database.db.transaction((tx) =>
      applyHouseDeal(
        tx,
        t.clock,
        { companyId: companyA, userId: null, ip: null },
        {
          houseId: dealt,
          contractNo: 'HT-测试-1',
          kind: 1,
        },
      ),
    );
    const removed = await call(t.app, 'POST', '/housing/v2/housingDelete', {
      headers,
      body: { houseId: deleted, reason: '重复录入' },
    });
    expect(removed.code, removed.message).toBe(200);
    expect((await jobsOf([dealt, deleted])).map((job) => [job.houseId, job.reason])).toEqual(
      [
        [dealt, '房源已售出'],
        [deleted, '房源已删除'],
      ].sort((a, b) => (a[0] as number) - (b[0] as number)),
    );
    expect(await sweepWithdrawnListings(t.database.db, t.clock)).toBe(0);
    expect(await drain()).toBe(2);
    expect(await pushOf(dealt)).toEqual({ state: 6, message: '房源已售出' });
    expect(await pushOf(deleted)).toEqual({ state: 6, message: '房源已删除' });
  });
});
