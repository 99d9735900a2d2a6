/**
 * 签约份数流水 (rechargeRecordPosts): every change of the sign-credit balance with its kind —
 * bought, given, spent by starting a signing, given back when a signing nobody signed is voided.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignFixture, type SignFixture } from '../support/sign-fixture';

type LedgerRow = {
  recordId: number;
  type: number;
  count: number;
  balance: number;
  orderNumber: string | null;
  amount: number | null;
  contractNo: string | null;
  remark: string | null;
};

describe('sign-credit ledger', () => {
  let f: SignFixture;

  beforeAll(async () => {
    f = await createSignFixture();
  });
  afterAll(async () => {
    await f.t.close();
  });

  const ledger = async (query: Record<string, string | number> = {}) => {
    const result = await f.get('/sign/rechargeRecordPosts', f.manager, query);
    expect(result.code, result.message).toBe(200);
    return { rows: result.data as LedgerRow[], total: (result as { total?: number }).total ?? 0 };
  };

  it('lists the demo purchase with its order and amount', async () => {
    const { rows } = await ledger({ type: 1 });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.type === 1 && row.count > 0)).toBe(true);
    expect(rows[0]).toMatchObject({ count: 100, remark: '购买签约份数' });
    expect(rows[0]!.orderNumber).toMatch(/\S/);
    expect(rows[0]!.amount).toBeGreaterThan(0);
  });

  it('records the credit spent by a start and given back by a void, naming the contract', async () => {
    const contractId = await f.submit(f.manager);
    const before = (await ledger()).rows[0]!.balance;
    const started = await f.post('/sign/contractStart', f.manager, { contractId, type: 2 });
    expect(started.code, started.message).toBe(200);
    const voided = await f.post('/sign/signInvalid', f.manager, { contractId, reason: '重复录入' });
    expect(voided.code, voided.message).toBe(200);
    const detail = (await f.get('/sign/signDetailV3', f.manager, { contractId })).data as {
      contractNo: string;
    };

    const { rows } = await ledger();
    expect(rows.slice(0, 2)).toMatchObject([
      { type: 4, count: 1, balance: before, contractNo: detail.contractNo, orderNumber: null, amount: null },
      { type: 3, count: -1, balance: before - 1, contractNo: detail.contractNo },
    ]);
    const spent = await ledger({ type: 3 });
    expect(spent.rows.every((row) => row.type === 3 && row.count < 0)).toBe(true);
    expect(spent.total).toBe(spent.rows.length);
  });

  it('pages by 10 by default', async () => {
    const all = await ledger({ pagesize: 100 });
    const first = await ledger();
    expect(first.rows).toHaveLength(Math.min(10, all.total));
    expect(first.total).toBe(all.total);
  });

  it('is for holders of 充值中心 and shows only the own company', async () => {
    const broker = await f.get('/sign/rechargeRecordPosts', f.broker);
    expect(broker.code).toBe(403);
    const other = await f.get('/sign/rechargeRecordPosts', f.managerB);
    const mine = new Set((await ledger({ pagesize: 100 })).rows.map((row) => row.recordId));
    expect((other.data as LedgerRow[]).some((row) => mine.has(row.recordId))).toBe(false);
  });

  it('refuses an unknown kind by field name', async () => {
    const result = await f.get('/sign/rechargeRecordPosts', f.manager, { type: 9 });
    expect(result.code).toBe(405);
    expect(result.message).toContain('流水类型');
  });
});
