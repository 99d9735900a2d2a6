/**
 * The default commission of 合同基础设置 in a prefilled sign form (issue 38): a ledger contract
 * without commission gets the company's 中介服务费 (sale, from the price) or 代理费 and its split
 * (rent, from the monthly rent); a company's own rates are used, and the pure rule rounds to cents.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignFixture, type SignFixture } from '../support/sign-fixture';
import { defaultCommissionFields } from '../../domain/contract-settings';

const named = (names: string[]) => names.map((stateName, index) => ({ state: index + 1, stateName }));
const setting = (commission: {
  saleRate: number;
  rentRate: number;
  dailiFeeA: number;
  dailiFeeB: number;
}) => ({
  saleNumberRule: { prefix: 'XS', dateFormat: 1, digits: 3 },
  rentNumberRule: { prefix: 'ZL', dateFormat: 1, digits: 3 },
  commission,
  requiredAttachments: [],
  saleStateNames: named(['待办理', '办理中', '已办理', '完成', '冻结', '作废', '解除']),
  rentStateNames: named(['正常', '解除', '作废', '完成']),
});
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

describe('the default commission (合同基础设置) fills a prefilled sign form', () => {
  let f: SignFixture;
  beforeAll(async () => {
    f = await createSignFixture();
  });
  afterAll(async () => {
    await f.t.close();
  });

  it('splits a sale’s 中介服务费 by the rate and the shares, and a rent’s 代理费 of a month’s rent', () => {
    const commission = { saleRate: 1.5, rentRate: 50, dailiFeeA: 30, dailiFeeB: 70 };
    expect(defaultCommissionFields(commission, 1, 3_000_000)).toEqual({
      partyAAgencyFee: 13_500,
      partyBAgencyFee: 31_500,
    });
    expect(defaultCommissionFields(commission, 1, 333.33)).toEqual({
      partyAAgencyFee: 1.5,
      partyBAgencyFee: 3.5,
    });
    expect(defaultCommissionFields(commission, 1, null)).toEqual({});
    expect(defaultCommissionFields(commission, 2, 6500)).toEqual({
      dailiFee: 3250,
      dailiFeeA: 30,
      dailiFeeB: 70,
    });
    expect(defaultCommissionFields(commission, 2, null)).toEqual({ dailiFeeA: 30, dailiFeeB: 70 });
  });

  it('gives the company’s rates to a form prefilled from a ledger contract without commission', async () => {
    const saved = await f.post(
      '/contract/v2/contractSetting',
      f.manager,
      setting({ saleRate: 1.5, rentRate: 50, dailiFeeA: 30, dailiFeeB: 70 }),
    );
    expect(saved.code, saved.message).toBe(200);
    const sale = await f.post('/contract/v2/contractSaleAdd', f.manager, {
      houseInfo,
      parties,
      signDate: '2026-11-22',
      transaction: { transactionPrice: 3_000_000, paymentMethod: 1 },
    });
    expect(sale.code, sale.message).toBe(200);
    const salePrefill = await f.get('/sign/getContractSellData', f.manager, {
      contractId: (sale.data as { contractId: number }).contractId,
    });
    expect(salePrefill.code, salePrefill.message).toBe(200);
    expect((salePrefill.data as { transaction: Record<string, unknown> }).transaction).toMatchObject({
      transactionPrice: 3_000_000,
      partyAAgencyFee: 13_500,
      partyBAgencyFee: 31_500,
    });

    const rent = await f.post('/contract/v2/contractRentAdd', f.manager, {
      houseInfo,
      parties,
      signDate: '2026-11-22',
      transaction: { startDate: '2026-12-01', endDate: '2027-11-30' },
      rental: { haveRent: 2, monthlyRent: 6500 },
    });
    expect(rent.code, rent.message).toBe(200);
    const rentPrefill = await f.get('/sign/getContractRentData', f.manager, {
      contractId: (rent.data as { contractId: number }).contractId,
    });
    expect((rentPrefill.data as { transaction: Record<string, unknown> }).transaction).toMatchObject({
      dailiFee: 3250,
      dailiFeeA: 30,
      dailiFeeB: 70,
    });

    // Company B keeps the defaults (2 % of the price, split 50/50).
    const saleB = await f.post('/contract/v2/contractSaleAdd', f.managerB, {
      houseInfo,
      parties,
      signDate: '2026-11-22',
      transaction: { transactionPrice: 1_000_000, paymentMethod: 1 },
    });
    const prefillB = await f.get('/sign/getContractSellData', f.managerB, {
      contractId: (saleB.data as { contractId: number }).contractId,
    });
    expect((prefillB.data as { transaction: Record<string, unknown> }).transaction).toMatchObject({
      partyAAgencyFee: 10_000,
      partyBAgencyFee: 10_000,
    });
  });
});
