import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../support/test-app';
import { ledgerPictures } from '../../server/db/schema-contract';

const saleNames = ['待办理', '办理中', '已办理', '完成', '冻结', '作废', '解除'];
const rentNames = ['正常', '解除', '作废', '完成'];
const named = (names: string[]) => names.map((stateName, index) => ({ state: index + 1, stateName }));

const defaults = {
  saleNumberRule: { prefix: 'XS', dateFormat: 1, digits: 3 },
  rentNumberRule: { prefix: 'ZL', dateFormat: 1, digits: 3 },
  commission: { saleRate: 2, rentRate: 100, dailiFeeA: 50, dailiFeeB: 50 },
  requiredAttachments: [],
  saleStateNames: named(saleNames),
  rentStateNames: named(rentNames),
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

describe('合同基础设置: the company’s contract settings, kept by the server and used by the ledger', () => {
  let t: TestApp;
  let manager: Record<string, string>;
  let broker: Record<string, string>;
  let certificate: Record<string, string>;
  let managerB: Record<string, string>;

  const read = (headers: Record<string, string>) =>
    call(t.app, 'GET', '/contract/v2/getContractSetting', { headers });
  const save = (body: unknown, headers = manager) =>
    call(t.app, 'POST', '/contract/v2/contractSetting', { headers, body });
  const suggest = (contractType: string, signDate: string, headers = manager) =>
    call(t.app, 'GET', '/contract/v2/contractNoSuggest', { headers, query: { contractType, signDate } });

  beforeAll(async () => {
    t = await createTestApp();
    manager = await login(t.app, '13800000000');
    broker = await login(t.app, '13800000003');
    certificate = await login(t.app, '13800000005');
    managerB = await login(t.app, '13900000000');
  });
  afterAll(async () => {
    await t.close();
  });

  it('reads the defaults until saved, for everyone in the company', async () => {
    for (const headers of [manager, broker])
      expect(await read(headers)).toMatchObject({ code: 200, data: defaults });
  });

  it('is saved with 基础设置 only, each wrong field refused with its Chinese title, and stays the company’s own', async () => {
    expect(await save(defaults, broker)).toMatchObject({ code: 403 });
    const digits = await save({ ...defaults, saleNumberRule: { prefix: 'XS', dateFormat: 1, digits: 9 } });
    expect(digits.code).toBe(405);
    expect(digits.message).toContain('流水号位数');
    const prefix = await save({ ...defaults, rentNumberRule: { prefix: '租-', dateFormat: 1, digits: 3 } });
    expect(prefix.code).toBe(405);
    expect(prefix.message).toContain('合同编号前缀');
    const split = await save({ ...defaults, commission: { ...defaults.commission, dailiFeeA: 60 } });
    expect(split).toMatchObject({ code: 405, message: '甲方承担比例与乙方承担比例之和须为 100%' });
    const twins = await save({ ...defaults, rentStateNames: named(['正常', '解除', '解除', '完成']) });
    expect(twins).toMatchObject({ code: 405, message: '租赁合同状态名称不能重名' });
    expect((await read(manager)).data).toEqual(defaults);

    const mine = {
      ...defaults,
      saleNumberRule: { prefix: 'ht', dateFormat: 2, digits: 4 },
      commission: { saleRate: 1.5, rentRate: 50, dailiFeeA: 30, dailiFeeB: 70 },
      saleStateNames: named(['待签', '办理中', '已过户', '结案', '冻结', '作废', '解约']),
    };
    expect(await save(mine)).toMatchObject({ code: 200, message: '保存成功' });
    expect((await read(broker)).data).toEqual({
      ...mine,
      saleNumberRule: { ...mine.saleNumberRule, prefix: 'HT' },
    });
    expect((await read(managerB)).data).toEqual(defaults);
    expect(await save(defaults)).toMatchObject({ code: 200 });
  });

  it('suggests the next number by the company’s rule, and the ledger’s 新增 gives that number when left empty', async () => {
    await save({ ...defaults, saleNumberRule: { prefix: 'HT', dateFormat: 2, digits: 4 } });
    expect(await suggest('1', '2026-11-25')).toMatchObject({
      code: 200,
      data: { contractNo: 'HT2026110001' },
    });
    const added = await call(t.app, 'POST', '/contract/v2/contractSaleAdd', {
      headers: broker,
      body: {
        houseInfo,
        parties,
        signDate: '2026-11-25',
        transaction: { transactionPrice: 3_000_000, paymentMethod: 1 },
      },
    });
    expect(added.code, added.message).toBe(200);
    expect((added.data as { contractNo: string }).contractNo).toBe('HT2026110001');
    expect((await suggest('1', '2026-11-30', broker)).data).toEqual({ contractNo: 'HT2026110002' });
    // Another company's numbers are its own; its rule is still the default.
    expect((await suggest('1', '2026-11-25', managerB)).data).toEqual({ contractNo: 'XS20261125001' });
    // The rent rule is separate: the default ZL + date + 3 digits.
    expect((await suggest('2', '2026-11-25')).data).toEqual({ contractNo: 'ZL20261125001' });
    expect((await suggest('3', '2026-11-25')).code).toBe(405);
    await save(defaults);
  });

  it('refuses 已办理 and 完成 while a required attachment has no picture, and allows them once it has', async () => {
    await save({ ...defaults, requiredAttachments: ['合同正本', '房产证'] });
    const added = await call(t.app, 'POST', '/contract/v2/contractSaleAdd', {
      headers: broker,
      body: {
        houseInfo,
        parties,
        signDate: '2026-11-26',
        transaction: { transactionPrice: 3_200_000, paymentMethod: 1 },
      },
    });
    const { contractId } = added.data as { contractId: number };
    const change = (state: number) =>
      call(t.app, 'POST', '/contract/v2/contractSaleStateChange', {
        headers: certificate,
        body: { contractId, state },
      });
    expect(await change(2)).toMatchObject({ code: 200, data: { state: 2 } });
    expect(await change(3)).toMatchObject({ code: 405, message: '请先上传必备附件：合同正本、房产证' });
    const companyId = (await t.database.db.select().from(ledgerPictures).limit(1))[0]!.companyId;
    await t.database.db.insert(ledgerPictures).values({
      companyId,
      contractId,
      url: '/files/x.png',
      name: '合同正本第1页',
      categoryName: '合同正本',
    });
    expect(await change(3)).toMatchObject({ code: 405, message: '请先上传必备附件：房产证' });
    await t.database.db.insert(ledgerPictures).values({
      companyId,
      contractId,
      url: '/files/y.png',
      name: '房产证',
      categoryName: '房产证',
    });
    expect(await change(3)).toMatchObject({ code: 200, data: { state: 3 } });

    const rent = await call(t.app, 'POST', '/contract/v2/contractRentAdd', {
      headers: broker,
      body: {
        houseInfo,
        parties,
        signDate: '2026-11-26',
        transaction: { startDate: '2026-12-01', endDate: '2027-11-30' },
        rental: { haveRent: 2, monthlyRent: 6500 },
      },
    });
    const rentId = (rent.data as { contractId: number }).contractId;
    expect(
      await call(t.app, 'POST', '/contract/v2/contractRentStateChange', {
        headers: certificate,
        body: { contractId: rentId, state: 4 },
      }),
    ).toMatchObject({ code: 405, message: '请先上传必备附件：合同正本、房产证' });
    // 作废 needs no attachment.
    expect(
      await call(t.app, 'POST', '/contract/v2/contractRentStateChange', {
        headers: certificate,
        body: { contractId: rentId, state: 3, remark: '录错了' },
      }),
    ).toMatchObject({ code: 200 });
    await save(defaults);
  });
});
