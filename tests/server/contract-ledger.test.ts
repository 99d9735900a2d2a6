import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../support/test-app';

type Item = {
  contractId: number;
  contractNo: string;
  state: number;
  signDate: string;
  userName: string;
  tags: { tagId: number; tagName: string }[];
  pictureCount: number;
};

const saleBody = {
  houseInfo: {
    province: { id: 44, name: '广东省' },
    city: { id: 4403, name: '深圳市' },
    district: { id: 440305, name: '南山区' },
    houseName: '桃源居',
    houseBuilding: '15',
    houseRoomNo: '1203',
  },
  parties: {
    partyA: { subjectType: 1, name: '王建国', certNo: '11010519491231002x', phone: '13612345678' },
    partyB: {
      subjectType: 2,
      name: '深圳市安居投资有限公司',
      certNo: '91350100M000100Y43',
      phone: '13712345678',
    },
  },
  signDate: '2026-11-20',
  transaction: { transactionPrice: 5_600_000, paymentMethod: 1 },
};

describe('contract ledger', () => {
  let t: TestApp;
  let manager: Record<string, string>;
  let managerB: Record<string, string>;
  let broker: Record<string, string>;
  let certificate: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    manager = await login(t.app, '13800000000');
    managerB = await login(t.app, '13900000000');
    broker = await login(t.app, '13800000003');
    certificate = await login(t.app, '13800000005');
  });
  afterAll(async () => {
    await t.close();
  });

  const sales = (headers: Record<string, string>, body: object = {}) =>
    call(t.app, 'POST', '/contract/v2/contractSalePosts', { headers, body });
  const rents = (headers: Record<string, string>, body: object = {}) =>
    call(t.app, 'POST', '/contract/v2/contractRentPosts', { headers, body });
  const byNo = async (contractNo: string, type: 'sale' | 'rent' = 'sale') =>
    (
      (await (type === 'sale' ? sales : rents)(manager, { searchKey: { type: 2, key: contractNo } }))
        .data as Item[]
    )[0]!.contractId;

  it('lists sale contracts by signing date, newest first by default and oldest first with sort 2', async () => {
    const list = await sales(manager);
    expect(list.total).toBe(8);
    const dates = (list.data as Item[]).map((i) => i.signDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const ascending = (await sales(manager, { sort: 2 })).data as Item[];
    expect(ascending[0]!.contractNo).toBe('XS20260903001');
    expect((list.data as Item[])[0]).toMatchObject({
      contractNo: 'XS20261112008',
      pictureCount: 2,
      tags: [{ tagName: '满五唯一' }],
    });
    const rentList = await rents(manager);
    expect(rentList.total).toBe(6);
  });

  it('searches by community, contract number, phone and party name, and filters by state, tags, signatory and entry time', async () => {
    const names = async (body: object) =>
      ((await sales(manager, body)).data as Item[]).map((i) => i.contractNo);
    expect(await names({ searchKey: { type: 1, key: '香蜜湖' } })).toEqual(['XS20260915002']);
    expect(await names({ searchKey: { type: 2, key: '20261105' } })).toEqual(['XS20261105007']);
    expect(await names({ searchKey: { type: 3, key: '13510002345' } })).toEqual(['XS20260915002']);
    expect(await names({ searchKey: { type: 4, key: '刘国强' } })).toEqual(['XS20261002003']);
    expect(await names({ searchKey: { type: 4, key: '%' } })).toEqual([]);
    expect(await names({ state: 5 })).toEqual(['XS20261011004']);
    expect(await names({ tags: [] })).toHaveLength(8);
    const tagged = (await sales(manager, { searchKey: { type: 2, key: 'XS20260903001' } })).data as Item[];
    const tagIds = tagged[0]!.tags.map((tag) => tag.tagId);
    expect(await names({ tags: tagIds })).toEqual(['XS20260903001']);
    const staff = (await call(t.app, 'GET', '/org/v2/staffList', { headers: manager })).data as {
      userId: number;
      name: string;
    }[];
    const zhao = staff.find((s) => s.name === '赵经纪')!.userId;
    expect(await names({ signatorySearch: { userId: zhao } })).toHaveLength(4);
    expect(await names({ entryTime: { start: '2026-11-01', end: '2026-11-10' } })).toEqual(['XS20261105007']);
  });

  it('pages 15 to a page by default and honours pageindex', async () => {
    for (let i = 0; i < 10; i += 1) {
      const added = await call(t.app, 'POST', '/contract/v2/contractSaleAdd', {
        headers: manager,
        body: { ...saleBody, houseInfo: { ...saleBody.houseInfo, houseRoomNo: `${100 + i}` } },
      });
      expect(added.code).toBe(200);
    }
    const first = await sales(manager);
    expect(first.total).toBe(18);
    expect(first.data as Item[]).toHaveLength(15);
    expect((await sales(manager, { pageindex: 2 })).data as Item[]).toHaveLength(3);
    // A page past the end is empty and still says how many there are.
    const beyond = await sales(manager, { pageindex: 3 });
    expect(beyond.data as Item[]).toHaveLength(0);
    expect(beyond.total).toBe(18);
    // A search that finds nothing counts nothing.
    expect((await sales(manager, { searchKey: { type: 2, key: '不存在的编号' } })).total).toBe(0);
  });

  it('records a contract with a generated number and checks the parties as the seed says', async () => {
    const added = await call(t.app, 'POST', '/contract/v2/contractSaleAdd', {
      headers: broker,
      body: { ...saleBody, signDate: '2026-11-21' },
    });
    expect(added).toMatchObject({
      code: 200,
      data: { contractNo: 'XS20261121001', state: 1, userName: '赵经纪' },
    });
    expect((added.data as { parties: { partyA: { certNo: string } } }).parties.partyA.certNo).toBe(
      '11010519491231002X',
    );
    const bad = async (patch: object) =>
      (
        await call(t.app, 'POST', '/contract/v2/contractSaleAdd', {
          headers: broker,
          body: { ...saleBody, parties: { ...saleBody.parties, ...patch } },
        })
      ).message;
    expect(
      await bad({
        partyA: { subjectType: 1, name: ' ', certNo: '11010519491231002X', phone: '13612345678' },
      }),
    ).toBe('请输入姓名');
    expect(
      await bad({
        partyA: { subjectType: 1, name: '王建国', certNo: '110105194912310021', phone: '13612345678' },
      }),
    ).toBe('身份证号码格式不正确');
    expect(
      await bad({ partyA: { subjectType: 1, name: '王建国', certNo: '11010519491231002X', phone: '12345' } }),
    ).toBe('手机号码格式不正确');
    expect(await bad({ partyB: { subjectType: 2, name: '某公司', certNo: '123' } })).toBe(
      '企业营业执照号码格式不正确',
    );
    expect(
      await bad({
        partyA: {
          subjectType: 1,
          name: '王建国',
          certNo: '11010519491231002X',
          phone: '13612345678',
          agent: { name: '代理', certNo: '1', phone: '13612345678' },
        },
      }),
    ).toBe('代理人身份证号码格式不正确');
    const duplicate = await call(t.app, 'POST', '/contract/v2/contractSaleAdd', {
      headers: manager,
      body: { ...saleBody, contractNo: 'XS20260903001' },
    });
    expect(duplicate.message).toBe('合同编号已存在');
    const rent = await call(t.app, 'POST', '/contract/v2/contractRentAdd', {
      headers: broker,
      body: {
        ...saleBody,
        transaction: { startDate: '2026-12-01', endDate: '2026-11-01' },
        rental: { haveRent: 2, monthlyRent: 5000 },
      },
    });
    expect(rent.message).toBe('租期结束日期不能早于开始日期');
    // Finance may view contracts but not record them.
    const financeHeaders = await login(t.app, '13800000004');
    expect(
      (await call(t.app, 'POST', '/contract/v2/contractSaleAdd', { headers: financeHeaders, body: saleBody }))
        .code,
    ).toBe(403);
  });

  it('shows a broker only the contracts he recorded', async () => {
    const list = await sales(broker);
    expect(new Set((list.data as Item[]).map((i) => i.userName))).toEqual(new Set(['赵经纪']));
    const other = await byNo('XS20260915002');
    expect(
      (
        await call(t.app, 'GET', '/contract/v2/contractSaleDetail', {
          headers: broker,
          query: { contractId: String(other) },
        })
      ).code,
    ).toBe(404);
  });

  it('shows detail with parties, transaction, state history and pictures', async () => {
    const id = await byNo('XS20260903001');
    const detail = await call(t.app, 'GET', '/contract/v2/contractSaleDetail', {
      headers: manager,
      query: { contractId: String(id) },
    });
    expect(detail.data).toMatchObject({
      state: 4,
      parties: { partyA: { name: '陈建华' }, partyB: { name: '林晓燕' } },
      transaction: { transactionPrice: 8_650_000 },
      pendingApproval: null,
    });
    expect(
      (detail.data as { stateRecords: { toState: number }[] }).stateRecords.map((r) => r.toState),
    ).toEqual([2, 3, 4]);
    const pictures = await call(t.app, 'GET', '/contract/v2/contractPictureV2', {
      headers: manager,
      query: { contractId: String(id), contractType: '1' },
    });
    expect(pictures.total).toBe(2);
    expect(
      (
        await call(t.app, 'GET', '/contract/v2/contractPictureV2', {
          headers: manager,
          query: { contractId: String(id), contractType: '2' },
        })
      ).code,
    ).toBe(404);
  });

  it('changes state directly when no approval is set, and refuses changes the state table does not allow', async () => {
    const id = await byNo('XS20261002003');
    expect(
      (
        await call(t.app, 'POST', '/contract/v2/contractSaleStateChange', {
          headers: broker,
          body: { contractId: id, state: 3 },
        })
      ).code,
    ).toBe(403);
    const done = await call(t.app, 'POST', '/contract/v2/contractSaleStateChange', {
      headers: certificate,
      body: { contractId: id, state: 3 },
    });
    expect(done).toMatchObject({ code: 200, data: { state: 3, needApproval: 0, approvalId: null } });
    const back = await call(t.app, 'POST', '/contract/v2/contractSaleStateChange', {
      headers: certificate,
      body: { contractId: id, state: 1 },
    });
    expect(back).toMatchObject({ code: 405, message: '当前状态不允许此操作！', data: { editState: 0 } });
    const noReason = await call(t.app, 'POST', '/contract/v2/contractSaleStateChange', {
      headers: certificate,
      body: { contractId: id, state: 7 },
    });
    expect(noReason.code).toBe(405);
    // Freezing remembers the state; unfreezing may only return to it.
    await call(t.app, 'POST', '/contract/v2/contractSaleStateChange', {
      headers: certificate,
      body: { contractId: id, state: 5 },
    });
    expect(
      (
        await call(t.app, 'POST', '/contract/v2/contractSaleStateChange', {
          headers: certificate,
          body: { contractId: id, state: 2 },
        })
      ).code,
    ).toBe(405);
    expect(
      (
        await call(t.app, 'POST', '/contract/v2/contractSaleStateChange', {
          headers: certificate,
          body: { contractId: id, state: 3 },
        })
      ).data,
    ).toMatchObject({ state: 3 });
    const rentId = await byNo('ZL20261110006', 'rent');
    expect(
      (
        await call(t.app, 'POST', '/contract/v2/contractRentStateChange', {
          headers: certificate,
          body: { contractId: rentId, state: 3, remark: '录错' },
        })
      ).data,
    ).toMatchObject({
      state: 3,
    });
    expect(
      (
        await call(t.app, 'POST', '/contract/v2/contractRentStateChange', {
          headers: certificate,
          body: { contractId: rentId, state: 1 },
        })
      ).code,
    ).toBe(405);
  });

  it('sends a change to approval when its item has an enabled definition and applies it when approved', async () => {
    const id = await byNo('ZL20260820002', 'rent');
    const started = await call(t.app, 'POST', '/contract/v2/contractRentStateChange', {
      headers: certificate,
      body: { contractId: id, state: 2, remark: '租客退租' },
    });
    expect(started).toMatchObject({
      code: 200,
      message: '已提交审批，审批通过后变更',
      data: { needApproval: 1, state: 1 },
    });
    const approvalId = (started.data as { approvalId: number }).approvalId;
    const storeManager = await login(t.app, '13800000001');
    await call(t.app, 'POST', '/oa/approvalBtn', {
      headers: storeManager,
      body: { approvalId, result: 'approve' },
    });
    const detail = (
      await call(t.app, 'GET', '/contract/v2/contractRentDetail', {
        headers: manager,
        query: { contractId: String(id) },
      })
    ).data as {
      state: number;
      stateRecords: { toState: number; approvalId: number | null; userName: string; remark: string }[];
    };
    expect(detail.state).toBe(2);
    expect(detail.stateRecords.at(-1)).toMatchObject({
      toState: 2,
      approvalId,
      userName: '孙权证',
      remark: '租客退租',
    });
  });

  it('reports to the 经办人 (合同报告, type 3) a state change someone else made, not his own', async () => {
    type Remind = {
      title: string;
      content: string;
      link: { appType: number; path: string; params: { contractType: number; contractId: number } } | null;
    };
    const added = await call(t.app, 'POST', '/contract/v2/contractSaleAdd', {
      headers: manager,
      body: { ...saleBody, signDate: '2026-11-22' },
    });
    const { contractId, contractNo } = added.data as { contractId: number; contractNo: string };
    const reports = async (headers: Record<string, string>) =>
      (
        (await call(t.app, 'GET', '/base/remindPosts', { headers, query: { messageType: '3' } }))
          .data as Remind[]
      ).filter((m) => m.content.includes(contractNo));
    const change = (headers: Record<string, string>, state: number) =>
      call(t.app, 'POST', '/contract/v2/contractSaleStateChange', { headers, body: { contractId, state } });
    // His own change is no news to him.
    expect((await change(manager, 2)).code).toBe(200);
    expect(await reports(manager)).toHaveLength(0);
    // 孙权证 moves it on: the 经办人 gets one report that opens the contract in the ledger.
    expect((await change(certificate, 3)).code).toBe(200);
    const after = await reports(manager);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      title: '合同状态变更',
      link: { appType: 5, path: '/views/contract/index', params: { contractType: 1, contractId } },
    });
    expect(after[0]!.content).toBe(
      `您经办的买卖合同 ${contractNo}（桃源居）由孙权证从「办理中」变更为「已办理」`,
    );
    // A refused change writes no report; nobody else, and no other company, hears of it.
    expect((await change(certificate, 1)).code).toBe(405);
    expect(await reports(manager)).toHaveLength(1);
    expect(await reports(certificate)).toHaveLength(0);
    expect(await reports(managerB)).toHaveLength(0);
  });

  it('reports a change applied by an approval to the 经办人, as made by the approver', async () => {
    const added = await call(t.app, 'POST', '/contract/v2/contractRentAdd', {
      headers: broker,
      body: {
        houseInfo: saleBody.houseInfo,
        parties: saleBody.parties,
        signDate: '2026-11-22',
        transaction: { startDate: '2026-12-01', endDate: '2027-11-30' },
        rental: { haveRent: 2, monthlyRent: 6500 },
      },
    });
    expect(added.code, added.message).toBe(200);
    const { contractId, contractNo } = added.data as { contractId: number; contractNo: string };
    const started = await call(t.app, 'POST', '/contract/v2/contractRentStateChange', {
      headers: certificate,
      body: { contractId, state: 2, remark: '租客退租' },
    });
    const approvalId = (started.data as { approvalId: number }).approvalId;
    const reports = async () =>
      (
        (await call(t.app, 'GET', '/base/remindPosts', { headers: broker, query: { messageType: '3' } }))
          .data as { content: string }[]
      ).filter((m) => m.content.includes(contractNo));
    expect(started.code, started.message).toBe(200);
    // Asked for by 孙权证, not yet changed: nothing to report.
    expect(await reports()).toHaveLength(0);
    const storeManager = await login(t.app, '13800000001');
    await call(t.app, 'POST', '/oa/approvalBtn', {
      headers: storeManager,
      body: { approvalId, result: 'approve' },
    });
    expect((await reports()).map((m) => m.content)).toEqual([
      `您经办的租赁合同 ${contractNo}（桃源居）由王店长从「正常」变更为「解除」`,
    ]);
  });

  it('deletes only contracts in a deletable state, with 删除合同 permission', async () => {
    const voided = await byNo('XS20261028006');
    const done = await byNo('XS20260903001');
    expect(
      (
        await call(t.app, 'POST', '/contract/v2/contractSaleDelete', {
          headers: certificate,
          body: { contractId: voided },
        })
      ).code,
    ).toBe(403);
    expect(
      (
        await call(t.app, 'POST', '/contract/v2/contractSaleDelete', {
          headers: manager,
          body: { contractId: done },
        })
      ).code,
    ).toBe(409);
    expect(
      (
        await call(t.app, 'POST', '/contract/v2/contractSaleDelete', {
          headers: manager,
          body: { contractId: voided },
        })
      ).code,
    ).toBe(200);
    expect(
      (
        await call(t.app, 'GET', '/contract/v2/contractSaleDetail', {
          headers: manager,
          query: { contractId: String(voided) },
        })
      ).code,
    ).toBe(404);
    expect(
      (
        await call(t.app, 'POST', '/contract/v2/contractSaleDelete', {
          headers: manager,
          body: { contractId: voided },
        })
      ).code,
    ).toBe(404);
  });

  it("keeps each company's ledger to itself", async () => {
    const listB = await sales(managerB);
    expect((listB.data as Item[]).map((i) => i.contractNo)).toEqual(['XS20261101001']);
    const idA = await byNo('XS20260915002');
    for (const [url, body] of [
      ['/contract/v2/contractSaleStateChange', { contractId: idA, state: 2 }],
      ['/contract/v2/contractSaleDelete', { contractId: idA }],
    ] as const) {
      expect((await call(t.app, 'POST', url, { headers: managerB, body })).code).toBe(404);
    }
    expect(
      (
        await call(t.app, 'GET', '/contract/v2/contractSaleDetail', {
          headers: managerB,
          query: { contractId: String(idA) },
        })
      ).code,
    ).toBe(404);
    const idB = (listB.data as Item[])[0]!.contractId;
    expect(
      (
        await call(t.app, 'GET', '/contract/v2/contractSaleDetail', {
          headers: manager,
          query: { contractId: String(idB) },
        })
      ).code,
    ).toBe(404);
  });
});
