import { describe, expect, it } from 'vitest';
import { runningContractWarning } from '../../domain/sign-deal';

describe('the warning before a second contract on a listing', () => {
  it('names the running contracts and leaves out voided and completed ones', () => {
    expect(
      runningContractWarning([
        { contractNo: 'HT001', state: 7, stateName: '待签字' },
        { contractNo: 'HT002', state: 4, stateName: '已作废' },
        { contractNo: 'HT003', state: 6, stateName: '已完成' },
        { contractNo: 'HT004', state: 1, stateName: '待发起' },
      ]),
    ).toBe('该房源已有进行中的合同：HT001（待签字）、HT004（待发起），确定再发起签约吗？');
  });

  it('says nothing when no contract is running', () => {
    expect(runningContractWarning([{ contractNo: 'HT002', state: 4, stateName: '已作废' }])).toBeNull();
    expect(runningContractWarning([])).toBeNull();
  });
});
