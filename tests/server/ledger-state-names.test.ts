import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../support/test-app';

const named = (names: string[]) => names.map((stateName, index) => ({ state: index + 1, stateName }));
const defaults = {
  saleNumberRule: { prefix: 'XS', dateFormat: 1, digits: 3 },
  rentNumberRule: { prefix: 'ZL', dateFormat: 1, digits: 3 },
  commission: { saleRate: 2, rentRate: 100, dailiFeeA: 50, dailiFeeB: 50 },
  requiredAttachments: [],
  saleStateNames: named(['待办理', '办理中', '已办理', '完成', '冻结', '作废', '解除']),
  rentStateNames: named(['正常', '解除', '作废', '完成']),
};
const houseInfo = {
  province: { id: 44, name: '广东省' },
  city: { id: 4403, name: '深圳市' },
  district: { id: 440305, name: '南山区' },
  houseName: '桃源居',
  houseBuilding: '15',
  houseRoomNo: '1203',
};
const parties = {
  partyA: { subjectType: 1, name: '王建国', certNo: '11010519491231002x', phone: '13612345678' },
  partyB: {
    subjectType: 2,
    name: '深圳市安居投资有限公司',
    certNo: '91350100M000100Y43',
    phone: '13712345678',
  },
};

describe('the ledger’s custom state names (合同基础设置) are the names the server writes', () => {
  let t: TestApp;
  let manager: Record<string, string>;
  let certificate: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    manager = await login(t.app, '13800000000');
    certificate = await login(t.app, '13800000005');
  });
  afterAll(async () => {
    await t.close();
  });

  it('names the states in the 经办人’s report and in the refusal that asks for a reason', async () => {
    const saved = await call(t.app, 'POST', '/contract/v2/contractSetting', {
      headers: manager,
      body: {
        ...defaults,
        saleStateNames: named(['待签', '过户中', '已过户', '结案', '冻结', '作废', '解约']),
      },
    });
    expect(saved.code, saved.message).toBe(200);
    const added = await call(t.app, 'POST', '/contract/v2/contractSaleAdd', {
      headers: manager,
      body: {
        houseInfo,
        parties,
        signDate: '2026-11-22',
        transaction: { transactionPrice: 2_800_000, paymentMethod: 1 },
      },
    });
    expect(added.code, added.message).toBe(200);
    const { contractId, contractNo } = added.data as { contractId: number; contractNo: string };
    const change = (state: number, remark?: string) =>
      call(t.app, 'POST', '/contract/v2/contractSaleStateChange', {
        headers: certificate,
        body: { contractId, state, ...(remark === undefined ? {} : { remark }) },
      });
    expect((await change(2)).code).toBe(200);
    const reports = (
      (await call(t.app, 'GET', '/base/remindPosts', { headers: manager, query: { messageType: '3' } }))
        .data as { content: string }[]
    ).filter((m) => m.content.includes(contractNo));
    expect(reports.map((m) => m.content)).toEqual([
      `您经办的买卖合同 ${contractNo}（桃源居）由孙权证从「待签」变更为「过户中」`,
    ]);
    expect(await change(7, '  ')).toMatchObject({ code: 405, message: '请填写解约原因' });

    // Another company keeps the seed's names.
    const managerB = await login(t.app, '13900000000');
    const addedB = await call(t.app, 'POST', '/contract/v2/contractSaleAdd', {
      headers: managerB,
      body: {
        houseInfo,
        parties,
        signDate: '2026-11-22',
        transaction: { transactionPrice: 2_800_000, paymentMethod: 1 },
      },
    });
    const refusedB = await call(t.app, 'POST', '/contract/v2/contractSaleStateChange', {
      headers: managerB,
      body: { contractId: (addedB.data as { contractId: number }).contractId, state: 7, remark: ' ' },
    });
    expect(refusedB).toMatchObject({ code: 405, message: '请填写解除原因' });
  });
});
