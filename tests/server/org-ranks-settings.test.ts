import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { manageSettings, rankGroups, ranks } from '../../server/db/schema-org';
import { call, createTestApp, login, type TestApp } from '../support/test-app';

type Dept = { deptId: number; deptName: string };
type Node = { dept: Dept; children: Node[] };
type RankGroup = { rankGroupId: number; groupName: string; sort: number; rankCount: number };
type Rank = { rankId: number; rankName: string; groupName: string; level: number; userCount: number };

const day = 24 * 60 * 60 * 1000;

function flatten(nodes: Node[]): Dept[] {
  return nodes.flatMap((node) => [node.dept, ...flatten(node.children)]);
}

describe('ranks, rank groups and the management settings', () => {
  let t: TestApp;
  let managerA: Record<string, string>;
  let managerB: Record<string, string>;
  let storeManager: Record<string, string>;
  let broker: Record<string, string>;
  let depts: Dept[];
  let roleIds: Record<string, number>;
  const dept = (name: string) => depts.find((d) => d.deptName === name)!.deptId;

  const rowCount = async (table: typeof ranks | typeof rankGroups | typeof manageSettings) =>
    (await t.database.db.select({ n: count() }).from(table))[0]!.n;

  beforeAll(async () => {
    t = await createTestApp();
    managerA = await login(t.app, '13800000000');
    managerB = await login(t.app, '13900000000');
    storeManager = await login(t.app, '13800000001');
    broker = await login(t.app, '13800000003');
    depts = flatten((await call(t.app, 'GET', '/org/v2/deptTree', { headers: managerA })).data as Node[]);
    const roles = (await call(t.app, 'GET', '/org/v2/roleList', { headers: managerA })).data as {
      roleId: number;
      roleName: string;
    }[];
    roleIds = Object.fromEntries(roles.map((role) => [role.roleName, role.roleId]));
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps rank groups and ranks per company, unique by name and level, and refuses deleting what is in use', async () => {
    const addGroup = (headers: Record<string, string>, groupName: string, sort = 0) =>
      call(t.app, 'POST', '/setting/addRankGroup', { headers, body: { groupName, sort } });
    const business = await addGroup(managerA, '经纪序列', 5);
    expect(business.code).toBe(200);
    const businessId = (business.data as { rankGroupId: number }).rankGroupId;
    const managementId = ((await addGroup(managerA, '行政序列', 6)).data as { rankGroupId: number })
      .rankGroupId;

    const groupsBefore = await rowCount(rankGroups);
    const duplicate = await addGroup(managerA, ' 经纪序列 ');
    expect(duplicate).toMatchObject({ code: 405, message: '职级序列「经纪序列」已存在' });
    expect((await addGroup(broker, '测试序列')).code).toBe(403);
    expect(await rowCount(rankGroups)).toBe(groupsBefore);
    // Another company may use the same name: names are unique per company.
    expect((await addGroup(managerB, '经纪序列')).code).toBe(200);

    const addRank = (body: Record<string, unknown>, headers = managerA) =>
      call(t.app, 'POST', '/setting/addRank', { headers, body });
    const senior = await addRank({ rankGroupId: businessId, rankName: '高级置业顾问', level: 3 });
    expect(senior.code).toBe(200);
    const seniorId = (senior.data as { rankId: number }).rankId;
    const juniorId = (
      (await addRank({ rankGroupId: businessId, rankName: '置业顾问', level: 1, remark: '新人' })).data as {
        rankId: number;
      }
    ).rankId;
    const ranksBefore = await rowCount(ranks);
    expect(await addRank({ rankGroupId: businessId, rankName: '资深置业顾问', level: 3 })).toMatchObject({
      code: 405,
      message: '职级序列「经纪序列」中级别 3 已是「高级置业顾问」，级别不能重复',
    });
    expect(await addRank({ rankGroupId: businessId, rankName: '置业顾问', level: 2 })).toMatchObject({
      code: 405,
      message: '职级序列「经纪序列」中已有职级「置业顾问」',
    });
    expect((await addRank({ rankGroupId: businessId, rankName: '经理', level: 0 })).code).toBe(405);
    expect((await addRank({ rankGroupId: businessId, rankName: '经理', level: 5 }, managerB)).code).toBe(404);
    expect(await rowCount(ranks)).toBe(ranksBefore);

    // The same level in another group is fine; a rank moves between groups.
    expect((await addRank({ rankGroupId: managementId, rankName: '店经理', level: 3 })).code).toBe(200);
    expect(
      (
        await call(t.app, 'POST', '/setting/updateRank', {
          headers: managerA,
          body: { rankId: juniorId, rankGroupId: businessId, rankName: '置业顾问', level: 2 },
        })
      ).code,
    ).toBe(200);

    const groups = (await call(t.app, 'GET', '/setting/rankGroupList', { headers: broker }))
      .data as RankGroup[];
    // The demo's two groups first (sort 0 and 1), then these.
    expect(groups.map((g) => [g.groupName, g.rankCount])).toEqual([
      ['业务序列', 3],
      ['管理序列', 2],
      ['经纪序列', 2],
      ['行政序列', 1],
    ]);
    const inBusiness = (
      await call(t.app, 'GET', '/setting/rankList', {
        headers: managerA,
        query: { rankGroupId: String(businessId) },
      })
    ).data as Rank[];
    expect(inBusiness.map((r) => [r.rankName, r.level])).toEqual([
      ['置业顾问', 2],
      ['高级置业顾问', 3],
    ]);
    expect(
      (await call(t.app, 'GET', '/setting/rankList', { headers: managerB })).data as Rank[],
    ).toHaveLength(0);
    expect(
      (
        await call(t.app, 'GET', '/setting/rankList', {
          headers: managerB,
          query: { rankGroupId: String(businessId) },
        })
      ).code,
    ).toBe(404);

    // A staff member holds the senior rank: its name shows, and the rank is not deleted.
    const added = await call(t.app, 'POST', '/org/v2/staffAdd', {
      headers: managerA,
      body: {
        name: '冯顾问',
        mobile: '13600000011',
        deptId: dept('滨江店'),
        roleId: roleIds['经纪人']!,
        rankId: seniorId,
      },
    });
    expect(added.code).toBe(200);
    const userId = (added.data as { userId: number }).userId;
    const detail = await call(t.app, 'GET', '/org/v2/staffDetail', {
      headers: managerA,
      query: { userId: String(userId) },
    });
    expect(detail.data).toMatchObject({ rankId: seniorId, rankName: '高级置业顾问' });
    const bRankGroup = (
      (await call(t.app, 'GET', '/setting/rankGroupList', { headers: managerB })).data as RankGroup[]
    )[0]!.rankGroupId;
    const bRank = (await addRank({ rankGroupId: bRankGroup, rankName: '顾问', level: 1 }, managerB)).data as {
      rankId: number;
    };
    expect(
      await call(t.app, 'POST', '/org/v2/staffAdd', {
        headers: managerA,
        body: {
          name: '错职级',
          mobile: '13600000012',
          deptId: dept('滨江店'),
          roleId: roleIds['经纪人']!,
          rankId: bRank.rankId,
        },
      }),
    ).toMatchObject({ code: 405, message: '职级（rankId）不存在，请重新选择' });

    const heldDelete = await call(t.app, 'GET', '/setting/deleteRank', {
      headers: managerA,
      query: { rankId: String(seniorId) },
    });
    expect(heldDelete).toMatchObject({
      code: 409,
      message: '职级「高级置业顾问」仍有 1 名在职员工，不能删除',
    });
    expect(
      (
        await call(t.app, 'GET', '/setting/deleteRankGroup', {
          headers: managerA,
          query: { rankGroupId: String(businessId) },
        })
      ).code,
    ).toBe(409);
    expect(
      (
        await call(t.app, 'GET', '/setting/deleteRank', {
          headers: managerB,
          query: { rankId: String(juniorId) },
        })
      ).code,
    ).toBe(404);
    expect(await rowCount(ranks)).toBe(ranksBefore + 2);

    // Once the holder has resigned, the rank goes, and the resigned record no longer names it.
    expect(
      (await call(t.app, 'POST', '/org/v2/staffResign', { headers: managerA, body: { userId } })).code,
    ).toBe(200);
    expect(
      (
        await call(t.app, 'GET', '/setting/deleteRank', {
          headers: managerA,
          query: { rankId: String(seniorId) },
        })
      ).code,
    ).toBe(200);
    expect(
      (
        await call(t.app, 'GET', '/org/v2/staffDetail', {
          headers: managerA,
          query: { userId: String(userId) },
        })
      ).data,
    ).toMatchObject({ rankId: null, rankName: null });
    expect(
      (
        await call(t.app, 'POST', '/setting/updateRankGroup', {
          headers: managerA,
          body: { rankGroupId: managementId, groupName: '经纪序列' },
        })
      ).code,
    ).toBe(405);
  });

  it('reads the defaults, lets only a manager save, and refuses a bad setting without saving it', async () => {
    const defaults = await call(t.app, 'GET', '/ChangeCenter/getManageSetting', { headers: broker });
    expect(defaults.data).toEqual({
      joinApprove: 1,
      addStaffApprove: 0,
      singleDeviceLogin: 0,
      loginTimeLimit: { selected: 0, startTime: '08:00', endTime: '20:00', weekdays: [1, 2, 3, 4, 5, 6, 7] },
      watermark: { selected: 0, contentType: 1, text: '' },
    });
    const setting = {
      ...(defaults.data as Record<string, unknown>),
      watermark: { selected: 1, contentType: 3, text: '  内部资料  ' },
    };
    expect(
      (await call(t.app, 'POST', '/ChangeCenter/manageSetting', { headers: storeManager, body: setting }))
        .code,
    ).toBe(403);
    expect(
      await call(t.app, 'POST', '/ChangeCenter/manageSetting', {
        headers: managerA,
        body: {
          ...setting,
          loginTimeLimit: { selected: 1, startTime: '18:00', endTime: '09:00', weekdays: [1] },
        },
      }),
    ).toMatchObject({ code: 405, message: '登录时段的开始时间须早于结束时间（loginTimeLimit.startTime）' });
    expect(
      (
        await call(t.app, 'POST', '/ChangeCenter/manageSetting', {
          headers: managerA,
          body: { ...setting, watermark: { selected: 1, contentType: 3, text: ' ' } },
        })
      ).code,
    ).toBe(405);
    expect(await rowCount(manageSettings)).toBe(0);
    expect(
      (await call(t.app, 'POST', '/ChangeCenter/manageSetting', { headers: managerA, body: setting })).code,
    ).toBe(200);
    expect(
      (await call(t.app, 'GET', '/ChangeCenter/getManageSetting', { headers: broker })).data,
    ).toMatchObject({ watermark: { selected: 1, contentType: 3, text: '内部资料' } });
    // Company B still has its own defaults.
    expect(
      (await call(t.app, 'GET', '/ChangeCenter/getManageSetting', { headers: managerB })).data,
    ).toMatchObject({ watermark: { selected: 0 } });
  });

  it('applies joinApprove to new invitations and addStaffApprove to staff added by a non-manager', async () => {
    const current = (await call(t.app, 'GET', '/ChangeCenter/getManageSetting', { headers: managerA }))
      .data as Record<string, unknown>;
    const save = (patch: Record<string, unknown>) =>
      call(t.app, 'POST', '/ChangeCenter/manageSetting', {
        headers: managerA,
        body: { ...current, ...patch },
      });
    expect((await save({ joinApprove: 0, addStaffApprove: 1 })).code).toBe(200);

    const invite = await call(t.app, 'POST', '/org/v2/inviteCreate', {
      headers: managerA,
      body: { deptId: dept('滨江店'), roleId: roleIds['经纪人']! },
    });
    expect(invite.data).toMatchObject({ needApprove: 0 });
    const { inviteCode } = invite.data as { inviteCode: string };
    await call(t.app, 'POST', '/user/validate/sendVerifyCode', { body: { userName: '13600000021' } });
    const code = /(\d{6})/.exec(t.sms.sent.at(-1)!.content)![1]!;
    const joined = await call(t.app, 'POST', '/org/v2/inviteJoin', {
      body: { inviteCode, name: '直加入', mobile: '13600000021', code },
    });
    expect(joined).toMatchObject({ code: 200, message: '已加入公司', data: { state: 2 } });
    expect((joined.data as { userId: number | null }).userId).not.toBeNull();

    // The store manager (8801, scope 人民路店) adds a broker: it waits as an application.
    const added = await call(t.app, 'POST', '/org/v2/staffAdd', {
      headers: storeManager,
      body: {
        name: '陈新人',
        mobile: '13600000022',
        deptId: dept('人民路店'),
        roleId: roleIds['经纪人']!,
        sex: 2,
      },
    });
    expect(added).toMatchObject({ code: 200, data: { userId: null } });
    const applyId = (added.data as { applyId: number }).applyId;
    expect((await call(t.app, 'GET', '/org/v2/applyCount', { headers: storeManager })).data).toEqual({
      pendingCount: 0,
      myApplyCount: 1,
    });
    const mine = await call(t.app, 'GET', '/org/v2/myApplyList', { headers: storeManager });
    expect(mine.data).toMatchObject([
      { applyId, name: '陈新人', source: 2, state: 1, applicantName: '王店长' },
    ]);
    expect(
      await call(t.app, 'POST', '/org/v2/applyApprove', { headers: storeManager, body: { applyId } }),
    ).toMatchObject({ code: 403, message: '不能审核自己添加的员工' });
    expect(
      await call(t.app, 'POST', '/org/v2/staffAdd', {
        headers: managerA,
        body: { name: '陈新人', mobile: '13600000022', deptId: dept('人民路店'), roleId: roleIds['经纪人']! },
      }),
    ).toMatchObject({ code: 405, message: '该手机号已有待审核的加入申请，请在 待处理的 中审核' });
    const pending = (await call(t.app, 'GET', '/org/v2/applyCount', { headers: managerA })).data as {
      pendingCount: number;
    };
    expect(pending.pendingCount).toBe(1);
    const approved = await call(t.app, 'POST', '/org/v2/applyApprove', {
      headers: managerA,
      body: { applyId },
    });
    expect(approved.code).toBe(200);
    const detail = await call(t.app, 'GET', '/org/v2/staffDetail', {
      headers: managerA,
      query: { userId: String((approved.data as { userId: number }).userId) },
    });
    expect(detail.data).toMatchObject({ name: '陈新人', deptName: '人民路店', sex: 2, state: 1 });
    expect((await call(t.app, 'GET', '/org/v2/applyCount', { headers: managerA })).data).toMatchObject({
      pendingCount: 0,
    });

    // A manager's additions never wait.
    const direct = await call(t.app, 'POST', '/org/v2/staffAdd', {
      headers: managerA,
      body: { name: '直接加', mobile: '13600000023', deptId: dept('人民路店'), roleId: roleIds['经纪人']! },
    });
    expect((direct.data as { userId: number | null }).userId).not.toBeNull();
    expect((await save({ joinApprove: 1, addStaffApprove: 0 })).code).toBe(200);
  });

  it("lets an invitee read the application's result with the ticket it got, and nobody without it", async () => {
    const invite = await call(t.app, 'POST', '/org/v2/inviteCreate', {
      headers: managerA,
      body: { deptId: dept('人民路店'), roleId: roleIds['经纪人']! },
    });
    const { inviteCode, inviteId } = invite.data as { inviteCode: string; inviteId: number };
    expect((await call(t.app, 'GET', '/org/v2/inviteDetail', { query: { inviteCode } })).data).toMatchObject({
      valid: 1,
      state: 1,
      needApprove: 1,
    });
    t.clock.advance(61_000);
    await call(t.app, 'POST', '/user/validate/sendVerifyCode', { body: { userName: '13600000031' } });
    const code = /(\d{6})/.exec(t.sms.sent.at(-1)!.content)![1]!;
    const joined = await call(t.app, 'POST', '/org/v2/inviteJoin', {
      body: { inviteCode, name: '郑新人', mobile: '13600000031', code },
    });
    const { applyId, ticket } = joined.data as { applyId: number; ticket: string };
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const status = (query: Record<string, string>) => call(t.app, 'GET', '/org/v2/applyStatus', { query });
    expect((await status({ applyId: String(applyId), ticket })).data).toEqual({
      applyId,
      state: 1,
      companyName: '安居房产经纪有限公司',
      deptName: '人民路店',
      rejectReason: null,
      handleTime: null,
    });
    expect((await status({ applyId: String(applyId), ticket: 'x'.repeat(32) })).code).toBe(404);
    expect((await status({ applyId: String(applyId), ticket: 'short' })).code).toBe(405);
    await call(t.app, 'POST', '/org/v2/applyReject', {
      headers: managerA,
      body: { applyId, reason: '暂不招聘' },
    });
    expect((await status({ applyId: String(applyId), ticket })).data).toMatchObject({
      state: 3,
      rejectReason: '暂不招聘',
    });
    await call(t.app, 'POST', '/org/v2/inviteCancel', { headers: managerA, body: { inviteId } });
    expect((await call(t.app, 'GET', '/org/v2/inviteDetail', { query: { inviteCode } })).data).toMatchObject({
      valid: 0,
      state: 3,
    });
  });

  it('keeps non-managers to the login time window and ends other sessions with single-device login', async () => {
    const current = (await call(t.app, 'GET', '/ChangeCenter/getManageSetting', { headers: managerA }))
      .data as Record<string, unknown>;
    const save = (patch: Record<string, unknown>) =>
      call(t.app, 'POST', '/ChangeCenter/manageSetting', {
        headers: managerA,
        body: { ...current, ...patch },
      });
    // The test clock starts on Saturday 2026-11-21 09:00 Beijing time.
    expect(
      (
        await save({
          loginTimeLimit: { selected: 1, startTime: '09:00', endTime: '18:00', weekdays: [5, 1, 2, 3, 4] },
        })
      ).code,
    ).toBe(200);
    const attempt = (userName: string) =>
      call(t.app, 'POST', '/user/login/loginPassword', { body: { userName, password: 'demo1234' } });
    expect(await attempt('13800000002')).toMatchObject({
      code: 405,
      message: '当前时段不允许登录，允许登录时间为周一至周五 09:00-18:00',
    });
    expect((await attempt('13800000000')).code).toBe(200);
    t.clock.advance(2 * day);
    expect((await attempt('13800000002')).code).toBe(200);
    t.clock.advance(9 * 60 * 60 * 1000);
    expect((await attempt('13800000002')).code).toBe(405);
    t.clock.advance(15 * 60 * 60 * 1000);

    expect((await save({ loginTimeLimit: current['loginTimeLimit'], singleDeviceLogin: 1 })).code).toBe(200);
    const first = await login(t.app, '13800000002');
    expect((await call(t.app, 'GET', '/compare/roleAuth', { headers: first })).code).toBe(200);
    const second = await login(t.app, '13800000002');
    expect((await call(t.app, 'GET', '/compare/roleAuth', { headers: first })).code).toBe(400);
    expect((await call(t.app, 'GET', '/compare/roleAuth', { headers: second })).code).toBe(200);
    expect((await save({ singleDeviceLogin: 0 })).code).toBe(200);
  });
});
