import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../support/test-app';

type Instance = {
  approvalId: number;
  status: number;
  title: string;
  canApprove: 0 | 1;
  canRevoke: 0 | 1;
  currentApproverNames: string[];
  steps?: { sort: number; status: number; handler: { name: string } | null; remark: string | null }[];
};
type Staff = { userId: number; name: string };

describe('approvals (OA)', () => {
  let t: TestApp;
  let manager: Record<string, string>;
  let managerB: Record<string, string>;
  let storeManager: Record<string, string>;
  let broker: Record<string, string>;
  let certificate: Record<string, string>;
  let finance: Record<string, string>;
  let staff: Staff[];
  const userId = (name: string) => staff.find((s) => s.name === name)!.userId;

  beforeAll(async () => {
    t = await createTestApp();
    manager = await login(t.app, '13800000000');
    managerB = await login(t.app, '13900000000');
    storeManager = await login(t.app, '13800000001');
    broker = await login(t.app, '13800000003');
    finance = await login(t.app, '13800000004');
    certificate = await login(t.app, '13800000005');
    staff = (await call(t.app, 'GET', '/org/v2/staffList', { headers: manager })).data as Staff[];
  });
  afterAll(async () => {
    await t.close();
  });

  const saleChange = (headers: Record<string, string>, contractId: number, state: number, remark?: string) =>
    call(t.app, 'POST', '/contract/v2/contractSaleStateChange', {
      headers,
      body: { contractId, state, ...(remark ? { remark } : {}) },
    });

  async function saleContractId(contractNo: string): Promise<number> {
    const list = await call(t.app, 'POST', '/contract/v2/contractSalePosts', {
      headers: manager,
      body: { searchKey: { type: 2, key: contractNo } },
    });
    return (list.data as { contractId: number }[])[0]!.contractId;
  }

  it('manages approval groups: create, rename, sort, refuse duplicates and deleting a used group', async () => {
    const groups = (await call(t.app, 'GET', '/oa/groupList', { headers: manager })).data as {
      groupId: number;
      groupName: string;
      approvalCount: number;
    }[];
    expect(groups.map((g) => [g.groupName, g.approvalCount])).toEqual([
      ['合同审批', 2],
      ['签约审批', 0],
    ]);
    const created = await call(t.app, 'POST', '/oa/groupCreate', {
      headers: manager,
      body: { groupName: '人事审批' },
    });
    expect(created.code).toBe(200);
    const newId = (created.data as { groupId: number; sort: number }).groupId;
    expect((created.data as { sort: number }).sort).toBe(3);
    expect(
      (await call(t.app, 'POST', '/oa/groupCreate', { headers: manager, body: { groupName: '人事审批' } }))
        .message,
    ).toBe('分组名称已存在');
    expect(
      (
        await call(t.app, 'POST', '/oa/groupEdit', {
          headers: manager,
          body: { groupId: newId, groupName: '行政审批' },
        })
      ).code,
    ).toBe(200);
    const order = [newId, groups[0]!.groupId, groups[1]!.groupId];
    expect(
      (await call(t.app, 'POST', '/oa/groupSort', { headers: manager, body: { groupIds: order } })).code,
    ).toBe(200);
    const sorted = (await call(t.app, 'GET', '/oa/groupList', { headers: manager })).data as {
      groupName: string;
    }[];
    expect(sorted.map((g) => g.groupName)).toEqual(['行政审批', '合同审批', '签约审批']);
    expect(
      (await call(t.app, 'POST', '/oa/groupSort', { headers: manager, body: { groupIds: [newId] } })).code,
    ).toBe(405);
    const used = await call(t.app, 'GET', '/oa/groupDel', {
      headers: manager,
      query: { groupId: String(groups[0]!.groupId) },
    });
    expect(used).toMatchObject({ code: 409, message: '请先移走或删除该分组下的审批' });
    expect(
      (await call(t.app, 'GET', '/oa/groupDel', { headers: manager, query: { groupId: String(newId) } }))
        .code,
    ).toBe(200);
  });

  it('refuses approval settings to a user without 审批设置 and hides them from another company', async () => {
    expect((await call(t.app, 'GET', '/oa/groupList', { headers: broker })).code).toBe(403);
    expect(
      (await call(t.app, 'POST', '/oa/groupCreate', { headers: broker, body: { groupName: 'x' } })).code,
    ).toBe(403);
    const groupsB = (await call(t.app, 'GET', '/oa/groupList', { headers: managerB })).data as {
      groupName: string;
    }[];
    expect(groupsB.map((g) => g.groupName)).toEqual(['合同审批']);
    const listB = (await call(t.app, 'GET', '/oa/oaApprovalList', { headers: managerB })).data as {
      approvals: unknown[];
    }[];
    expect(listB.flatMap((g) => g.approvals)).toEqual([]);
  });

  it('lists the apps and their items with the seed ids, and which items already have a definition', async () => {
    const apps = (await call(t.app, 'GET', '/oa/oaApps', { headers: manager })).data;
    expect(apps).toEqual([
      { appType: 5, name: '合同', itemCount: 11 },
      { appType: 6, name: '签约', itemCount: 3 },
    ]);
    const sign = (await call(t.app, 'POST', '/oa/oaItems', { headers: manager, body: { appType: 6 } }))
      .data as { oaItemId: number }[];
    expect(sign.map((i) => i.oaItemId)).toEqual([45, 47, 49]);
    const contract = (await call(t.app, 'POST', '/oa/oaItems', { headers: manager, body: { appType: 5 } }))
      .data as {
      oaItemId: number;
      name: string;
      oaApprovalId: number | null;
    }[];
    expect(contract.map((i) => i.oaItemId)).toEqual([61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71]);
    expect(contract.find((i) => i.oaItemId === 66)?.oaApprovalId).not.toBeNull();
    expect(contract.find((i) => i.oaItemId === 62)).toMatchObject({
      name: '买卖合同转办理中',
      oaApprovalId: null,
    });
  });

  it('creates a definition with ordered approvers and copy recipients, edits, switches and deletes it', async () => {
    const groups = (await call(t.app, 'GET', '/oa/groupList', { headers: manager })).data as {
      groupId: number;
      groupName: string;
    }[];
    const groupId = groups.find((g) => g.groupName === '合同审批')!.groupId;
    const body = {
      groupId,
      appType: 5,
      oaItemId: 64,
      name: '买卖合同完成审批',
      approvers: [
        { approverType: 1, userId: userId('王店长') },
        { approverType: 2, roleId: 999999 },
      ],
    };
    expect((await call(t.app, 'POST', '/oa/oaApprovalCreate', { headers: manager, body })).message).toBe(
      '审批角色不存在或已被删除',
    );
    expect(
      (await call(t.app, 'POST', '/oa/oaApprovalCreate', { headers: manager, body: { ...body, appType: 6 } }))
        .message,
    ).toBe('审批项不属于该应用');
    const created = await call(t.app, 'POST', '/oa/oaApprovalCreate', {
      headers: manager,
      body: {
        ...body,
        approvers: [{ approverType: 1, userId: userId('王店长') }, { approverType: 3 }],
        sendCopy: [userId('钱财务')],
      },
    });
    expect(created.code).toBe(200);
    const definition = created.data as {
      oaApprovalId: number;
      state: number;
      approvers: { sort: number; name: string }[];
      sendCopy: { name: string }[];
    };
    expect(definition.state).toBe(1);
    expect(definition.approvers.map((a) => [a.sort, a.name])).toEqual([
      [1, '王店长'],
      [2, '发起人部门负责人'],
    ]);
    expect(definition.sendCopy.map((c) => c.name)).toEqual(['钱财务']);
    expect(
      (
        await call(t.app, 'POST', '/oa/oaApprovalCreate', {
          headers: manager,
          body: { ...body, approvers: [{ approverType: 3 }] },
        })
      ).message,
    ).toBe('该审批项已设置审批');
    const edited = await call(t.app, 'POST', '/oa/oaApprovalEdit', {
      headers: manager,
      body: {
        oaApprovalId: definition.oaApprovalId,
        groupId,
        name: '完成审批',
        approvers: [{ approverType: 1, userId: userId('钱财务') }],
      },
    });
    expect((edited.data as { approverNames: string[] }).approverNames).toEqual(['钱财务']);
    await call(t.app, 'POST', '/oa/oaApprovalEnableSwitch', {
      headers: manager,
      body: { oaApprovalId: definition.oaApprovalId, state: 0 },
    });
    const flow = (
      await call(t.app, 'GET', '/oa/getAppOaApproval', {
        headers: broker,
        query: { appType: '5', oaItemId: '64' },
      })
    ).data;
    expect(flow).toMatchObject({ oaState: 0, source: 0 });
    await call(t.app, 'POST', '/oa/oaApprovalEnableSwitch', {
      headers: manager,
      body: { oaApprovalId: definition.oaApprovalId, state: 1 },
    });
    const enabled = (
      await call(t.app, 'GET', '/oa/getAppOaApproval', {
        headers: broker,
        query: { appType: '5', oaItemId: '64' },
      })
    ).data;
    expect(enabled).toMatchObject({ oaState: 1, source: 1, oaItemName: '买卖合同转完成' });
    expect(
      (
        await call(t.app, 'GET', '/oa/oaApprovalDel', {
          headers: manager,
          query: { oaApprovalId: String(definition.oaApprovalId) },
        })
      ).code,
    ).toBe(200);
    expect(
      (
        await call(t.app, 'GET', '/oa/oaApprovalDetail', {
          headers: manager,
          query: { oaApprovalId: String(definition.oaApprovalId) },
        })
      ).code,
    ).toBe(404);
  });

  it('walks a two-step approval: only the current approver decides, then the contract changes state', async () => {
    const contractId = await saleContractId('XS20261020005');
    const started = await saleChange(certificate, contractId, 6, '客户放弃购买');
    expect(started.data).toMatchObject({ needApproval: 1, state: 1 });
    const approvalId = (started.data as { approvalId: number }).approvalId;

    // The sponsor sees it under 我发起的 and may revoke; the store manager has it under 待我审批.
    const mine = (
      await call(t.app, 'GET', '/oa/companyOaApprovalList', { headers: certificate, query: { type: '3' } })
    ).data as Instance[];
    expect(mine[0]).toMatchObject({
      approvalId,
      status: 0,
      canRevoke: 1,
      canApprove: 0,
      title: '孙权证提交的买卖合同作废',
    });
    const pending = (await call(t.app, 'GET', '/oa/companyOaApprovalList', { headers: storeManager }))
      .data as Instance[];
    expect(pending.map((i) => i.approvalId)).toEqual([approvalId]);

    // The manager is step 2 and the finance clerk only a copy recipient: neither may decide step 1.
    for (const headers of [manager, finance, broker]) {
      const refused = await call(t.app, 'POST', '/oa/approvalBtn', {
        headers,
        body: { approvalId, result: 'approve' },
      });
      expect(refused).toMatchObject({ code: 403, message: '您不是当前节点的审批人' });
    }
    const step1 = await call(t.app, 'POST', '/oa/approvalBtn', {
      headers: storeManager,
      body: { approvalId, result: 'approve', remark: '同意' },
    });
    expect(step1.data).toMatchObject({ status: 0, currentStep: 2, currentApproverNames: ['张经理'] });
    let contract = (
      await call(t.app, 'GET', '/contract/v2/contractSaleDetail', {
        headers: manager,
        query: { contractId: String(contractId) },
      })
    ).data as {
      state: number;
      pendingApproval: { targetState: number } | null;
    };
    expect(contract).toMatchObject({ state: 1, pendingApproval: { targetState: 6 } });
    expect(
      (
        await call(t.app, 'POST', '/oa/approvalBtn', {
          headers: storeManager,
          body: { approvalId, result: 'approve' },
        })
      ).code,
    ).toBe(403);

    const step2 = await call(t.app, 'POST', '/oa/approvalBtn', {
      headers: manager,
      body: { approvalId, result: 'approve' },
    });
    const detail = step2.data as Instance;
    expect(detail.status).toBe(1);
    expect(detail.steps!.map((s) => [s.status, s.handler?.name, s.remark])).toEqual([
      [2, '王店长', '同意'],
      [2, '张经理', null],
    ]);
    contract = (
      await call(t.app, 'GET', '/contract/v2/contractSaleDetail', {
        headers: manager,
        query: { contractId: String(contractId) },
      })
    ).data as typeof contract;
    expect(contract).toMatchObject({ state: 6, pendingApproval: null });
    const copied = (
      await call(t.app, 'GET', '/oa/companyOaApprovalList', { headers: finance, query: { type: '4' } })
    ).data as Instance[];
    expect(copied.map((i) => [i.approvalId, i.status])).toEqual([[approvalId, 1]]);
    expect(
      (await call(t.app, 'POST', '/oa/approvalRevoke', { headers: certificate, body: { approvalId } })).code,
    ).toBe(405);
  });

  it('a rejection needs a remark, ends the approval and leaves the contract as it was', async () => {
    const contractId = await saleContractId('XS20261112008');
    const approvalId = (
      (await saleChange(certificate, contractId, 6, '重复录入')).data as { approvalId: number }
    ).approvalId;
    const noRemark = await call(t.app, 'POST', '/oa/approvalBtn', {
      headers: storeManager,
      body: { approvalId, result: 'reject' },
    });
    expect(noRemark.code).toBe(405);
    const rejected = await call(t.app, 'POST', '/oa/approvalBtn', {
      headers: storeManager,
      body: { approvalId, result: 'reject', remark: '信息无误，不需作废' },
    });
    expect((rejected.data as Instance).status).toBe(2);
    expect((rejected.data as Instance).steps!.map((s) => s.status)).toEqual([3, 4]);
    const contract = (
      await call(t.app, 'GET', '/contract/v2/contractSaleDetail', {
        headers: manager,
        query: { contractId: String(contractId) },
      })
    ).data;
    expect(contract).toMatchObject({ state: 1, pendingApproval: null });
    expect(
      (
        await call(t.app, 'POST', '/oa/approvalBtn', {
          headers: manager,
          body: { approvalId, result: 'approve' },
        })
      ).code,
    ).toBe(405);
  });

  it('only the sponsor revokes, only while pending, and the contract may then be changed again', async () => {
    const contractId = await saleContractId('XS20261112008');
    const approvalId = (
      (await saleChange(certificate, contractId, 6, '客户反悔')).data as { approvalId: number }
    ).approvalId;
    expect((await saleChange(certificate, contractId, 2)).code).toBe(409);
    expect(
      (await call(t.app, 'POST', '/oa/approvalRevoke', { headers: storeManager, body: { approvalId } })).code,
    ).toBe(403);
    expect(
      (await call(t.app, 'POST', '/oa/approvalRevoke', { headers: certificate, body: { approvalId } })).code,
    ).toBe(200);
    const detail = (
      await call(t.app, 'GET', '/oa/companyOaApprovalDetail', {
        headers: certificate,
        query: { approvalId: String(approvalId) },
      })
    ).data as Instance & {
      revokedAt: string | null;
    };
    expect(detail).toMatchObject({ status: 3, canRevoke: 0, canApprove: 0 });
    expect(detail.revokedAt).not.toBeNull();
    // The edit-state check's refusal, with its marker: the page showing the approval is disabled.
    expect(
      await call(t.app, 'POST', '/oa/approvalRevoke', { headers: certificate, body: { approvalId } }),
    ).toMatchObject({ code: 405, message: '当前状态不允许此操作！', data: { editState: 0 } });
    expect(
      (
        await call(t.app, 'POST', '/oa/approvalBtn', {
          headers: storeManager,
          body: { approvalId, result: 'approve' },
        })
      ).code,
    ).toBe(405);
    const contract = (
      await call(t.app, 'GET', '/contract/v2/contractSaleDetail', {
        headers: manager,
        query: { contractId: String(contractId) },
      })
    ).data;
    expect(contract).toMatchObject({ state: 1, pendingApproval: null });
  });

  it('decisions racing on one step give exactly one outcome, and the contract follows it', async () => {
    const roles = (await call(t.app, 'GET', '/org/v2/roleList', { headers: manager })).data as {
      roleId: number;
      roleName: string;
    }[];
    const groups = (await call(t.app, 'GET', '/oa/groupList', { headers: manager })).data as {
      groupId: number;
      groupName: string;
    }[];
    await call(t.app, 'POST', '/oa/oaApprovalCreate', {
      headers: manager,
      body: {
        groupId: groups[0]!.groupId,
        appType: 5,
        oaItemId: 71,
        name: '租赁完成审批',
        approvers: [{ approverType: 2, roleId: roles.find((r) => r.roleName === '店长')!.roleId }],
      },
    });
    const list = await call(t.app, 'POST', '/contract/v2/contractRentPosts', {
      headers: manager,
      body: { searchKey: { type: 2, key: 'ZL20260801001' } },
    });
    const contractId = (list.data as { contractId: number }[])[0]!.contractId;
    const started = await call(t.app, 'POST', '/contract/v2/contractRentStateChange', {
      headers: certificate,
      body: { contractId, state: 4 },
    });
    const approvalId = (started.data as { approvalId: number }).approvalId;
    const results = await Promise.all([
      call(t.app, 'POST', '/oa/approvalBtn', {
        headers: storeManager,
        body: { approvalId, result: 'approve' },
      }),
      call(t.app, 'POST', '/oa/approvalBtn', {
        headers: storeManager,
        body: { approvalId, result: 'reject', remark: '不同意' },
      }),
      call(t.app, 'POST', '/oa/approvalRevoke', { headers: certificate, body: { approvalId } }),
    ]);
    // The losers are refused by the edit-state check (405) or lose the write after it (409).
    expect(results.map((r) => (r.code === 409 ? 405 : r.code)).sort()).toEqual([200, 405, 405]);
    const detail = (
      await call(t.app, 'GET', '/oa/companyOaApprovalDetail', {
        headers: manager,
        query: { approvalId: String(approvalId) },
      })
    ).data as Instance;
    expect(detail.steps!.filter((s) => s.handler !== null).length).toBe(detail.status === 3 ? 0 : 1);
    const contract = (
      await call(t.app, 'GET', '/contract/v2/contractRentDetail', {
        headers: manager,
        query: { contractId: String(contractId) },
      })
    ).data as {
      state: number;
      stateRecords: unknown[];
    };
    expect(contract.state).toBe(detail.status === 1 ? 4 : 1);
    expect(contract.stateRecords).toHaveLength(detail.status === 1 ? 1 : 0);
  });

  it('filters the company approvals by status, sponsor, app and dates, 15 per page, and keeps companies apart', async () => {
    const all = await call(t.app, 'GET', '/oa/companyOaApprovalList', {
      headers: manager,
      query: { type: '0' },
    });
    expect(all.total).toBeGreaterThanOrEqual(4);
    const statuses = (all.data as Instance[]).map((i) => i.status);
    const approved = await call(t.app, 'GET', '/oa/companyOaApprovalList', {
      headers: manager,
      query: { type: '0', status: '1' },
    });
    expect(approved.total).toBe(statuses.filter((s) => s === 1).length);
    const bySponsor = await call(t.app, 'GET', '/oa/companyOaApprovalList', {
      headers: manager,
      query: { type: '0', sponsorUserId: String(userId('孙权证')), appType: '5' },
    });
    expect(bySponsor.total).toBe(all.total);
    const today = '2026-11-21';
    const entered = await call(t.app, 'GET', '/oa/companyOaApprovalList', {
      headers: manager,
      query: { type: '0', entryTimeStart: today, entryTimeEnd: today },
    });
    expect(entered.total).toBe(all.total);
    const before = await call(t.app, 'GET', '/oa/companyOaApprovalList', {
      headers: manager,
      query: { type: '0', entryTimeEnd: '2026-11-20' },
    });
    expect(before.total).toBe(0);
    const over = await call(t.app, 'GET', '/oa/companyOaApprovalList', {
      headers: manager,
      query: { type: '0', overTimeStart: today },
    });
    expect(over.total).toBe(statuses.filter((s) => s !== 0).length);
    const page = await call(t.app, 'GET', '/oa/companyOaApprovalList', {
      headers: manager,
      query: { type: '0', pagesize: '2', pageindex: '2' },
    });
    expect((page.data as Instance[]).map((i) => i.approvalId)).toEqual(
      (all.data as Instance[]).slice(2, 4).map((i) => i.approvalId),
    );
    expect(
      (await call(t.app, 'GET', '/oa/companyOaApprovalList', { headers: managerB, query: { type: '0' } }))
        .total,
    ).toBe(0);
    const someId = String((all.data as Instance[])[0]!.approvalId);
    expect(
      (
        await call(t.app, 'GET', '/oa/companyOaApprovalDetail', {
          headers: managerB,
          query: { approvalId: someId },
        })
      ).code,
    ).toBe(404);
    // A colleague who has nothing to do with an approval cannot open it.
    expect(
      (
        await call(t.app, 'GET', '/oa/companyOaApprovalDetail', {
          headers: broker,
          query: { approvalId: someId },
        })
      ).code,
    ).toBe(403);
  });

  it('keeps sign template and quick-sign approval settings and previews the flow a sign type uses', async () => {
    const templates = await call(t.app, 'GET', '/template/templateManagementPosts', { headers: manager });
    const boxId = (templates.data as { boxId: number }[])[0]!.boxId;
    const box = String(boxId);
    const none = (
      await call(t.app, 'GET', '/oa/getAppSignOaApproval', {
        headers: broker,
        query: { type: '1', boxId: box },
      })
    ).data;
    expect(none).toMatchObject({ oaItemId: 45, oaState: 0, source: 0, approvers: [] });
    const saved = await call(t.app, 'POST', '/oa/oaApprovalSignUpdate', {
      headers: manager,
      body: { boxId, oaState: 1, approvers: [{ approverType: 1, userId: userId('王店长') }], sendCopy: [] },
    });
    expect(saved.data).toMatchObject({ boxId, oaState: 1, approvers: [{ name: '王店长' }] });
    expect(
      (
        await call(t.app, 'POST', '/oa/oaApprovalSignUpdate', {
          headers: manager,
          body: { boxId, oaState: 1, approvers: [] },
        })
      ).code,
    ).toBe(405);
    const preview = (
      await call(t.app, 'GET', '/oa/getAppSignOaApproval', {
        headers: broker,
        query: { type: '1', boxId: box },
      })
    ).data;
    expect(preview).toMatchObject({ oaItemId: 45, oaState: 1, source: 2, approvers: [{ name: '王店长' }] });
    // Another company's template does not exist for company B.
    expect(
      await call(t.app, 'GET', '/oa/oaApprovalSignDetail', { headers: managerB, query: { boxId: box } }),
    ).toMatchObject({
      code: 405,
      message: '签约模板不存在或已被删除',
    });
    const fileSign = await call(t.app, 'POST', '/oa/oaApprovalFileSignUpdate', {
      headers: manager,
      body: { oaState: 1, approvers: [{ approverType: 3 }], sendCopy: [userId('钱财务')] },
    });
    expect(fileSign.data).toMatchObject({
      oaState: 1,
      approvers: [{ name: '发起人部门负责人' }],
      sendCopy: [{ name: '钱财务' }],
    });
    expect(
      (await call(t.app, 'GET', '/oa/oaApprovalFileSignDetail', { headers: manager })).data,
    ).toMatchObject({ oaState: 1 });
    expect(
      (
        await call(t.app, 'POST', '/oa/oaApprovalFileSignUpdate', {
          headers: broker,
          body: { oaState: 0, approvers: [] },
        })
      ).code,
    ).toBe(403);
  });
});
