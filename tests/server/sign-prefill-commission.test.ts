/**
 * The default commission of 合同基础设置 in a prefilled sign form (issue 38): a ledger contract
 * without commission gets the company's 中介服务费 (sale, from the price) or 代理费 and its split
 * (rent, from the monthly rent); a company's own rates are used, and the pure rule rounds to cents.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultCommissionFields } from '../../domain/contract-settings';
import {
  createContractSettingsFixture,
  defaultContractSettings,
  type ContractSettingsFixture,
} from '../support/contract-settings-fixture';

describe('the default commission (合同基础设置) fills a prefilled sign form', () => {
  let f: ContractSettingsFixture;
  beforeAll(async () => {
    f = await createContractSettingsFixture();
  });
  afterAll(async () => {
    await f.close();
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
    const saved = await f.saveSettings({
      ...defaultContractSettings,
      commission: { saleRate: 1.5, rentRate: 50, dailiFeeA: 30, dailiFeeB: 70 },
    });
    expect(saved.code, saved.message).toBe(200);
    const sale = await f.addSale(f.manager, '2026-11-22', 3_000_000);
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

    const rent = await f.addRent(f.manager, '2026-11-22', 6500);
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
    const saleB = await f.addSale(f.managerB, '2026-11-22', 1_000_000);
    const prefillB = await f.get('/sign/getContractSellData', f.managerB, {
      contractId: (saleB.data as { contractId: number }).contractId,
    });
    expect((prefillB.data as { transaction: Record<string, unknown> }).transaction).toMatchObject({
      partyAAgencyFee: 10_000,
      partyBAgencyFee: 10_000,
    });
  });
});
