import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { customerPickBackMachine, customerPickBackMessages } from '../../machines/customer-pick-back.machine';
import { startHarness } from '../support/machine-harness';

const open = (
  input: { customerId: number; customerType: number } | undefined = { customerId: 9, customerType: 2 },
) => startHarness(customerPickBackMachine, { input });

describe('customer pick-back machine, rules a user relies on', () => {
  it('checks the room for the customer kind first; with room it asks 是否确定拣入私客', async () => {
    expect(customerPickBackMessages.confirm).toBe('是否确定拣入私客');
    const harness = await open();
    expect(harness.value()).toBe('checking');
    expect(harness.lastCall('checkRoom')?.input).toStrictEqual({ customerType: 2 });
    await harness.done('checkRoom', { held: 4, cap: 5 });
    expect(harness.value()).toBe('confirming');
    expect(harness.context()['room']).toStrictEqual({ held: 4, cap: 5 });
    expect(harness.context()['notice']).toBeNull();
    const noLimit = await open();
    await noLimit.done('checkRoom', { held: 300, cap: null });
    expect(noLimit.value()).toBe('confirming');
  });

  it('a full book is told at once with the limit, without asking, and closes not picked', async () => {
    for (const [customerType, text] of [
      [2, '求租私客已达上限 5 个，不能再增加私客'],
      [1, '求购私客已达上限 5 个，不能再增加私客'],
    ] as const) {
      const harness = await open({ customerId: 9, customerType });
      await harness.done('checkRoom', { held: 5, cap: 5 });
      expect(harness.value()).toBe('full');
      expect(harness.context()['room']).toStrictEqual({ held: 5, cap: 5 });
      expect(harness.context()['notice']).toStrictEqual({ kind: 'error', text });
      expect(harness.can({ type: 'confirm' })).toBe(false);
      await harness.send({ type: 'close' });
      expect(harness.value()).toBe('notPicked');
      expect(harness.actor.getSnapshot().output).toStrictEqual({ isPicked: false });
    }
    const over = await open();
    await over.done('checkRoom', { held: 7, cap: 5 });
    expect(over.value()).toBe('full');
  });

  it('confirming picks the customer back: 已拣入私客, and the flow ends picked', async () => {
    const harness = await open();
    await harness.done('checkRoom', { held: 0, cap: 5 });
    await harness.send({ type: 'confirm' });
    expect(harness.value()).toBe('claiming');
    expect(harness.lastCall('claim')?.input).toStrictEqual({ customerId: 9 });
    await harness.done('claim', null);
    expect(harness.value()).toBe('picked');
    expect(harness.context()['notice']).toStrictEqual({ kind: 'success', text: '已拣入私客' });
    expect(harness.actor.getSnapshot().status).toBe('done');
    expect(harness.actor.getSnapshot().output).toStrictEqual({ isPicked: true });
  });

  it('cancelling ends the flow not picked, without asking the server', async () => {
    const harness = await open();
    await harness.done('checkRoom', { held: 0, cap: 5 });
    await harness.send({ type: 'cancel' });
    expect(harness.value()).toBe('notPicked');
    expect(harness.actor.getSnapshot().status).toBe('done');
    expect(harness.lastCall('claim')).toBeUndefined();
    expect(harness.actor.getSnapshot().output).toStrictEqual({ isPicked: false });
  });

  it("the server's refusal is shown with its message and closes not picked", async () => {
    const harness = await open();
    await harness.done('checkRoom', { held: 0, cap: 5 });
    await harness.send({ type: 'confirm' });
    await harness.fail('claim', new Error('该客户在回收期内，原维护人不能拣入'));
    expect(harness.value()).toBe('refused');
    expect(harness.context()['notice']).toStrictEqual({
      kind: 'error',
      text: '该客户在回收期内，原维护人不能拣入',
    });
    expect(harness.can({ type: 'confirm' })).toBe(false);
    await harness.send({ type: 'close' });
    expect(harness.value()).toBe('notPicked');
    expect(harness.actor.getSnapshot().output).toStrictEqual({ isPicked: false });
  });

  it('a failed check shows its message; 重试 checks again and close gives up', async () => {
    const harness = await open();
    await harness.fail('checkRoom', new Error('网络异常，请检查网络连接'));
    expect(harness.value()).toBe('failed');
    expect(harness.context()['notice']).toStrictEqual({ kind: 'error', text: '网络异常，请检查网络连接' });
    await harness.send({ type: 'retry' });
    expect(harness.value()).toBe('checking');
    expect(harness.calls.filter((call) => call.src === 'checkRoom')).toHaveLength(2);
    await harness.fail('checkRoom', '超时');
    expect(harness.context()['notice']).toStrictEqual({ kind: 'error', text: '超时' });
    await harness.send({ type: 'close' });
    expect(harness.value()).toBe('notPicked');
  });

  it('without input it starts for customer 0 of kind 1 (求购)', () => {
    const actor = createActor(customerPickBackMachine, { input: undefined });
    expect(actor.getSnapshot().context).toStrictEqual({
      customerId: 0,
      customerType: 1,
      room: null,
      notice: null,
      isPicked: false,
    });
  });
});
