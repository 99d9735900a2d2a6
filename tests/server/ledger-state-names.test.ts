import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createContractSettingsFixture,
  defaultContractSettings,
  stateNames,
  type ContractSettingsFixture,
} from '../support/contract-settings-fixture';

describe('the ledger’s custom state names (合同基础设置) are the names the server writes', () => {
  let f: ContractSettingsFixture;

  beforeAll(async () => {
    f = await createContractSettingsFixture();
  });
  afterAll(async () => {
    await f.close();
  });

  it('names the states in the 经办人’s report and in the refusal that asks for a reason', async () => {
    const saved = await f.saveSettings({
      ...defaultContractSettings,
      saleStateNames: stateNames(['待签', '过户中', '已过户', '结案', '冻结', '作废', '解约']),
    });
    expect(saved.code, saved.message).toBe(200);
    const added = await f.addSale(f.manager, '2026-11-22', 2_800_000);
    expect(added.code, added.message).toBe(200);
    const { contractId, contractNo } = added.data as { contractId: number; contractNo: string };
    const change = (state: number, remark?: string) =>
      f.post('/contract/v2/contractSaleStateChange', f.certificate, {
        contractId,
        state,
        ...(remark === undefined ? {} : { remark }),
      });
    expect((await change(2)).code).toBe(200);
    const reports = (
      (await f.get('/base/remindPosts', f.manager, { messageType: '3' })).data as { content: string }[]
    ).filter((m) => m.content.includes(contractNo));
    expect(reports.map((m) => m.content)).toEqual([
      `您经办的买卖合同 ${contractNo}（桃源居）由孙权证从「待签」变更为「过户中」`,
    ]);
    expect(await change(7, '  ')).toMatchObject({ code: 405, message: '请填写解约原因' });

    // Another company keeps the seed's names.
    const addedB = await f.addSale(f.managerB, '2026-11-22', 2_800_000);
    const refusedB = await f.post('/contract/v2/contractSaleStateChange', f.managerB, {
      contractId: (addedB.data as { contractId: number }).contractId,
      state: 7,
      remark: ' ',
    });
    expect(refusedB).toMatchObject({ code: 405, message: '请填写解除原因' });
  });
});
