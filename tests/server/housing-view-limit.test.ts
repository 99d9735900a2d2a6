/**
 * The role's daily view limit (查看 → 每日查看上限, 001 section 3) counts listings, not fields:
 * a broker who viewed one field of a listing may view its other fields, and the same field again,
 * that day without using up another view; a new listing past the limit is refused, and the next
 * Beijing day starts afresh.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../support/test-app';

type Revealed = { ownerPhone: string | null; ownerName: string | null; remainingViews: number | null };

describe('listings: the daily view limit counts listings viewed, not fields', () => {
  let t: TestApp;
  let manager: Record<string, string>;
  let broker: Record<string, string>;
  const ids: number[] = [];

  const reveal = (houseId: number, type: number) =>
    call(t.app, 'GET', '/housing/v2/getHouseInfoProtection', {
      headers: broker,
      query: { houseId: String(houseId), type: String(type) },
    });

  beforeAll(async () => {
    t = await createTestApp();
    manager = await login(t.app, '13800000000');
    broker = await login(t.app, '13800000003');
    for (const [room, phone] of [
      ['2101', '13911110001'],
      ['2102', '13911110002'],
      ['2103', '13911110003'],
    ] as const) {
      const added = await call(t.app, 'POST', '/housing/v2/housingAdd', {
        headers: broker,
        body: {
          type: 1,
          attribution: 2,
          communityName: '限次测试花园',
          buildingNo: '3栋',
          roomNo: room,
          room: 2,
          hall: 1,
          bath: 1,
          area: 80,
          price: 300,
          ownerName: '黎业主',
          ownerPhone: phone,
        },
      });
      expect(added.code).toBe(200);
      ids.push((added.data as { houseId: number }).houseId);
    }
    const roles = await call(t.app, 'GET', '/org/v2/roleList', { headers: manager });
    const brokerRole = (roles.data as { roleId: number; roleName: string }[]).find(
      (role) => role.roleName === '经纪人',
    )!;
    const grant = await call(t.app, 'POST', '/base/updateRoleAuth', {
      headers: manager,
      body: { roleId: brokerRole.roleId, appType: 1, authData: [{ authId: 18, selected: 1, count: 2 }] },
    });
    expect(grant.code).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  it('viewing two fields of one listing, and one again, counts once', async () => {
    const [first] = ids as [number];
    const phone = await reveal(first, 1);
    expect(phone.code).toBe(200);
    expect((phone.data as Revealed).ownerPhone).toBe('13911110001');
    expect((phone.data as Revealed).remainingViews).toBe(1);
    const name = await reveal(first, 3);
    expect(name.code).toBe(200);
    expect((name.data as Revealed).ownerName).toBe('黎业主');
    expect((name.data as Revealed).remainingViews).toBe(1);
    const again = await reveal(first, 1);
    expect(again.code).toBe(200);
    expect((again.data as Revealed).remainingViews).toBe(1);
  });

  it('a second listing uses the last view; a third is refused, while the viewed ones stay open', async () => {
    const [first, second, third] = ids as [number, number, number];
    const two = await reveal(second, 1);
    expect(two.code).toBe(200);
    expect((two.data as Revealed).remainingViews).toBe(0);
    const refused = await reveal(third, 1);
    expect(refused.code).toBe(405);
    expect(refused.message).toBe('今日查看关键信息的次数已达上限（2 次），请明天再查看');
    expect((await reveal(second, 3)).code).toBe(200);
    expect((await reveal(first, 1)).code).toBe(200);
    expect((await reveal(third, 3)).code).toBe(405);
  });

  it('the next Beijing day counts afresh', async () => {
    const [, , third] = ids as [number, number, number];
    t.clock.advance(24 * 60 * 60 * 1000);
    const next = await reveal(third, 1);
    expect(next.code).toBe(200);
    expect((next.data as Revealed).ownerPhone).toBe('13911110003');
    expect((next.data as Revealed).remainingViews).toBe(1);
  });
});
