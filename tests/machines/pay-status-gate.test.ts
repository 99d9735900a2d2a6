import { describe, expect, it, vi } from 'vitest';
import {
  gateMessages,
  payStatusGateMachine,
  trialProceedDelayMs,
  type AppUseStatus,
} from '../../machines/pay-status-gate.machine';
import { startHarness } from '../support/machine-harness';
import { gateSamples } from '../models/pay-status-gate.model';

/** The day every reminder check below reads, unless a test says otherwise. */
const today = '2026-11-26';

/** The gate of app 5 (contracts), answered by the server with this status. */
async function openGate(status: AppUseStatus, markReminderShown = vi.fn()) {
  const harness = await startHarness(payStatusGateMachine, {
    input: { payStatusId: 5 },
    actions: { markReminderShown },
  });
  await harness.done('checkAppUse', status);
  return harness;
}

const outcomeOf = (harness: Awaited<ReturnType<typeof openGate>>) => {
  const snapshot = harness.actor.getSnapshot();
  expect(snapshot.status).toBe('done');
  expect(harness.context()['outcome']).toBe((snapshot.output as { outcome: unknown }).outcome);
  return snapshot.output as unknown;
};

describe('pay-status gate, rules a user relies on', () => {
  it('asks the server about the app the page belongs to', async () => {
    const harness = await startHarness(payStatusGateMachine, { input: { payStatusId: 5 } });
    expect(harness.value()).toBe('checking');
    expect(harness.lastCall('checkAppUse')?.input).toStrictEqual({ payStatusId: 5 });
    expect(harness.context()).toStrictEqual({
      payStatusId: 5,
      status: null,
      expiryDaysLeft: null,
      notice: null,
      outcome: null,
    });
    const withoutInput = await startHarness(payStatusGateMachine);
    expect(withoutInput.lastCall('checkAppUse')?.input).toStrictEqual({ payStatusId: 0 });
  });

  it('a usable app without an expiry date or expired seals opens the page at once', async () => {
    for (const status of [gateSamples.usableForever, gateSamples.unknown]) {
      const harness = await openGate(status);
      expect(harness.value()).toBe('passed');
      expect(harness.context()['status']).toStrictEqual(status);
      expect(harness.lastCall('wasReminderShownToday')).toBeUndefined();
      expect(outcomeOf(harness)).toStrictEqual({ outcome: 'proceed' });
    }
  });

  it('an end more than 30 days away opens the page without a reminder, and marks no day', async () => {
    for (const expirationDate of ['2026-12-27', '2027-10-17']) {
      const markReminderShown = vi.fn();
      const status = { ...gateSamples.usableExpiringLater, expirationDate };
      const harness = await openGate(status, markReminderShown);
      expect(harness.value()).toBe('checkingReminder');
      expect(harness.context()['status']).toStrictEqual(status);
      expect(harness.lastCall('wasReminderShownToday')?.input).toStrictEqual({ payStatusId: 5 });
      await harness.done('wasReminderShownToday', { today, wasShown: false });
      expect(harness.value()).toBe('passed');
      expect(harness.context()['expiryDaysLeft']).toBeNull();
      expect(markReminderShown).not.toHaveBeenCalled();
      expect(outcomeOf(harness)).toStrictEqual({ outcome: 'proceed' });
    }
  });

  it('an end 30 days away or nearer is reminded of once a day with the days left, then the page opens', async () => {
    for (const [expirationDate, daysLeft] of [
      ['2026-12-26', 30],
      ['2026-12-20', 24],
      ['2026-11-27', 1],
      ['2026-11-26', 0],
    ] as const) {
      const markReminderShown = vi.fn();
      const status = { ...gateSamples.usableExpiringSoon, expirationDate };
      const harness = await openGate(status, markReminderShown);
      expect(harness.value()).toBe('checkingReminder');
      await harness.done('wasReminderShownToday', { today, wasShown: false });
      expect(harness.value()).toBe('reminding');
      expect(harness.context()['expiryDaysLeft']).toBe(daysLeft);
      expect(markReminderShown).toHaveBeenCalledTimes(1);
      expect(harness.actor.getSnapshot().status).toBe('active');
      expect(harness.can({ type: 'renew' })).toBe(true);
      expect(harness.can({ type: 'seals.authorise' })).toBe(false);
      await harness.send({ type: 'reminder.close' });
      expect(harness.value()).toBe('passed');
      expect(outcomeOf(harness)).toStrictEqual({ outcome: 'proceed' });
    }
    expect(gateMessages.expiresOn('2026-12-26', 30)).toBe(
      '该应用将于 2026-12-26 到期，还剩 30 天，请及时续费',
    );
    expect(gateMessages.expiresOn('2026-11-27', 1)).toBe('该应用将于 2026-11-27 到期，还剩 1 天，请及时续费');
    expect(gateMessages.expiresOn('2026-11-26', 0)).toBe(
      '该应用将于 2026-11-26 到期，今天是最后一天，请及时续费',
    );
  });

  it('the days are counted from the day the reminder check read, not a fixed one', async () => {
    const harness = await openGate({ ...gateSamples.usableExpiringSoon, expirationDate: '2027-01-30' });
    await harness.done('wasReminderShownToday', { today: '2026-12-31', wasShown: false });
    expect(harness.context()['expiryDaysLeft']).toBe(30);
    const later = await openGate({ ...gateSamples.usableExpiringSoon, expirationDate: '2027-01-30' });
    await later.done('wasReminderShownToday', { today: '2026-12-30', wasShown: false });
    expect(later.value()).toBe('passed');
  });

  it('去续费 of a near end leads to the recharge centre, as 续费 of an expired app does', async () => {
    const harness = await openGate(gateSamples.usableExpiringSoon);
    await harness.done('wasReminderShownToday', { today, wasShown: false });
    await harness.send({ type: 'renew' });
    expect(harness.value()).toBe('goingToRecharge');
    expect(outcomeOf(harness)).toStrictEqual({ outcome: 'recharge' });
  });

  it('expired seals are reminded of whatever the date, with the seals only: no days, no 去续费', async () => {
    for (const expirationDate of ['2027-10-17', null]) {
      const markReminderShown = vi.fn();
      const status = { ...gateSamples.usableWithSeals, expirationDate };
      const harness = await openGate(status, markReminderShown);
      expect(harness.value()).toBe('checkingReminder');
      await harness.done('wasReminderShownToday', { today, wasShown: false });
      expect(harness.value()).toBe('reminding');
      expect(harness.context()['expiryDaysLeft']).toBeNull();
      expect(markReminderShown).toHaveBeenCalledTimes(1);
      expect(harness.can({ type: 'renew' })).toBe(false);
      await harness.send({ type: 'renew' });
      expect(harness.value()).toBe('reminding');
      await harness.send({ type: 'reminder.close' });
      expect(outcomeOf(harness)).toStrictEqual({ outcome: 'proceed' });
    }
    // Seals and a near end: both, with 去授权 and 去续费.
    const both = await openGate({ ...gateSamples.usableWithSeals, expirationDate: '2026-12-01' });
    await both.done('wasReminderShownToday', { today, wasShown: false });
    expect(both.context()['expiryDaysLeft']).toBe(5);
    expect(both.can({ type: 'renew' })).toBe(true);
    expect(both.can({ type: 'seals.authorise' })).toBe(true);
  });

  it('a reminder already shown today, or a failed look-up of it, does not stop the page', async () => {
    const markReminderShown = vi.fn();
    const shown = await openGate(gateSamples.usableExpiringSoon, markReminderShown);
    await shown.done('wasReminderShownToday', { today, wasShown: true });
    expect(shown.value()).toBe('passed');
    expect(outcomeOf(shown)).toStrictEqual({ outcome: 'proceed' });
    expect(markReminderShown).not.toHaveBeenCalled();

    const unreadable = await openGate(gateSamples.usableExpiringSoon, markReminderShown);
    await unreadable.fail('wasReminderShownToday', new Error('存储不可用'));
    expect(unreadable.value()).toBe('passed');
    expect(unreadable.context()['notice']).toBeNull();
    expect(outcomeOf(unreadable)).toStrictEqual({ outcome: 'proceed' });
    expect(markReminderShown).not.toHaveBeenCalled();
  });

  it('去授权 leads to the seals only when the reminder lists expired seals', async () => {
    const withSeals = await openGate(gateSamples.usableWithSeals);
    await withSeals.done('wasReminderShownToday', { today, wasShown: false });
    await withSeals.send({ type: 'seals.authorise' });
    expect(withSeals.value()).toBe('authorisingSeals');
    expect(outcomeOf(withSeals)).toStrictEqual({ outcome: 'authoriseSeals' });

    const withoutSeals = await openGate(gateSamples.usableExpiringSoon);
    await withoutSeals.done('wasReminderShownToday', { today, wasShown: false });
    expect(withoutSeals.can({ type: 'seals.authorise' })).toBe(false);
    await withoutSeals.send({ type: 'seals.authorise' });
    expect(withoutSeals.value()).toBe('reminding');
  });

  it('an app not activated leads to the recharge centre on 开通, or is left', async () => {
    expect(gateMessages.notActivated).toBe('贵公司尚未开通该应用，请前往充值中心开通');
    const harness = await openGate(gateSamples.notActivated);
    expect(harness.value()).toBe('notActivated');
    expect(harness.context()['status']).toStrictEqual(gateSamples.notActivated);
    expect(harness.can({ type: 'renew' })).toBe(false);
    expect(harness.can({ type: 'try' })).toBe(false);
    await harness.send({ type: 'activate' });
    expect(harness.value()).toBe('goingToRecharge');
    expect(outcomeOf(harness)).toStrictEqual({ outcome: 'recharge' });

    const left = await openGate(gateSamples.notActivated);
    await left.send({ type: 'cancel' });
    expect(left.value()).toBe('cancelled');
    expect(outcomeOf(left)).toStrictEqual({ outcome: 'cancel' });
  });

  it('an expired app leads to the recharge centre on 续费, or is left', async () => {
    expect(gateMessages.expired).toBe('该应用已到期，请续费后继续使用');
    const harness = await openGate(gateSamples.expired);
    expect(harness.value()).toBe('expired');
    expect(harness.context()['status']).toStrictEqual(gateSamples.expired);
    expect(harness.can({ type: 'activate' })).toBe(false);
    await harness.send({ type: 'renew' });
    expect(harness.value()).toBe('goingToRecharge');
    expect(outcomeOf(harness)).toStrictEqual({ outcome: 'recharge' });

    const left = await openGate(gateSamples.expired);
    await left.send({ type: 'cancel' });
    expect(left.value()).toBe('cancelled');
    expect(outcomeOf(left)).toStrictEqual({ outcome: 'cancel' });
  });

  it('a trial starts on 试用, says how many days, and opens the page 2.5 s later', async () => {
    expect(trialProceedDelayMs).toBe(2500);
    const harness = await openGate(gateSamples.trialOffered);
    expect(harness.value()).toBe('trialOffered');
    expect(harness.context()['status']).toStrictEqual(gateSamples.trialOffered);
    expect(harness.can({ type: 'activate' })).toBe(false);
    await harness.send({ type: 'try' });
    expect(harness.value()).toBe('startingTrial');
    expect(harness.lastCall('startTrial')?.input).toStrictEqual({ payStatusId: 5 });
    await harness.done('startTrial', { payStatusId: 5, tryDays: 7, expirationDate: '2026-11-28' });
    expect(harness.value()).toBe('trialStarted');
    expect(harness.context()['notice']).toStrictEqual({ kind: 'success', text: '已开通 7 天试用，即将进入' });
    await harness.advance(2499);
    expect(harness.value()).toBe('trialStarted');
    await harness.advance(1);
    expect(harness.value()).toBe('passed');
    expect(outcomeOf(harness)).toStrictEqual({ outcome: 'proceed' });
  });

  it('a refused trial shows the server message and offers the trial again; it may be left', async () => {
    const harness = await openGate(gateSamples.trialOffered);
    await harness.send({ type: 'try' });
    await harness.fail('startTrial', new Error('当前状态不允许此操作！'));
    expect(harness.value()).toBe('trialOffered');
    expect(harness.context()['notice']).toStrictEqual({ kind: 'error', text: '当前状态不允许此操作！' });
    await harness.send({ type: 'cancel' });
    expect(harness.value()).toBe('cancelled');
    expect(outcomeOf(harness)).toStrictEqual({ outcome: 'cancel' });
  });

  it('a failed check shows its message; 重试 asks again and 取消 leaves', async () => {
    const harness = await startHarness(payStatusGateMachine, { input: { payStatusId: 5 } });
    await harness.fail('checkAppUse', new Error('网络错误'));
    expect(harness.value()).toBe('failed');
    expect(harness.context()['notice']).toStrictEqual({ kind: 'error', text: '网络错误' });
    expect(harness.actor.getSnapshot().status).toBe('active');
    await harness.send({ type: 'retry' });
    expect(harness.value()).toBe('checking');
    expect(harness.calls.filter((call) => call.src === 'checkAppUse')).toHaveLength(2);
    await harness.fail('checkAppUse', '服务不可用');
    expect(harness.context()['notice']).toStrictEqual({ kind: 'error', text: '服务不可用' });
    await harness.send({ type: 'retry' });
    await harness.done('checkAppUse', gateSamples.usableForever);
    expect(harness.context()['notice']).toBeNull();
    expect(outcomeOf(harness)).toStrictEqual({ outcome: 'proceed' });

    const left = await startHarness(payStatusGateMachine, { input: { payStatusId: 5 } });
    await left.fail('checkAppUse', new Error('网络错误'));
    await left.send({ type: 'cancel' });
    expect(left.value()).toBe('cancelled');
    expect(outcomeOf(left)).toStrictEqual({ outcome: 'cancel' });
  });
});
