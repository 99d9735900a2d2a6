import { describe, expect, it, vi } from 'vitest';
import { collectSaveMachine, duplicateHouseId } from '../../machines/collect-save.machine';
import { startHarness } from '../support/machine-harness';

const duplicateError = (houseId: number) =>
  Object.assign(new Error('该房源已存在（房源编号 CS2026112400011）'), {
    code: 405,
    data: { duplicate: 1, houseId },
  });

async function saving(gatherId = 31, houseType: 1 | 2 = 2) {
  const listingSaved = vi.fn();
  const openListing = vi.fn();
  const harness = await startHarness(collectSaveMachine, { actions: { listingSaved, openListing } });
  await harness.send({ type: 'gather.save', gatherId, houseType });
  return { harness, listingSaved, openListing };
}

describe('collect-save machine, rules a user relies on', () => {
  it('a refusal names an existing listing only when the server marks it a duplicate with its id', () => {
    expect(duplicateHouseId(duplicateError(11))).toBe(11);
    expect(duplicateHouseId({ data: { duplicate: 0, houseId: 11 } })).toBeNull();
    expect(duplicateHouseId({ data: { duplicate: 1 } })).toBeNull();
    expect(duplicateHouseId({ data: { duplicate: 1, houseId: '11' } })).toBeNull();
    expect(duplicateHouseId(new Error('网络异常'))).toBeNull();
    expect(duplicateHouseId(null)).toBeNull();
  });

  it('保存 saves the collected listing and says it became a private listing, with its number', async () => {
    const { harness, listingSaved } = await saving();
    expect(harness.value()).toBe('saving');
    expect(harness.context()).toStrictEqual({ gatherId: 31, houseType: 2, notice: null, duplicate: null });
    expect(harness.lastCall('saveGathered')?.input).toStrictEqual({ gatherId: 31 });
    await harness.done('saveGathered', { gatherId: 31, houseId: 12, houseNo: 'CS2026112600012' });
    expect(harness.value()).toBe('idle');
    expect(harness.context()['notice']).toStrictEqual({
      kind: 'success',
      text: '已转入本公司房源（私盘），房源编号 CS2026112600012',
    });
    expect(listingSaved).toHaveBeenCalledTimes(1);
    await harness.send({ type: 'notice.dismiss' });
    expect(harness.context()['notice']).toBeNull();
  });

  it('a duplicate opens the dialog with the message; 去查看 opens the existing listing', async () => {
    const { harness, listingSaved, openListing } = await saving(31, 2);
    await harness.fail('saveGathered', duplicateError(11));
    expect(harness.value()).toBe('duplicate');
    expect(harness.context()['duplicate']).toStrictEqual({
      message: '该房源已存在（房源编号 CS2026112400011）',
      houseId: 11,
      houseType: 2,
    });
    expect(harness.context()['notice']).toBeNull();
    expect(listingSaved).not.toHaveBeenCalled();
    await harness.send({ type: 'duplicate.view' });
    expect(harness.value()).toBe('idle');
    expect(openListing).toHaveBeenCalledTimes(1);
    expect(openListing.mock.calls[0]?.[1]).toStrictEqual({ houseId: 11, houseType: 2 });
    expect(harness.context()['duplicate']).toBeNull();
  });

  it('取消 on the duplicate dialog closes it without opening anything', async () => {
    const { harness, openListing } = await saving(31, 1);
    await harness.fail('saveGathered', duplicateError(11));
    expect(harness.context()['duplicate']).toMatchObject({ houseType: 1 });
    await harness.send({ type: 'duplicate.dismiss' });
    expect(harness.value()).toBe('idle');
    expect(harness.context()['duplicate']).toBeNull();
    expect(openListing).not.toHaveBeenCalled();
  });

  it('any other refusal is a notice, and the next 保存 clears it', async () => {
    const { harness } = await saving();
    await harness.fail('saveGathered', new Error('该采集房源已转入'));
    expect(harness.value()).toBe('idle');
    expect(harness.context()['notice']).toStrictEqual({ kind: 'error', text: '该采集房源已转入' });
    expect(harness.context()['duplicate']).toBeNull();
    await harness.send({ type: 'gather.save', gatherId: 32, houseType: 1 });
    expect(harness.context()['notice']).toBeNull();
    expect(harness.lastCall('saveGathered')?.input).toStrictEqual({ gatherId: 32 });
    await harness.fail('saveGathered', '超时');
    expect(harness.context()['notice']).toStrictEqual({ kind: 'error', text: '超时' });
  });

  it('nothing is saved twice at once', async () => {
    const { harness } = await saving();
    expect(harness.can({ type: 'gather.save', gatherId: 33, houseType: 1 })).toBe(false);
    expect(harness.can({ type: 'notice.dismiss' })).toBe(false);
  });
});
