import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { users } from '../../server/db/schema';
import { call, createTestApp, login, type TestApp } from '../support/test-app';

type Dept = { deptId: number; deptName: string; parentId: number; level: number; userCount: number };
type Node = { dept: Dept; children: Node[]; users?: { userId: number; name: string }[] };
type Staff = {
  userId: number;
  name: string;
  mobile: string;
  deptId: number;
  deptName: string;
  state: number;
};

function flatten(nodes: Node[]): Dept[] {
  return nodes.flatMap((node) => [node.dept, ...flatten(node.children)]);
}

describe('organisation directory', () => {
  let t: TestApp;
  let managerA: Record<string, string>;
  let managerB: Record<string, string>;
  let storeManager: Record<string, string>;
  let broker: Record<string, string>;
  let deptsA: Dept[];
  let staffA: Staff[];
  let roleIdsA: Record<string, number>;
  const deptA = (name: string) => deptsA.find((dept) => dept.deptName === name)!.deptId;
  const userA = (name: string) => staffA.find((staff) => staff.name === name)!.userId;

  beforeAll(async () => {
    t = await createTestApp();
    managerA = await login(t.app, '13800000000');
    managerB = await login(t.app, '13900000000');
    storeManager = await login(t.app, '13800000001');
    broker = await login(t.app, '13800000003');
    deptsA = flatten((await call(t.app, 'GET', '/org/v2/deptTree', { headers: managerA })).data as Node[]);
    staffA = (await call(t.app, 'GET', '/org/v2/staffList', { headers: managerA })).data as Staff[];
    const roles = (await call(t.app, 'GET', '/org/v2/roleList', { headers: managerA })).data as {
      roleId: number;
      roleName: string;
    }[];
    roleIdsA = Object.fromEntries(roles.map((role) => [role.roleName, role.roleId]));
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows the manager the whole department tree with active staff counts', async () => {
    const tree = (await call(t.app, 'GET', '/org/v2/deptTree', { headers: managerA })).data as Node[];
    expect(tree).toHaveLength(1);
    expect(tree[0]!.dept).toMatchObject({
      deptName: '安居房产经纪有限公司',
      parentId: 0,
      level: 1,
      userCount: 6,
    });
    expect(tree[0]!.children.map((node) => node.dept.deptName)).toEqual(['人民路店', '滨江店', '权证财务部']);
    expect(tree[0]!.children[0]!.dept).toMatchObject({ level: 2, userCount: 3 });
    const withStaff = (
      await call(t.app, 'GET', '/org/v2/deptTree', { headers: managerA, query: { type: '2', key: '赵' } })
    ).data as Node[];
    expect(withStaff[0]!.children.map((node) => node.dept.deptName)).toEqual(['人民路店']);
    expect(withStaff[0]!.children[0]!.users?.map((user) => user.name)).toEqual(['赵经纪']);
  });

  it("company B's manager cannot read company A's users or departments", async () => {
    const list = await call(t.app, 'GET', '/org/v2/staffList', { headers: managerB });
    expect((list.data as Staff[]).map((staff) => staff.name).sort()).toEqual(['吴经纪', '周经理']);
    expect(list.total).toBe(2);
    const tree = flatten(
      (await call(t.app, 'GET', '/org/v2/deptTree', { headers: managerB })).data as Node[],
    );
    expect(tree.map((dept) => dept.deptName)).toEqual(['宜家置业有限公司', '中山路店']);

    const store = deptA('人民路店');
    const zhao = userA('赵经纪');
    for (const [url, query] of [
      ['/org/v2/deptDetail', { deptId: String(store) }],
      ['/org/v2/subDeptList', { deptId: String(deptA('安居房产经纪有限公司')) }],
      ['/org/v2/deptTree', { deptId: String(store) }],
      ['/org/v2/staffDetail', { userId: String(zhao) }],
      ['/org/v2/staffList', { deptId: String(store) }],
    ] as const) {
      const result = await call(t.app, 'GET', url, { headers: managerB, query });
      expect(result, url).toMatchObject({ code: 404 });
    }
    const edit = await call(t.app, 'POST', '/org/v2/staffEdit', {
      headers: managerB,
      body: {
        userId: zhao,
        name: '被改了',
        mobile: '13800000003',
        deptId: store,
        roleId: roleIdsA['经纪人']!,
      },
    });
    expect(edit.code).toBe(404);
    expect(
      (
        await call(t.app, 'POST', '/org/v2/deptEdit', {
          headers: managerB,
          body: { deptId: store, deptName: '被改了', parentId: deptA('安居房产经纪有限公司') },
        })
      ).code,
    ).toBe(404);
    expect(
      (
        await call(t.app, 'POST', '/org/v2/deptDel', {
          headers: managerB,
          body: { deptId: deptA('权证财务部') },
        })
      ).code,
    ).toBe(404);
    expect(
      (await call(t.app, 'POST', '/org/v2/staffResign', { headers: managerB, body: { userId: zhao } })).code,
    ).toBe(404);
    const positionsA = (await call(t.app, 'GET', '/org/v2/positionList', { headers: managerA })).data as {
      positionId: number;
    }[];
    expect(
      (
        await call(t.app, 'POST', '/org/v2/positionDel', {
          headers: managerB,
          body: { positionId: positionsA[0]!.positionId },
        })
      ).code,
    ).toBe(404);
    // Company A's rows are unchanged.
    const detail = await call(t.app, 'GET', '/org/v2/staffDetail', {
      headers: managerA,
      query: { userId: String(zhao) },
    });
    expect(detail.data).toMatchObject({ name: '赵经纪', state: 1 });
    expect(
      (
        (
          await call(t.app, 'GET', '/org/v2/deptDetail', {
            headers: managerA,
            query: { deptId: String(store) },
          })
        ).data as Dept
      ).deptName,
    ).toBe('人民路店');
  });

  it('limits a non-manager to its department scope', async () => {
    const tree = flatten(
      (await call(t.app, 'GET', '/org/v2/deptTree', { headers: storeManager })).data as Node[],
    );
    expect(tree.map((dept) => dept.deptName)).toEqual(['安居房产经纪有限公司', '人民路店']);
    const staff = (await call(t.app, 'GET', '/org/v2/staffList', { headers: broker })).data as Staff[];
    expect(staff.every((person) => person.deptName === '人民路店')).toBe(true);
    const other = await call(t.app, 'GET', '/org/v2/staffDetail', {
      headers: broker,
      query: { userId: String(userA('钱财务')) },
    });
    expect(other.code).toBe(403);
    const elsewhere = await call(t.app, 'GET', '/org/v2/deptDetail', {
      headers: broker,
      query: { deptId: String(deptA('滨江店')) },
    });
    expect(elsewhere.code).toBe(403);
  });

  it('lets a store manager with 8801 add staff to its own store only, and refuses a broker', async () => {
    const body = {
      name: '新同事',
      mobile: '13700000001',
      deptId: deptA('滨江店'),
      roleId: roleIdsA['经纪人']!,
    };
    expect((await call(t.app, 'POST', '/org/v2/staffAdd', { headers: storeManager, body })).code).toBe(403);
    expect(
      await call(t.app, 'POST', '/org/v2/staffAdd', {
        headers: broker,
        body: { ...body, deptId: deptA('人民路店') },
      }),
    ).toMatchObject({
      code: 403,
      message: '您没有权限，请联系管理员设置相关权限',
    });
    const added = await call(t.app, 'POST', '/org/v2/staffAdd', {
      headers: storeManager,
      body: { ...body, deptId: deptA('人民路店') },
    });
    expect(added.code).toBe(200);
    expect(added.data).toMatchObject({ applyId: null });
    const again = await call(t.app, 'POST', '/org/v2/staffAdd', {
      headers: managerA,
      body: { ...body, deptId: deptA('人民路店') },
    });
    expect(again).toMatchObject({ code: 405, message: '该手机号已是本公司在职员工' });
    const foreign = await call(t.app, 'POST', '/org/v2/staffAdd', {
      headers: managerA,
      body: { ...body, mobile: '13900000001' },
    });
    expect(foreign).toMatchObject({ code: 405, message: '该手机号已注册其他公司的账号，不能添加' });
  });

  it('lists staff of a department including its sub-departments, paged 15, searchable by phone', async () => {
    const store = deptA('人民路店');
    const sub = await call(t.app, 'POST', '/org/v2/deptAdd', {
      headers: managerA,
      body: { deptName: '人民路一组', parentId: store },
    });
    expect(sub.code).toBe(200);
    const subId = (sub.data as { deptId: number }).deptId;
    // Inserted directly: the company's ten seats would not hold them (staffAdd answers 406, tested below).
    const companyId = (await t.database.db.select().from(users).where(eq(users.userName, '13800000000')))[0]!
      .companyId;
    const members = await t.database.db
      .insert(users)
      .values(
        Array.from({ length: 16 }, (_, i) => ({
          companyId,
          userName: `136000000${String(i).padStart(2, '0')}`,
          name: `组员${i}`,
          deptId: subId,
          roleId: roleIdsA['经纪人']!,
        })),
      )
      .returning({ id: users.id });
    const first = await call(t.app, 'GET', '/org/v2/staffList', {
      headers: managerA,
      query: { deptId: String(store) },
    });
    expect((first.data as Staff[]).length).toBe(15);
    expect(first.total).toBe(3 + 1 + 16);
    const second = await call(t.app, 'GET', '/org/v2/staffList', {
      headers: managerA,
      query: { deptId: String(store), pageindex: '2' },
    });
    expect((second.data as Staff[]).length).toBe(5);
    // The two pages share nobody and keep each department's people together.
    const both = [...(first.data as Staff[]), ...(second.data as Staff[])];
    expect(new Set(both.map((staff) => staff.userId)).size).toBe(20);
    const runs = both.filter((staff, index) => index === 0 || both[index - 1]!.deptId !== staff.deptId);
    expect(runs.length).toBe(new Set(both.map((staff) => staff.deptId)).size);
    const past = await call(t.app, 'GET', '/org/v2/staffList', {
      headers: managerA,
      query: { deptId: String(store), pageindex: '3' },
    });
    expect(past).toMatchObject({ data: [], total: 20 });
    const byPhone = await call(t.app, 'GET', '/org/v2/staffList', {
      headers: managerA,
      query: { key: '2', keywords: '13600000015' },
    });
    expect((byPhone.data as Staff[]).map((staff) => staff.name)).toEqual(['组员15']);
    const byNameOnly = await call(t.app, 'GET', '/org/v2/staffList', {
      headers: managerA,
      query: { key: '1', keywords: '13600000015' },
    });
    expect(byNameOnly.total).toBe(0);
    await t.database.db.delete(users).where(
      inArray(
        users.id,
        members.map((member) => member.id),
      ),
    );
  });

  it('refuses invalid department changes and deletes an empty department', async () => {
    const root = deptA('安居房产经纪有限公司');
    const store = deptA('人民路店');
    expect(
      await call(t.app, 'POST', '/org/v2/deptAdd', {
        headers: managerA,
        body: { deptName: '滨江店', parentId: root },
      }),
    ).toMatchObject({
      code: 405,
      message: '同一上级部门下已有名为「滨江店」的部门',
    });
    const child = flatten(
      (await call(t.app, 'GET', '/org/v2/deptTree', { headers: managerA })).data as Node[],
    ).find((dept) => dept.deptName === '人民路一组')!;
    expect(
      await call(t.app, 'POST', '/org/v2/deptEdit', {
        headers: managerA,
        body: { deptId: store, deptName: '人民路店', parentId: child.deptId },
      }),
    ).toMatchObject({
      code: 405,
      message: '不能把部门移到它自身或它的下级部门之下',
    });
    expect(
      await call(t.app, 'POST', '/org/v2/deptDel', { headers: managerA, body: { deptId: root } }),
    ).toMatchObject({ code: 409, message: '根部门不能删除' });
    expect(
      await call(t.app, 'POST', '/org/v2/deptDel', { headers: managerA, body: { deptId: store } }),
    ).toMatchObject({
      code: 409,
      message: '该部门下还有下级部门，不能删除',
    });
    const empty = await call(t.app, 'POST', '/org/v2/deptAdd', {
      headers: managerA,
      body: { deptName: '筹备店', parentId: root, phone: '0755-88886666', address: '深圳市南山区科技园' },
    });
    const emptyId = (empty.data as { deptId: number }).deptId;
    const detail = await call(t.app, 'GET', '/org/v2/deptDetail', {
      headers: managerA,
      query: { deptId: String(emptyId) },
    });
    expect(detail.data).toMatchObject({
      fullPath: '安居房产经纪有限公司/筹备店',
      phone: '0755-88886666',
      parentName: '安居房产经纪有限公司',
      childCount: 0,
    });
    expect(
      (await call(t.app, 'POST', '/org/v2/deptDel', { headers: managerA, body: { deptId: emptyId } })).code,
    ).toBe(200);
    expect(
      (
        await call(t.app, 'GET', '/org/v2/deptDetail', {
          headers: managerA,
          query: { deptId: String(emptyId) },
        })
      ).code,
    ).toBe(404);
  });

  it('resigns a broker: the session ends at once, the broker is listed as resigned and can be reinstated', async () => {
    const zhao = userA('赵经纪');
    const brokerSession = await login(t.app, '13800000003');
    expect(
      await call(t.app, 'POST', '/org/v2/staffResign', {
        headers: managerA,
        body: { userId: userA('张经理') },
      }),
    ).toMatchObject({
      code: 409,
    });
    const resigned = await call(t.app, 'POST', '/org/v2/staffResign', {
      headers: managerA,
      body: { userId: zhao, handoverUserId: userA('王店长'), resignDate: '2026-11-20', reason: '个人原因' },
    });
    expect(resigned.code).toBe(200);
    expect((await call(t.app, 'POST', '/user/initialize', { headers: brokerSession })).code).toBe(400);
    expect(
      (await call(t.app, 'POST', '/org/v2/staffResign', { headers: managerA, body: { userId: zhao } })).code,
    ).toBe(409);
    const list = await call(t.app, 'GET', '/org/v2/resignedStaffList', { headers: managerA });
    expect(list.data).toEqual([
      expect.objectContaining({
        name: '赵经纪',
        state: 2,
        resignDate: '2026-11-20',
        resignReason: '个人原因',
        handoverUserName: '王店长',
      }),
    ]);
    expect((await call(t.app, 'GET', '/org/v2/resignedStaffList', { headers: managerB })).total).toBe(0);
    const active = (
      await call(t.app, 'GET', '/org/v2/staffList', { headers: managerA, query: { keywords: '赵经纪' } })
    ).total;
    expect(active).toBe(0);
    const back = await call(t.app, 'POST', '/org/v2/staffReinstate', {
      headers: managerA,
      body: { userId: zhao, deptId: deptA('人民路店'), roleId: roleIdsA['经纪人']! },
    });
    expect(back.code).toBe(200);
    // Reinstating someone who is not resigned is refused in the seed's words.
    expect(
      await call(t.app, 'POST', '/org/v2/staffReinstate', {
        headers: managerA,
        body: { userId: zhao, deptId: deptA('人民路店'), roleId: roleIdsA['经纪人']! },
      }),
    ).toMatchObject({ code: 409, message: '当前状态不允许此操作！' });
    expect(
      (
        await call(t.app, 'GET', '/org/v2/staffDetail', {
          headers: managerA,
          query: { userId: String(zhao) },
        })
      ).data,
    ).toMatchObject({
      state: 1,
      resignDate: null,
    });
    expect(
      (await call(t.app, 'POST', '/org/v2/deptDel', { headers: managerA, body: { deptId: deptA('滨江店') } }))
        .code,
    ).toBe(409);
  });

  it('keeps position names unique and refuses to delete a position that is held', async () => {
    const list = (await call(t.app, 'GET', '/org/v2/positionList', { headers: managerA })).data as {
      positionId: number;
      positionName: string;
      userCount: number;
    }[];
    const heldPosition = list.find((position) => position.positionName === '店长')!;
    expect(heldPosition.userCount).toBe(1);
    expect(
      await call(t.app, 'POST', '/org/v2/positionAdd', {
        headers: managerA,
        body: { positionName: '经纪人' },
      }),
    ).toMatchObject({
      code: 405,
      message: '职位「经纪人」已存在',
    });
    expect(
      await call(t.app, 'POST', '/org/v2/positionDel', {
        headers: managerA,
        body: { positionId: heldPosition.positionId },
      }),
    ).toMatchObject({
      code: 409,
    });
    const added = await call(t.app, 'POST', '/org/v2/positionAdd', {
      headers: managerA,
      body: { positionName: '区域经理', remark: '管多家店', sort: 9 },
    });
    const positionId = (added.data as { positionId: number }).positionId;
    expect(
      (
        await call(t.app, 'POST', '/org/v2/positionEdit', {
          headers: managerA,
          body: { positionId, positionName: '大区经理' },
        })
      ).code,
    ).toBe(200);
    const after = (await call(t.app, 'GET', '/org/v2/positionList', { headers: managerA })).data as {
      positionId: number;
      positionName: string;
      remark: string | null;
    }[];
    expect(after.find((position) => position.positionId === positionId)).toMatchObject({
      positionName: '大区经理',
      remark: null,
    });
    expect(
      (await call(t.app, 'POST', '/org/v2/positionDel', { headers: managerA, body: { positionId } })).code,
    ).toBe(200);
    expect(
      (
        await call(t.app, 'POST', '/org/v2/positionAdd', {
          headers: await login(t.app, '13800000002'),
          body: { positionName: '经纪人2' },
        })
      ).code,
    ).toBe(403);
  });

  it('invites someone who applies with an SMS code, and a manager approves or rejects the application', async () => {
    const invite = await call(t.app, 'POST', '/org/v2/inviteCreate', {
      headers: managerA,
      body: { deptId: deptA('滨江店'), roleId: roleIdsA['经纪人']!, validDays: 3 },
    });
    expect(invite.code).toBe(200);
    const { inviteCode, needApprove, state } = invite.data as {
      inviteCode: string;
      needApprove: number;
      state: number;
    };
    expect(inviteCode).toMatch(/^[A-Z0-9]{8}$/);
    expect({ needApprove, state }).toEqual({ needApprove: 1, state: 1 });
    expect(
      (
        await call(t.app, 'POST', '/org/v2/inviteCreate', {
          headers: managerB,
          body: { deptId: deptA('滨江店'), roleId: roleIdsA['经纪人']! },
        })
      ).code,
    ).toBe(404);

    const publicView = await call(t.app, 'GET', '/org/v2/inviteDetail', { query: { inviteCode } });
    expect(publicView.data).toMatchObject({
      companyName: '安居房产经纪有限公司',
      deptName: '滨江店',
      inviterName: '张经理',
      valid: 1,
    });

    const join = async (mobile: string, name: string) => {
      t.clock.advance(61_000);
      await call(t.app, 'POST', '/user/validate/sendVerifyCode', { body: { userName: mobile } });
      const code = /(\d{6})/.exec(t.sms.sent.at(-1)!.content)![1]!;
      return call(t.app, 'POST', '/org/v2/inviteJoin', { body: { inviteCode, name, mobile, code } });
    };
    const first = await join('13500000001', '孙新人');
    expect(first).toMatchObject({ code: 200, data: { state: 1, userId: null } });
    const second = await join('13500000002', '周新人');
    expect(second.code).toBe(200);
    expect((await join('13500000001', '孙新人')).message).toBe('您已提交过加入申请，请等待审核');

    expect((await call(t.app, 'GET', '/org/v2/applyCount', { headers: managerA })).data).toEqual({
      pendingCount: 2,
      myApplyCount: 0,
    });
    expect((await call(t.app, 'GET', '/org/v2/applyCount', { headers: managerB })).data).toEqual({
      pendingCount: 0,
      myApplyCount: 0,
    });
    const pendingList = await call(t.app, 'GET', '/org/v2/pendingApplyList', { headers: managerA });
    expect(pendingList.total).toBe(2);
    const applies = pendingList.data as {
      applyId: number;
      name: string;
      source: number;
      applicantName: string;
    }[];
    expect(applies[0]).toMatchObject({ name: '周新人', source: 1, applicantName: '张经理' });
    // The store manager's scope (人民路店) does not cover 滨江店.
    expect((await call(t.app, 'GET', '/org/v2/pendingApplyList', { headers: storeManager })).total).toBe(0);
    const sunApply = applies.find((apply) => apply.name === '孙新人')!.applyId;
    const zhouApply = applies.find((apply) => apply.name === '周新人')!.applyId;
    expect(
      (await call(t.app, 'POST', '/org/v2/applyApprove', { headers: managerB, body: { applyId: sunApply } }))
        .code,
    ).toBe(404);

    const approved = await call(t.app, 'POST', '/org/v2/applyApprove', {
      headers: managerA,
      body: { applyId: sunApply },
    });
    expect(approved.code).toBe(200);
    const userId = (approved.data as { userId: number }).userId;
    expect(
      (
        await call(t.app, 'GET', '/org/v2/staffDetail', {
          headers: managerA,
          query: { userId: String(userId) },
        })
      ).data,
    ).toMatchObject({
      name: '孙新人',
      mobile: '13500000001',
      deptName: '滨江店',
      roleName: '经纪人',
      state: 1,
    });
    expect(
      await call(t.app, 'POST', '/org/v2/applyApprove', { headers: managerA, body: { applyId: sunApply } }),
    ).toMatchObject({ code: 409, message: '当前状态不允许此操作！' });
    expect(
      (
        await call(t.app, 'POST', '/org/v2/applyReject', {
          headers: managerA,
          body: { applyId: zhouApply, reason: '名额已满' },
        })
      ).code,
    ).toBe(200);
    expect((await call(t.app, 'GET', '/org/v2/applyCount', { headers: managerA })).data).toEqual({
      pendingCount: 0,
      myApplyCount: 0,
    });

    const list = await call(t.app, 'GET', '/org/v2/inviteList', { headers: managerA });
    const inviteId = (list.data as { inviteId: number; joinCount: number }[])[0]!.inviteId;
    expect((list.data as { joinCount: number }[])[0]!.joinCount).toBe(2);
    expect(
      (await call(t.app, 'POST', '/org/v2/inviteCancel', { headers: managerA, body: { inviteId } })).code,
    ).toBe(200);
    expect(
      (await call(t.app, 'POST', '/org/v2/inviteCancel', { headers: managerA, body: { inviteId } })).code,
    ).toBe(409);
    expect((await call(t.app, 'GET', '/org/v2/inviteDetail', { query: { inviteCode } })).data).toMatchObject({
      valid: 0,
    });
    expect((await join('13500000003', '吴新人')).code).toBe(409);
  });

  it('refuses to add staff beyond the package’s account seats with 406', async () => {
    const used = (await call(t.app, 'GET', '/org/v2/staffList', { headers: managerA })).total!;
    let code = 200;
    let added = 0;
    for (let i = 0; code === 200 && i < 20; i++) {
      const result = await call(t.app, 'POST', '/org/v2/staffAdd', {
        headers: managerA,
        body: {
          name: `席位${i}`,
          mobile: `1340000000${i % 10}`.slice(0, 11),
          deptId: deptA('滨江店'),
          roleId: roleIdsA['经纪人']!,
        },
      });
      code = result.code;
      if (code === 200) added += 1;
      else expect(result).toMatchObject({ code: 406, message: '账号席位已用完，请先增购账号' });
    }
    expect(code).toBe(406);
    expect(used + added).toBe(10);
  });
});
