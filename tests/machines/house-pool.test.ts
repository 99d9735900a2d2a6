import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { housePoolMachine, housePoolMessages, type HouseFlags } from '../../machines/house-pool.machine';
import { startHarness } from '../support/machine-harness';

const publicFlags: HouseFlags = { attribution: 1, isLock: 0, isSeal: 0, isTop: 0 };
const privateFlags: HouseFlags = { attribution: 2, isLock: 0, isSeal: 0, isTop: 0 };

/** The detail page starts the machine with public flags and syncs what the server answered. */
async function listing(flags: HouseFlags = publicFlags) {
  const harness = await startHarness(housePoolMachine, { input: { houseId: 11, flags: publicFlags } });
  await harness.send({ type: 'sync', flags });
  return harness;
}

async function recycled(flags: HouseFlags = publicFlags) {
  const harness = await listing(flags);
  await harness.send({ type: 'delete' });
  await harness.send({ type: 'confirm' });
  await harness.done('remove');
  return harness;
}

describe('house-pool machine, rules a user relies on', () => {
  it('asks with the seed texts', () => {
    expect(housePoolMessages).toMatchObject({
      toPublicConfirm: '您确认要转为公盘吗？',
      deleteConfirm: '您确认删除该项信息吗？',
      restoreConfirm: '您确认一键还原此房源吗？',
      purgeConfirm: '您确认要彻底删除此房源吗？',
    });
  });

  it('starts as a public listing and follows the pool and flags the page reads', async () => {
    const harness = await startHarness(housePoolMachine, { input: { houseId: 11, flags: publicFlags } });
    expect(harness.value()).toEqual({ listed: 'public' });
    expect(harness.context()).toStrictEqual({
      houseId: 11,
      flags: publicFlags,
      operation: null,
      notice: null,
    });
    await harness.send({ type: 'sync', flags: { ...privateFlags, isTop: 1 } });
    expect(harness.value()).toEqual({ listed: 'private' });
    expect(harness.context()['flags']).toStrictEqual({ ...privateFlags, isTop: 1 });
    await harness.send({ type: 'sync', flags: { ...publicFlags, isLock: 1 } });
    expect(harness.value()).toEqual({ listed: 'public' });
    expect(harness.context()['flags']).toStrictEqual({ ...publicFlags, isLock: 1 });
    expect(createActor(housePoolMachine, { input: undefined }).getSnapshot().context).toStrictEqual({
      houseId: 0,
      flags: publicFlags,
      operation: null,
      notice: null,
    });
  });

  it('a private listing turns public after confirming: 已转为公盘', async () => {
    const harness = await listing(privateFlags);
    await harness.send({ type: 'toPublic' });
    expect(harness.value()).toEqual({ listed: 'confirmingPublic' });
    await harness.send({ type: 'cancel' });
    expect(harness.value()).toEqual({ listed: 'private' });
    expect(harness.lastCall('toPublic')).toBeUndefined();
    await harness.send({ type: 'toPublic' });
    await harness.send({ type: 'confirm' });
    expect(harness.value()).toEqual({ listed: 'movingPublic' });
    expect(harness.lastCall('toPublic')?.input).toStrictEqual({ houseId: 11 });
    await harness.done('toPublic');
    expect(harness.value()).toEqual({ listed: 'public' });
    expect(harness.context()['flags']).toStrictEqual(publicFlags);
    expect(harness.context()['notice']).toStrictEqual({ kind: 'success', text: '已转为公盘' });
  });

  it('a sealed listing cannot change pool, and only a private one turns public', async () => {
    const sealedPrivate = await listing({ ...privateFlags, isSeal: 1 });
    await sealedPrivate.send({ type: 'toPublic' });
    expect(sealedPrivate.value()).toEqual({ listed: 'private' });
    const publicOne = await listing();
    await publicOne.send({ type: 'toPublic' });
    expect(publicOne.value()).toEqual({ listed: 'public' });
    const sealedPublic = await listing({ ...publicFlags, isSeal: 1 });
    await sealedPublic.send({ type: 'toPrivate' });
    expect(sealedPublic.value()).toEqual({ listed: 'public' });
    const lockedPublic = await listing({ ...publicFlags, isLock: 1 });
    await lockedPublic.send({ type: 'toPrivate' });
    expect(lockedPublic.value()).toEqual({ listed: 'public' });
    const privateOne = await listing(privateFlags);
    await privateOne.send({ type: 'toPrivate' });
    expect(privateOne.value()).toEqual({ listed: 'private' });
    expect(privateOne.calls).toEqual([]);
  });

  it('a refused move shows the message and leaves the pool as it was', async () => {
    const toPublic = await listing(privateFlags);
    await toPublic.send({ type: 'toPublic' });
    await toPublic.send({ type: 'confirm' });
    await toPublic.fail('toPublic', new Error('该房源已封盘'));
    expect(toPublic.value()).toEqual({ listed: 'private' });
    expect(toPublic.context()['flags']).toStrictEqual(privateFlags);
    expect(toPublic.context()['notice']).toStrictEqual({ kind: 'error', text: '该房源已封盘' });
    await toPublic.send({ type: 'toPublic' });
    expect(toPublic.context()['notice']).toBeNull();

    const claim = await listing();
    await claim.send({ type: 'toPrivate' });
    await claim.fail('toPrivate', '私盘已达上限');
    expect(claim.value()).toEqual({ listed: 'public' });
    expect(claim.context()['flags']).toStrictEqual(publicFlags);
    expect(claim.context()['notice']).toStrictEqual({ kind: 'error', text: '私盘已达上限' });
    await claim.send({ type: 'toPrivate' });
    expect(claim.context()['notice']).toBeNull();
  });

  it('a public listing is claimed at once: 已拣入私盘', async () => {
    const harness = await listing();
    await harness.send({ type: 'toPrivate' });
    expect(harness.value()).toEqual({ listed: 'claiming' });
    expect(harness.lastCall('toPrivate')?.input).toStrictEqual({ houseId: 11 });
    await harness.done('toPrivate');
    expect(harness.value()).toEqual({ listed: 'private' });
    expect(harness.context()['flags']).toStrictEqual(privateFlags);
    expect(harness.context()['notice']).toStrictEqual({ kind: 'success', text: '已拣入私盘' });
  });

  it('lock, seal and pin change only what differs, and say what was done', async () => {
    const harness = await listing(privateFlags);
    await harness.send({ type: 'operate', operate: 2 });
    expect(harness.value()).toEqual({ listed: 'private' });
    expect(harness.calls).toEqual([]);
    for (const [operate, flag, value, text] of [
      [1, 'isLock', 1, '已锁盘'],
      [3, 'isSeal', 1, '已封盘'],
      [5, 'isTop', 1, '已置顶'],
      [6, 'isTop', 0, '已取消置顶'],
      [4, 'isSeal', 0, '已解封'],
      [2, 'isLock', 0, '已解锁'],
    ] as const) {
      await harness.send({ type: 'operate', operate });
      expect(harness.value()).toEqual({ listed: 'operating' });
      expect(harness.context()['operation']).toBe(operate);
      expect(harness.context()['notice']).toBeNull();
      expect(harness.lastCall('operate')?.input).toStrictEqual({ houseId: 11, operate });
      await harness.done('operate');
      expect(harness.value()).toEqual({ listed: 'private' });
      expect((harness.context()['flags'] as Record<string, number>)[flag]).toBe(value);
      expect(harness.context()['notice']).toStrictEqual({ kind: 'success', text });
    }
    expect(harness.context()['flags']).toStrictEqual(privateFlags);
    const publicOne = await listing();
    await publicOne.send({ type: 'operate', operate: 5 });
    await publicOne.done('operate');
    expect(publicOne.value()).toEqual({ listed: 'public' });
    expect(publicOne.context()['flags']).toStrictEqual({ ...publicFlags, isTop: 1 });
  });

  it('a refused operation shows the message and keeps the flags and the pool', async () => {
    for (const flags of [privateFlags, publicFlags]) {
      const harness = await listing(flags);
      await harness.send({ type: 'operate', operate: 1 });
      await harness.fail('operate', new Error('无权限'));
      expect(harness.value()).toEqual({ listed: flags === privateFlags ? 'private' : 'public' });
      expect(harness.context()['flags']).toStrictEqual(flags);
      expect(harness.context()['notice']).toStrictEqual({ kind: 'error', text: '无权限' });
    }
  });

  it('deleting asks first; cancelling or a refusal keeps the listing where it was', async () => {
    for (const [flags, pool] of [
      [privateFlags, 'private'],
      [publicFlags, 'public'],
    ] as const) {
      const harness = await listing(flags);
      await harness.send({ type: 'toPrivate' });
      if (pool === 'public') await harness.fail('toPrivate', new Error('私盘已达上限'));
      await harness.send({ type: 'delete' });
      expect(harness.value()).toBe('confirmingDelete');
      expect(harness.context()['notice']).toBeNull();
      await harness.send({ type: 'cancel' });
      expect(harness.value()).toEqual({ listed: pool });
      await harness.send({ type: 'delete' });
      await harness.send({ type: 'confirm' });
      expect(harness.value()).toBe('deleting');
      expect(harness.lastCall('remove')?.input).toStrictEqual({ houseId: 11 });
      await harness.fail('remove', new Error('房源有未完成的合同'));
      expect(harness.value()).toEqual({ listed: pool });
      expect(harness.context()['notice']).toStrictEqual({ kind: 'error', text: '房源有未完成的合同' });
    }
  });

  it('a deleted listing goes to the recycle bin: 房源已删除到回收站', async () => {
    const harness = await recycled();
    expect(harness.value()).toBe('recycled');
    expect(harness.context()['notice']).toStrictEqual({ kind: 'success', text: '房源已删除到回收站' });
  });

  it('restoring from the recycle bin asks first and returns the listing to its pool: 房源已还原', async () => {
    for (const [flags, pool] of [
      [privateFlags, 'private'],
      [publicFlags, 'public'],
    ] as const) {
      const harness = await recycled(flags);
      await harness.send({ type: 'restore' });
      expect(harness.value()).toBe('confirmingRestore');
      expect(harness.context()['notice']).toBeNull();
      await harness.send({ type: 'cancel' });
      expect(harness.value()).toBe('recycled');
      await harness.send({ type: 'restore' });
      await harness.send({ type: 'confirm' });
      expect(harness.value()).toBe('restoring');
      expect(harness.lastCall('restore')?.input).toStrictEqual({ houseId: 11 });
      await harness.done('restore');
      expect(harness.value()).toEqual({ listed: pool });
      expect(harness.context()['notice']).toStrictEqual({ kind: 'success', text: '房源已还原' });
    }
    const refused = await recycled();
    await refused.send({ type: 'restore' });
    await refused.send({ type: 'confirm' });
    await refused.fail('restore', new Error('房源已被彻底删除'));
    expect(refused.value()).toBe('recycled');
    expect(refused.context()['notice']).toStrictEqual({ kind: 'error', text: '房源已被彻底删除' });
  });

  it('deleting for good asks first and ends the listing: 房源已彻底删除', async () => {
    const harness = await recycled();
    await harness.send({ type: 'purge' });
    expect(harness.value()).toBe('confirmingPurge');
    expect(harness.context()['notice']).toBeNull();
    await harness.send({ type: 'cancel' });
    expect(harness.value()).toBe('recycled');
    await harness.send({ type: 'purge' });
    await harness.send({ type: 'confirm' });
    expect(harness.lastCall('purge')?.input).toStrictEqual({ houseId: 11 });
    await harness.fail('purge', new Error('网络异常'));
    expect(harness.value()).toBe('recycled');
    expect(harness.context()['notice']).toStrictEqual({ kind: 'error', text: '网络异常' });
    await harness.send({ type: 'purge' });
    await harness.send({ type: 'confirm' });
    await harness.done('purge');
    expect(harness.value()).toBe('purged');
    expect(harness.actor.getSnapshot().status).toBe('done');
    expect(harness.context()['notice']).toStrictEqual({ kind: 'success', text: '房源已彻底删除' });
  });
});
