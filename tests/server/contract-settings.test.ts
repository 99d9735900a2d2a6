import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createContractSettingsFixture,
  defaultContractSettings as defaults,
  stateNames as named,
  type ContractSettingsFixture,
  type Headers,
} from '../support/contract-settings-fixture';
import { ledgerPictures } from '../../server/db/schema-contract';

describe('合同基础设置: the company’s contract settings, kept by the server and used by the ledger', () => {
  let f: ContractSettingsFixture;

  const read = (headers: Headers) => f.readSettings(headers);
  const save = (body: unknown, headers: Headers = f.manager) => f.saveSettings(body, headers);
  const suggest = (contractType: string, signDate: string, headers: Headers = f.manager) =>
    f.get('/contract/v2/contractNoSuggest', headers, { contractType, signDate });

  beforeAll(async () => {
    f = await createContractSettingsFixture();
  });
  afterAll(async () => {
    await f.close();
  });

  it('reads the defaults until saved, for everyone in the company', async () => {
    for (const headers of [f.manager, f.broker])
      expect(await read(headers)).toMatchObject({ code: 200, data: defaults });
  });

  it('is saved with 基础设置 only, each wrong field refused with its Chinese title, and stays the company’s own', async () => {
    expect(await save(defaults, f.broker)).toMatchObject({ code: 403 });
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
    expect((await read(f.manager)).data).toEqual(defaults);

    const mine = {
      ...defaults,
      saleNumberRule: { prefix: 'ht', dateFormat: 2, digits: 4 },
      commission: { saleRate: 1.5, rentRate: 50, dailiFeeA: 30, dailiFeeB: 70 },
      saleStateNames: named(['待签', '办理中', '已过户', '结案', '冻结', '作废', '解约']),
    };
    expect(await save(mine)).toMatchObject({ code: 200, message: '保存成功' });
    expect((await read(f.broker)).data).toEqual({
      ...mine,
      saleNumberRule: { ...mine.saleNumberRule, prefix: 'HT' },
    });
    expect((await read(f.managerB)).data).toEqual(defaults);
    expect(await save(defaults)).toMatchObject({ code: 200 });
  });

  it('suggests the next number by the company’s rule, and the ledger’s 新增 gives that number when left empty', async () => {
    await save({ ...defaults, saleNumberRule: { prefix: 'HT', dateFormat: 2, digits: 4 } });
    expect(await suggest('1', '2026-11-25')).toMatchObject({
      code: 200,
      data: { contractNo: 'HT2026110001' },
    });
    const added = await f.addSale(f.broker, '2026-11-25', 3_000_000);
    expect(added.code, added.message).toBe(200);
    expect((added.data as { contractNo: string }).contractNo).toBe('HT2026110001');
    expect((await suggest('1', '2026-11-30', f.broker)).data).toEqual({ contractNo: 'HT2026110002' });
    // Another company's numbers are its own; its rule is still the default.
    expect((await suggest('1', '2026-11-25', f.managerB)).data).toEqual({ contractNo: 'XS20261125001' });
    // The rent rule is separate: the default ZL + date + 3 digits.
    expect((await suggest('2', '2026-11-25')).data).toEqual({ contractNo: 'ZL20261125001' });
    expect((await suggest('3', '2026-11-25')).code).toBe(405);
    await save(defaults);
  });

  it('refuses 已办理 and 完成 while a required attachment has no picture, and allows them once it has', async () => {
    await save({ ...defaults, requiredAttachments: ['合同正本', '房产证'] });
    const added = await f.addSale(f.broker, '2026-11-26', 3_200_000);
    const { contractId } = added.data as { contractId: number };
    const change = (state: number) =>
      f.post('/contract/v2/contractSaleStateChange', f.certificate, { contractId, state });
    expect(await change(2)).toMatchObject({ code: 200, data: { state: 2 } });
    expect(await change(3)).toMatchObject({ code: 405, message: '请先上传必备附件：合同正本、房产证' });
    const companyId = (await f.t.database.db.select().from(ledgerPictures).limit(1))[0]!.companyId;
    await f.t.database.db.insert(ledgerPictures).values({
      companyId,
      contractId,
      url: '/files/x.png',
      name: '合同正本第1页',
      categoryName: '合同正本',
    });
    expect(await change(3)).toMatchObject({ code: 405, message: '请先上传必备附件：房产证' });
    await f.t.database.db.insert(ledgerPictures).values({
      companyId,
      contractId,
      url: '/files/y.png',
      name: '房产证',
      categoryName: '房产证',
    });
    expect(await change(3)).toMatchObject({ code: 200, data: { state: 3 } });

    const rent = await f.addRent(f.broker, '2026-11-26', 6500);
    const rentId = (rent.data as { contractId: number }).contractId;
    expect(
      await f.post('/contract/v2/contractRentStateChange', f.certificate, { contractId: rentId, state: 4 }),
    ).toMatchObject({ code: 405, message: '请先上传必备附件：合同正本、房产证' });
    // 作废 needs no attachment.
    expect(
      await f.post('/contract/v2/contractRentStateChange', f.certificate, {
        contractId: rentId,
        state: 3,
        remark: '录错了',
      }),
    ).toMatchObject({ code: 200 });
    await save(defaults);
  });
});
