import { describe, expect, it } from 'vitest';
import { isLedgerDeal, isRunningContract, runningContractWarning } from '../../domain/sign-deal';

describe('the warning before a second contract on a listing', () => {
  it('names the running contracts of either kind and leaves out ended ones', () => {
    expect(
      runningContractWarning([
        { contractNo: 'HT001', running: 1, stateName: '待签字' },
        { contractNo: 'HT002', running: 0, stateName: '已作废' },
        { contractNo: 'XS20261121001', running: 1, stateName: '办理中' },
        { contractNo: 'HT004', running: 1, stateName: '待发起' },
      ]),
    ).toBe(
      '该房源已有进行中的合同：HT001（待签字）、XS20261121001（办理中）、HT004（待发起），确定再发起合同吗？',
    );
  });

  it('says nothing when no contract is running', () => {
    expect(runningContractWarning([{ contractNo: 'HT002', running: 0, stateName: '已作废' }])).toBeNull();
    expect(runningContractWarning([])).toBeNull();
  });
});

describe('which contracts are running and which are deals', () => {
  it('a sign contract runs until it is voided or completed', () => {
    const running = [1, 2, 3, 4, 6, 7, 8].filter((state) =>
      isRunningContract({ source: 1, contractType: 1, state }),
    );
    expect(running).toEqual([1, 2, 3, 7, 8]);
  });

  it('a ledger sale contract runs until 完成, 作废 or 解除, and a rent one while 正常', () => {
    const sale = [1, 2, 3, 4, 5, 6, 7].filter((state) =>
      isRunningContract({ source: 2, contractType: 1, state }),
    );
    expect(sale).toEqual([1, 2, 3, 5]);
    const rent = [1, 2, 3, 4].filter((state) => isRunningContract({ source: 2, contractType: 2, state }));
    expect(rent).toEqual([1]);
  });

  it('a ledger contract is a deal from its recording until it is 作废 or 解除', () => {
    expect([1, 2, 3, 4, 5, 6, 7].filter((state) => isLedgerDeal(1, state))).toEqual([1, 2, 3, 4, 5]);
    expect([1, 2, 3, 4].filter((state) => isLedgerDeal(2, state))).toEqual([1, 4]);
  });
});
