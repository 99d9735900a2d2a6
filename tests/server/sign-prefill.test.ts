/**
 * getContractSellData / getContractRentData: a sign contract's form prefilled from a ledger contract;
 * the prefilled form submits as a sign contract once the broker adds what the ledger lacks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignFixture, type Headers, type SignFixture } from '../support/sign-fixture';

type Item = { contractId: number; contractNo: string };
type Prefill = {
  houseInfo: { houseName?: string };
  partyA: { subjectType: number; name: string; certNo: string; phone?: string };
  partyB: { name: string };
  property: Record<string, unknown>;
  transaction: Record<string, unknown>;
  rental?: Record<string, unknown>;
};

describe('sign form prefilled from the contract ledger', () => {
  let f: SignFixture;

  beforeAll(async () => {
    f = await createSignFixture();
  });
  afterAll(async () => {
    await f.t.close();
  });

  const firstLedger = async (headers: Headers, kind: 'Sale' | 'Rent') =>
    ((await f.post(`/contract/v2/contract${kind}Posts`, headers, {})).data as Item[])[0]!;

  it('fills parties, house and transaction of a sale contract, and the result submits', async () => {
    const ledger = await firstLedger(f.manager, 'Sale');
    const detail = (
      await f.get('/contract/v2/contractSaleDetail', f.manager, { contractId: ledger.contractId })
    ).data as {
      parties: { partyA: { name: string; certNo: string } };
      houseInfo: { houseName: string };
      transaction: { transactionPrice: number };
    };
    const result = await f.get('/sign/getContractSellData', f.manager, { contractId: ledger.contractId });
    expect(result.code, result.message).toBe(200);
    const prefill = result.data as Prefill;
    expect(prefill.houseInfo.houseName).toBe(detail.houseInfo.houseName);
    expect(prefill.partyA).toMatchObject({
      subjectType: 1,
      name: detail.parties.partyA.name,
      certNo: detail.parties.partyA.certNo,
    });
    expect(prefill.transaction.transactionPrice).toBe(detail.transaction.transactionPrice);
    expect(Object.values(prefill.transaction)).not.toContain(null);

    const submitted = await f.post('/sign/contractSubmissionV2501', f.manager, {
      boxid: f.saleBoxId,
      content: {
        ...prefill,
        property: {
          ...prefill.property,
          address: '科技园路 1 号',
          buildingCertificate: '粤(2021)深圳市不动产权第0000001号',
          houseArea: 88,
        },
        transaction: { transferDate: '2026-12-20', deliveryDate: '2027-01-10', ...prefill.transaction },
        customFields: { fieldsList_1: '70年', fieldsList_3: '5000' },
      },
      signatureType: 1,
    });
    expect(submitted.code, submitted.message).toBe(200);
  });

  it('fills a rent contract from the rent ledger with its lease dates', async () => {
    const ledger = await firstLedger(f.manager, 'Rent');
    const prefill = (await f.get('/sign/getContractRentData', f.manager, { contractId: ledger.contractId }))
      .data as Prefill;
    expect(prefill.transaction.startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(prefill.transaction.endDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(prefill.rental).toBeDefined();
  });

  it('does not take a rent contract as a sale contract, nor another company’s contract', async () => {
    const rent = await firstLedger(f.manager, 'Rent');
    expect((await f.get('/sign/getContractSellData', f.manager, { contractId: rent.contractId })).code).toBe(
      404,
    );
    const other = await firstLedger(f.managerB, 'Sale');
    expect((await f.get('/sign/getContractSellData', f.manager, { contractId: other.contractId })).code).toBe(
      404,
    );
  });

  it('needs 发起签约 and a ledger contract or a listing the user sees', async () => {
    const sale = await firstLedger(f.manager, 'Sale');
    expect((await f.get('/sign/getContractSellData', f.nobody, { contractId: sale.contractId })).code).toBe(
      403,
    );
    expect(await f.get('/sign/getContractSellData', f.manager, { houseId: 2_000_000_000 })).toMatchObject({
      code: 404,
      message: '房源不存在或已被删除',
    });
    expect(await f.get('/sign/getContractRentData', f.manager)).toMatchObject({
      code: 404,
      message: '请选择合同台账或房源',
    });
  });
});
