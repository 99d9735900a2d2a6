import { describe, expect, it } from 'vitest';
import { signPrintMachine, signPrintMessages, type SignPrintView } from '../../machines/sign-print.machine';
import { startHarness } from '../support/machine-harness';
import { view } from '../models/sign-print.model';

const voided = () => Object.assign(new Error('当前状态不允许此操作！'), { code: 409 });

async function openPrint(loaded: SignPrintView) {
  const harness = await startHarness(signPrintMachine, { input: { contractId: 7 } });
  await harness.done('loadPrintView', loaded);
  return harness;
}

/** A printed contract whose 重新打印 dialog is open. */
async function askReason() {
  const harness = await openPrint(view(0, 1));
  await harness.send({ type: 'again' });
  return harness;
}

describe('sign print machine, rules a user relies on', () => {
  it('reads the print view of the contract the page shows', async () => {
    const harness = await startHarness(signPrintMachine, { input: { contractId: 7 } });
    expect(harness.value()).toBe('loading');
    expect(harness.lastCall('loadPrintView')?.input).toStrictEqual({ contractId: 7 });
    expect(harness.context()).toStrictEqual({ contractId: 7, view: null, error: null });
    const withoutId = await startHarness(signPrintMachine);
    expect(withoutId.lastCall('loadPrintView')?.input).toStrictEqual({ contractId: 0 });
  });

  it('a contract never printed may print; a printed one asks for a request first', async () => {
    const fresh = await openPrint(view(1, 0));
    expect(fresh.value()).toBe('ready');
    expect(fresh.context()).toStrictEqual({ contractId: 7, view: view(1, 0), error: null });
    expect(fresh.can({ type: 'again' })).toBe(false);

    const printed = await openPrint(view(0, 1));
    expect(printed.value()).toBe('printed');
    expect(printed.context()).toStrictEqual({ contractId: 7, view: view(0, 1), error: null });
    expect(printed.can({ type: 'print' })).toBe(false);
    expect(signPrintMessages.printedHint).toBe('合同已打印过，如需再次打印请先申请重新打印');
  });

  it('a view that cannot be read (a voided contract, 409) shows the message; 重试 reads again', async () => {
    const harness = await startHarness(signPrintMachine, { input: { contractId: 7 } });
    await harness.fail('loadPrintView', voided());
    expect(harness.value()).toBe('failed');
    expect(harness.context()['error']).toBe('当前状态不允许此操作！');
    await harness.send({ type: 'retry' });
    expect(harness.value()).toBe('loading');
    expect(harness.calls.filter((call) => call.src === 'loadPrintView')).toHaveLength(2);
    await harness.fail('loadPrintView', '网络异常');
    expect(harness.context()['error']).toBe('网络异常');
    await harness.send({ type: 'retry' });
    await harness.done('loadPrintView', view(1, 0));
    expect(harness.value()).toBe('ready');
    expect(harness.context()['error']).toBeNull();
    const printedAfterRetry = await startHarness(signPrintMachine, { input: { contractId: 7 } });
    await printedAfterRetry.fail('loadPrintView', voided());
    await printedAfterRetry.send({ type: 'retry' });
    await printedAfterRetry.done('loadPrintView', view(0, 1));
    expect(printedAfterRetry.value()).toBe('printed');
    expect(printedAfterRetry.context()['error']).toBeNull();
  });

  it('打印 opens the PDF; 已打印 registers the print and the count goes up; cancelling registers nothing', async () => {
    expect(signPrintMessages.confirmPrinted).toBe('打印完成后请点击「已打印」登记，打印次数将加 1');
    const harness = await openPrint(view(1, 0));
    await harness.send({ type: 'print' });
    expect(harness.value()).toBe('printing');
    await harness.send({ type: 'print.cancel' });
    expect(harness.value()).toBe('ready');
    expect(harness.lastCall('registerPrint')).toBeUndefined();
    await harness.send({ type: 'print' });
    await harness.send({ type: 'print.done' });
    expect(harness.value()).toBe('registering');
    expect(harness.lastCall('registerPrint')?.input).toStrictEqual({ contractId: 7 });
    await harness.done('registerPrint', view(0, 1));
    expect(harness.value()).toBe('printed');
    expect(harness.context()).toStrictEqual({ contractId: 7, view: view(0, 1), error: null });
  });

  it('a refused registration shows the message and lets the person print again; 打印 clears it', async () => {
    const harness = await openPrint(view(1, 0));
    await harness.send({ type: 'print' });
    await harness.send({ type: 'print.done' });
    await harness.fail('registerPrint', voided());
    expect(harness.value()).toBe('ready');
    expect(harness.context()['error']).toBe('当前状态不允许此操作！');
    expect(harness.context()['view']).toStrictEqual(view(1, 0));
    await harness.send({ type: 'print' });
    expect(harness.context()['error']).toBeNull();
    await harness.send({ type: 'print.done' });
    await harness.fail('registerPrint', new Error('网络异常'));
    await harness.send({ type: 'print' });
    await harness.send({ type: 'print.done' });
    await harness.done('registerPrint', view(0, 1));
    expect(harness.context()['error']).toBeNull();
  });

  it('重新打印 needs a reason that is not blank, sent trimmed; the granted request allows one more print', async () => {
    const harness = await askReason();
    expect(harness.value()).toBe('askingReason');
    await harness.send({ type: 'again.submit', reason: '  ' });
    expect(harness.value()).toBe('askingReason');
    expect(harness.context()['error']).toBe('请输入重新打印原因');
    expect(signPrintMessages.reasonRequired).toBe('请输入重新打印原因');
    expect(harness.lastCall('requestPrintAgain')).toBeUndefined();
    await harness.send({ type: 'again.submit', reason: ' 原件被客户带走，需重新打印 ' });
    expect(harness.value()).toBe('requesting');
    expect(harness.lastCall('requestPrintAgain')?.input).toStrictEqual({
      contractId: 7,
      reason: '原件被客户带走，需重新打印',
    });
    await harness.done('requestPrintAgain', view(1, 1));
    expect(harness.value()).toBe('ready');
    expect(harness.context()).toStrictEqual({ contractId: 7, view: view(1, 1), error: null });
  });

  it('a refused request shows its message and keeps the reason dialog; cancelling closes it clean', async () => {
    const harness = await askReason();
    await harness.send({ type: 'again.submit', reason: '原件遗失' });
    await harness.fail('requestPrintAgain', voided());
    expect(harness.value()).toBe('askingReason');
    expect(harness.context()['error']).toBe('当前状态不允许此操作！');
    await harness.send({ type: 'again.cancel' });
    expect(harness.value()).toBe('printed');
    expect(harness.context()['error']).toBeNull();
    await harness.send({ type: 'again' });
    await harness.send({ type: 'again.submit', reason: '' });
    expect(harness.context()['error']).toBe('请输入重新打印原因');
    await harness.send({ type: 'again.cancel' });
    await harness.send({ type: 'again' });
    expect(harness.value()).toBe('askingReason');
    expect(harness.context()['error']).toBeNull();
  });

  it('a refused request answered again later comes back ready without the old message', async () => {
    const harness = await askReason();
    await harness.send({ type: 'again.submit', reason: '原件遗失' });
    await harness.fail('requestPrintAgain', new Error('网络异常'));
    await harness.send({ type: 'again.submit', reason: '原件遗失' });
    expect(harness.lastCall('requestPrintAgain')?.input).toStrictEqual({ contractId: 7, reason: '原件遗失' });
    await harness.done('requestPrintAgain', view(1, 1));
    expect(harness.value()).toBe('ready');
    expect(harness.context()['error']).toBeNull();
  });
});
