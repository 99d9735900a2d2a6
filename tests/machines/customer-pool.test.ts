import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  customerPoolMachine,
  customerPoolMessages,
  type CustomerStanding,
} from '../../machines/customer-pool.machine';
import { startHarness } from '../support/machine-harness';
import { standings } from '../models/customer-pool.model';

const me = { userId: 3, name: '张经理' };
const colleague = { userId: 4, name: '赵经纪' };

async function customer(standing: CustomerStanding) {
  const harness = await startHarness(customerPoolMachine, { input: { customerId: 9, userId: 3 } });
  await harness.send({ type: 'sync', standing });
  return harness;
}

describe('customer-pool machine, rules a user relies on', () => {
  it('asks with the seed texts', () => {
    expect(customerPoolMessages).toMatchObject({
      toPublicConfirm: '是否确定转为公客？',
      dealConfirm: '是否确定成交?',
      cancelDealConfirm: '取消成交?',
      deleteConfirm: '您确认删除该项信息吗？',
    });
    expect(customerPoolMessages.assignedTo('赵经纪')).toBe('已分配给赵经纪');
  });

  it('waits for the page to read the customer, then stands where the customer stands for this user', async () => {
    const harness = await startHarness(customerPoolMachine, { input: { customerId: 9, userId: 3 } });
    expect(harness.value()).toBe('reading');
    expect(harness.context()).toStrictEqual({
      customerId: 9,
      userId: 3,
      standing: { attribution: 2, isMine: false, dealStatus: 0 },
      assignee: null,
      notice: null,
    });
    const placed = [];
    for (const standing of Object.values(standings)) {
      const one = await customer(standing);
      expect(one.context()['standing']).toStrictEqual(standing);
      placed.push(one.value());
    }
    expect(placed).toEqual(['public', 'private', 'assigned', 'dealt', 'dealt']);
    expect(createActor(customerPoolMachine, { input: undefined }).getSnapshot().context).toMatchObject({
      customerId: 0,
      userId: 0,
    });
  });

  it('offers on a private customer 转公客, 成交, 分配 and 删除, and on a public one 拣入私客, 分配 and 删除', async () => {
    for (const standing of [standings.private, standings.assigned]) {
      const harness = await customer(standing);
      for (const type of ['toPublic', 'deal', 'assign', 'delete'] as const)
        expect(harness.can({ type })).toBe(true);
      expect(harness.can({ type: 'toPrivate' })).toBe(false);
      expect(harness.can({ type: 'cancelDeal' })).toBe(false);
    }
    const publicOne = await customer(standings.public);
    for (const type of ['toPrivate', 'assign', 'delete'] as const) expect(publicOne.can({ type })).toBe(true);
    for (const type of ['toPublic', 'deal', 'cancelDeal'] as const)
      expect(publicOne.can({ type })).toBe(false);
    const dealt = await customer(standings.dealt);
    for (const type of ['cancelDeal', 'delete'] as const) expect(dealt.can({ type })).toBe(true);
    for (const type of ['toPublic', 'deal', 'assign', 'toPrivate'] as const)
      expect(dealt.can({ type })).toBe(false);
  });

  it('转公客 after confirming makes it a public customer; 取消 goes back to whose it was', async () => {
    for (const [standing, back] of [
      [standings.private, 'private'],
      [standings.assigned, 'assigned'],
    ] as const) {
      const harness = await customer(standing);
      await harness.send({ type: 'toPublic' });
      expect(harness.value()).toBe('confirmingPublic');
      await harness.send({ type: 'cancel' });
      expect(harness.value()).toBe(back);
    }
    const harness = await customer(standings.private);
    await harness.send({ type: 'toPublic' });
    await harness.send({ type: 'confirm' });
    expect(harness.value()).toBe('movingPublic');
    expect(harness.lastCall('toPublic')?.input).toStrictEqual({ customerId: 9 });
    await harness.done('toPublic');
    expect(harness.value()).toBe('public');
    expect(harness.context()['standing']).toStrictEqual({ attribution: 2, isMine: false, dealStatus: 0 });
    expect(harness.context()['notice']).toStrictEqual({ kind: 'success', text: '已转为公客' });
  });

  it('a refused call shows the message and reads the customer again', async () => {
    const cases = [
      [standings.private, [{ type: 'toPublic' }, { type: 'confirm' }], 'toPublic'],
      [standings.private, [{ type: 'deal' }, { type: 'confirm' }], 'deal'],
      [standings.dealt, [{ type: 'cancelDeal' }, { type: 'confirm' }], 'cancelDeal'],
      [standings.public, [{ type: 'delete' }, { type: 'confirm' }], 'remove'],
    ] as const;
    for (const [standing, events, id] of cases) {
      const harness = await customer(standing);
      for (const event of events) await harness.send(event);
      await harness.fail(id, new Error('客户不存在或已被删除'));
      expect(harness.value()).toBe('reading');
      expect(harness.context()['notice']).toStrictEqual({ kind: 'error', text: '客户不存在或已被删除' });
      await harness.send({ type: 'sync', standing });
      expect(harness.context()['notice']).toStrictEqual({ kind: 'error', text: '客户不存在或已被删除' });
    }
    const assigning = await customer(standings.public);
    await assigning.send({ type: 'assign' });
    await assigning.send({ type: 'assign.choose', assignee: colleague });
    await assigning.fail('assign', '赵经纪的私客已达上限');
    expect(assigning.value()).toBe('reading');
    expect(assigning.context()['notice']).toStrictEqual({ kind: 'error', text: '赵经纪的私客已达上限' });
    expect(assigning.context()['assignee']).toBeNull();
  });

  it('after a refusal the customer is read again: the new standing is taken, and an assignment from the pool says so', async () => {
    const harness = await customer(standings.private);
    await harness.send({ type: 'toPublic' });
    await harness.send({ type: 'confirm' });
    await harness.fail('toPublic', new Error('客户已被转为公客'));
    await harness.send({ type: 'sync', standing: standings.public });
    expect(harness.value()).toBe('public');
    expect(harness.context()['standing']).toStrictEqual(standings.public);
    await harness.send({ type: 'assign' });
    await harness.send({ type: 'assign.choose', assignee: colleague });
    expect(harness.lastCall('assign')?.input).toStrictEqual({ customerId: 9, attribution: 2, userId: 4 });
  });

  it('拣入私客 runs the pick-back flow; picked makes it mine, not picked keeps it public', async () => {
    const harness = await customer(standings.public);
    await harness.send({ type: 'toPrivate' });
    expect(harness.value()).toBe('pickingBack');
    await harness.send({ type: 'pickBack.done', isPicked: false });
    expect(harness.value()).toBe('public');
    expect(harness.context()['standing']).toStrictEqual(standings.public);
    await harness.send({ type: 'toPrivate' });
    await harness.send({ type: 'pickBack.done', isPicked: true });
    expect(harness.value()).toBe('private');
    expect(harness.context()['standing']).toStrictEqual({ attribution: 1, isMine: true, dealStatus: 0 });
    expect(harness.context()['notice']).toStrictEqual({ kind: 'success', text: '已拣入私客' });
  });

  it('成交 after confirming marks the customer dealt; 取消成交 returns it where it stood', async () => {
    for (const [standing, back] of [
      [standings.private, 'private'],
      [standings.assigned, 'assigned'],
    ] as const) {
      const harness = await customer(standing);
      await harness.send({ type: 'deal' });
      expect(harness.value()).toBe('confirmingDeal');
      await harness.send({ type: 'cancel' });
      expect(harness.value()).toBe(back);
      await harness.send({ type: 'deal' });
      await harness.send({ type: 'confirm' });
      expect(harness.lastCall('setDeal')).toMatchObject({ id: 'deal', input: { customerId: 9, status: 1 } });
      await harness.done('deal');
      expect(harness.value()).toBe('dealt');
      expect(harness.context()['standing']).toStrictEqual({ ...standing, dealStatus: 1 });
      expect(harness.context()['notice']).toStrictEqual({ kind: 'success', text: '已成交' });
      await harness.send({ type: 'cancelDeal' });
      expect(harness.value()).toBe('confirmingCancelDeal');
      expect(harness.context()['notice']).toBeNull();
      await harness.send({ type: 'cancel' });
      expect(harness.value()).toBe('dealt');
      await harness.send({ type: 'cancelDeal' });
      await harness.send({ type: 'confirm' });
      expect(harness.lastCall('setDeal')).toMatchObject({
        id: 'cancelDeal',
        input: { customerId: 9, status: 0 },
      });
      await harness.done('cancelDeal');
      expect(harness.value()).toBe(back);
      expect(harness.context()['standing']).toStrictEqual(standing);
      expect(harness.context()['notice']).toStrictEqual({ kind: 'success', text: '已取消成交' });
    }
    const movedToPool = await customer(standings.dealtPublic);
    await movedToPool.send({ type: 'cancelDeal' });
    await movedToPool.send({ type: 'confirm' });
    await movedToPool.done('cancelDeal');
    expect(movedToPool.value()).toBe('public');
    expect(movedToPool.context()['standing']).toStrictEqual({ ...standings.dealtPublic, dealStatus: 0 });
    expect(movedToPool.context()['notice']).toStrictEqual({ kind: 'success', text: '已取消成交' });
  });

  it('分配 to a colleague makes it theirs, to oneself makes it mine; 取消 goes back', async () => {
    for (const [standing, back] of [
      [standings.public, 'public'],
      [standings.private, 'private'],
      [standings.assigned, 'assigned'],
    ] as const) {
      const harness = await customer(standing);
      await harness.send({ type: 'assign' });
      expect(harness.value()).toBe('choosingAssignee');
      await harness.send({ type: 'cancel' });
      expect(harness.value()).toBe(back);
    }
    const toColleague = await customer(standings.public);
    await toColleague.send({ type: 'assign' });
    await toColleague.send({ type: 'assign.choose', assignee: colleague });
    expect(toColleague.value()).toBe('assigning');
    expect(toColleague.context()['assignee']).toStrictEqual(colleague);
    expect(toColleague.lastCall('assign')?.input).toStrictEqual({ customerId: 9, attribution: 2, userId: 4 });
    await toColleague.done('assign');
    expect(toColleague.value()).toBe('assigned');
    expect(toColleague.context()['standing']).toStrictEqual({ attribution: 1, isMine: false, dealStatus: 0 });
    expect(toColleague.context()['notice']).toStrictEqual({ kind: 'success', text: '已分配给赵经纪' });
    expect(toColleague.context()['assignee']).toBeNull();

    const toMe = await customer(standings.assigned);
    await toMe.send({ type: 'assign' });
    await toMe.send({ type: 'assign.choose', assignee: me });
    expect(toMe.lastCall('assign')?.input).toStrictEqual({ customerId: 9, attribution: 1, userId: 3 });
    await toMe.done('assign');
    expect(toMe.value()).toBe('private');
    expect(toMe.context()['standing']).toStrictEqual({ attribution: 1, isMine: true, dealStatus: 0 });
    expect(toMe.context()['notice']).toStrictEqual({ kind: 'success', text: '已分配给张经理' });
    expect(toMe.context()['assignee']).toBeNull();
  });

  it('删除 asks first, 取消 goes back where it stood, and a deleted customer is gone: 客户已删除', async () => {
    for (const [standing, back] of [
      [standings.public, 'public'],
      [standings.private, 'private'],
      [standings.assigned, 'assigned'],
      [standings.dealt, 'dealt'],
    ] as const) {
      const harness = await customer(standing);
      await harness.send({ type: 'delete' });
      expect(harness.value()).toBe('confirmingDelete');
      await harness.send({ type: 'cancel' });
      expect(harness.value()).toBe(back);
    }
    const harness = await customer(standings.private);
    await harness.send({ type: 'delete' });
    await harness.send({ type: 'confirm' });
    expect(harness.value()).toBe('deleting');
    expect(harness.lastCall('remove')?.input).toStrictEqual({ customerId: 9, attribution: 1 });
    await harness.done('remove');
    expect(harness.value()).toBe('deleted');
    expect(harness.actor.getSnapshot().status).toBe('done');
    expect(harness.context()['notice']).toStrictEqual({ kind: 'success', text: '客户已删除' });
  });

  it('starting a new action clears the last message', async () => {
    for (const type of ['toPublic', 'deal', 'assign', 'delete'] as const) {
      const one = await customer(standings.private);
      await one.send({ type: 'toPublic' });
      await one.send({ type: 'confirm' });
      await one.fail('toPublic', new Error('x'));
      await one.send({ type: 'sync', standing: standings.private });
      await one.send({ type });
      expect(one.context()['notice']).toBeNull();
    }
    const publicOne = await customer(standings.public);
    await publicOne.send({ type: 'delete' });
    await publicOne.send({ type: 'confirm' });
    await publicOne.fail('remove', new Error('x'));
    await publicOne.send({ type: 'sync', standing: standings.public });
    await publicOne.send({ type: 'toPrivate' });
    expect(publicOne.context()['notice']).toBeNull();
  });
});
