/**
 * A customer's follow-up can be deleted (issue 38) through the seed's /app/followUpDel with appType 2:
 * by its author, or by one who may delete customers (删除客源); the follow-up list says which rows the
 * caller may delete, the customer's last follow-up time moves back, and the change record keeps who
 * deleted what.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../support/test-app';

type FollowUp = { followId: number; content: string; deletable: 0 | 1; createTime: string };
type Record_ = { type: number; typeName: string; content: string; userName: string };

describe('deleting a customer follow-up', () => {
  let t: TestApp;
  let storeManager: Record<string, string>;
  let supervisor: Record<string, string>;
  let broker: Record<string, string>;
  let otherManager: Record<string, string>;
  let customerId: number;

  const followUps = async (headers: Record<string, string>) =>
    (
      await call(t.app, 'GET', '/customer/v2/getCustomerfollowUp', {
        headers,
        query: { customerId: String(customerId) },
      })
    ).data as FollowUp[];
  const write = async (headers: Record<string, string>, content: string) => {
    const written = await call(t.app, 'POST', '/customer/v2/customerfollowUp', {
      headers,
      body: { customerId, category: 1, content },
    });
    expect(written.code).toBe(200);
  };
  const remove = (headers: Record<string, string>, followId: number, itemId = customerId) =>
    call(t.app, 'POST', '/app/followUpDel', {
      headers,
      body: { appType: 2, type: 1, itemId, followId },
    });
  const followUpTime = async () =>
    (
      (
        await call(t.app, 'GET', '/customer/v2/customerDetail', {
          headers: storeManager,
          query: { customerId: String(customerId) },
        })
      ).data as { followUpTime: string | null }
    ).followUpTime;
  const records = async () =>
    (
      await call(t.app, 'GET', '/customer/v2/customerChangeRecord', {
        headers: storeManager,
        query: { customerId: String(customerId), pagesize: '50' },
      })
    ).data as Record_[];

  beforeAll(async () => {
    t = await createTestApp();
    storeManager = await login(t.app, '13800000001');
    supervisor = await login(t.app, '13800000002');
    broker = await login(t.app, '13800000003');
    otherManager = await login(t.app, '13900000000');
    const added = await call(t.app, 'POST', '/customer/v2/customerAdd', {
      headers: broker,
      body: {
        customerType: 1,
        customerAttribution: 2,
        name: '祁雨桐',
        phones: [{ phone: '13677889900', remark: '本人' }],
        demand: { priceMin: 200, priceMax: 400 },
      },
    });
    expect(added.code).toBe(200);
    customerId = (added.data as { customerId: number }).customerId;
    await write(broker, '第一次电话回访，客户想看两房');
    t.clock.advance(60 * 60 * 1000);
    await write(broker, '第二次回访，预算提到 450 万');
  });
  afterAll(async () => {
    await t.close();
  });

  it('marks as deletable the author’s own follow-ups and, for 删除客源 holders, everyone’s', async () => {
    expect((await followUps(broker)).map((row) => row.deletable)).toEqual([1, 1]);
    expect((await followUps(supervisor)).map((row) => row.deletable)).toEqual([0, 0]);
    expect((await followUps(storeManager)).map((row) => row.deletable)).toEqual([1, 1]);
  });

  it('refuses one who neither wrote it nor may delete customers, and another company, deleting nothing', async () => {
    const [newest] = await followUps(broker);
    expect(await remove(supervisor, newest!.followId)).toMatchObject({ code: 403 });
    expect((await remove(otherManager, newest!.followId)).code).toBe(404);
    expect(await followUps(broker)).toHaveLength(2);
  });

  it('the author deletes his newest follow-up: the last follow-up time moves back and the record keeps it', async () => {
    const [newest, older] = await followUps(broker);
    expect(await followUpTime()).toBe(newest!.createTime);
    expect(await remove(broker, newest!.followId)).toMatchObject({ code: 200 });
    expect((await followUps(broker)).map((row) => row.content)).toEqual(['第一次电话回访，客户想看两房']);
    expect(await followUpTime()).toBe(older!.createTime);
    expect((await records()).find((record) => record.type === 12)).toMatchObject({
      typeName: '删除跟进',
      content: '删除了一条普通跟进：第二次回访，预算提到 450 万',
      userName: '赵经纪',
    });
    expect((await remove(broker, newest!.followId)).code).toBe(404);
  });

  it('a 删除客源 holder deletes a colleague’s follow-up; with none left the customer has no follow-up time', async () => {
    const [last] = await followUps(storeManager);
    expect(await remove(storeManager, last!.followId)).toMatchObject({ code: 200 });
    expect(await followUps(broker)).toEqual([]);
    expect(await followUpTime()).toBeNull();
  });
});
