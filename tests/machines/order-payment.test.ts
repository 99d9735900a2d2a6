import { describe, expect, it, vi } from 'vitest';
import {
  orderPaymentMachine,
  paymentMessages,
  pollIntervalMs,
  pollLimitMs,
  type OrderPaymentInput,
} from '../../machines/order-payment.machine';
import { startHarness } from '../support/machine-harness';
import { orderNumber, orderStatus, signRequest } from '../models/order-payment.model';

const payUrl = `/#/sandbox/pay?orderNumber=${orderNumber}`;
const created = { orderNumber, payUrl, totalAmount: 250, originalPrice: 250, type: 1 };

function startOrder(input?: OrderPaymentInput, openPayUrl = vi.fn(), onPaid = vi.fn()) {
  return startHarness(orderPaymentMachine, { input, actions: { openPayUrl, onPaid } });
}

/** An order created and its pay page opened: the first query is 5 s away. */
async function waitForPayment(openPayUrl = vi.fn(), onPaid = vi.fn()) {
  const harness = await startOrder(undefined, openPayUrl, onPaid);
  await harness.send({ type: 'order.submit', request: signRequest });
  await harness.done('createOrder', created);
  return harness;
}

const finished = (harness: Awaited<ReturnType<typeof startOrder>>) => {
  const snapshot = harness.actor.getSnapshot();
  expect(snapshot.status).toBe('done');
  return snapshot.output as unknown;
};

describe('order payment machine, rules a user relies on', () => {
  it('a new order waits for 提交 and creates the order with the request as given', async () => {
    const harness = await startOrder();
    expect(harness.value()).toBe('idle');
    expect(harness.context()).toStrictEqual({
      request: null,
      orderNumber: null,
      payUrl: null,
      totalAmount: null,
      notice: null,
      outcome: null,
    });
    expect(harness.calls).toEqual([]);
    await harness.send({ type: 'order.submit', request: signRequest });
    expect(harness.value()).toBe('creating');
    expect(harness.context()['request']).toStrictEqual(signRequest);
    expect(harness.lastCall('createOrder')?.input).toStrictEqual({ request: signRequest });
  });

  it('an order that needs paying opens the pay page and keeps its number, URL and amount', async () => {
    const openPayUrl = vi.fn();
    const harness = await waitForPayment(openPayUrl);
    expect(harness.value()).toEqual({ waiting: 'delaying' });
    expect(harness.context()).toStrictEqual({
      request: signRequest,
      orderNumber,
      payUrl,
      totalAmount: 250,
      notice: null,
      outcome: null,
    });
    expect(openPayUrl).toHaveBeenCalledTimes(1);
    await harness.send({ type: 'payUrl.open' });
    expect(openPayUrl).toHaveBeenCalledTimes(2);
    expect(harness.value()).toEqual({ waiting: 'delaying' });
  });

  it('an order bought at once (no payment) says 购买成功 and runs the callback', async () => {
    const openPayUrl = vi.fn();
    const onPaid = vi.fn();
    const harness = await startOrder(undefined, openPayUrl, onPaid);
    await harness.send({ type: 'order.submit', request: signRequest });
    await harness.done('createOrder', {
      orderNumber,
      payUrl: null,
      totalAmount: 0,
      originalPrice: 3,
      type: 2,
    });
    expect(harness.value()).toBe('bought');
    expect(harness.context()['notice']).toStrictEqual({ kind: 'success', text: '购买成功' });
    expect(harness.context()['payUrl']).toBeNull();
    expect(openPayUrl).not.toHaveBeenCalled();
    expect(onPaid).toHaveBeenCalledTimes(1);
    expect(finished(harness)).toStrictEqual({ outcome: 'bought', orderNumber });
  });

  it('an order the server refuses shows its message; it may be changed and submitted again, or left', async () => {
    const harness = await startOrder();
    await harness.send({ type: 'order.submit', request: signRequest });
    await harness.fail('createOrder', new Error('价格已变动，请重新计算'));
    expect(harness.value()).toBe('failed');
    expect(harness.context()['notice']).toStrictEqual({ kind: 'error', text: '价格已变动，请重新计算' });
    const changed = { kind: 'sign' as const, body: { ...signRequest.body, signCount: 200 } };
    await harness.send({ type: 'order.submit', request: changed });
    expect(harness.value()).toBe('creating');
    expect(harness.lastCall('createOrder')?.input).toStrictEqual({ request: changed });
    await harness.fail('createOrder', '网络异常');
    expect(harness.context()['notice']).toStrictEqual({ kind: 'error', text: '网络异常' });
    await harness.send({ type: 'close' });
    expect(harness.value()).toBe('dismissed');
    expect(finished(harness)).toStrictEqual({ outcome: 'dismissed', orderNumber: null });
  });

  it('polls the order every 5 s, or at once on 查询支付结果, by its number', async () => {
    expect(pollIntervalMs).toBe(5000);
    const harness = await waitForPayment();
    await harness.advance(4999);
    expect(harness.lastCall('queryOrder')).toBeUndefined();
    await harness.advance(1);
    expect(harness.value()).toEqual({ waiting: 'polling' });
    expect(harness.lastCall('queryOrder')?.input).toStrictEqual({ orderNumber });
    await harness.done('queryOrder', orderStatus(0));
    expect(harness.value()).toEqual({ waiting: 'delaying' });
    await harness.send({ type: 'payment.check' });
    expect(harness.value()).toEqual({ waiting: 'polling' });
    expect(harness.calls.filter((call) => call.src === 'queryOrder')).toHaveLength(2);
  });

  it('a paid order says 支付成功, runs the callback and ends with its number', async () => {
    const onPaid = vi.fn();
    const harness = await waitForPayment(vi.fn(), onPaid);
    await harness.send({ type: 'payment.check' });
    expect(onPaid).not.toHaveBeenCalled();
    await harness.done('queryOrder', orderStatus(1));
    expect(harness.value()).toBe('paid');
    expect(harness.context()['notice']).toStrictEqual({ kind: 'success', text: '支付成功' });
    expect(onPaid).toHaveBeenCalledTimes(1);
    expect(finished(harness)).toStrictEqual({ outcome: 'paid', orderNumber });
  });

  it('a cancelled or closed order says so and does not run the callback', async () => {
    for (const [status, value, notice] of [
      [2, 'cancelled', { kind: 'info', text: '订单已取消' }],
      [3, 'expired', { kind: 'error', text: '订单已超时关闭，请重新下单' }],
    ] as const) {
      const onPaid = vi.fn();
      const harness = await waitForPayment(vi.fn(), onPaid);
      await harness.send({ type: 'payment.check' });
      await harness.done('queryOrder', orderStatus(status));
      expect(harness.value()).toBe(value);
      expect(harness.context()['notice']).toStrictEqual(notice);
      expect(onPaid).not.toHaveBeenCalled();
      expect(finished(harness)).toStrictEqual({ outcome: value, orderNumber });
    }
  });

  it('a network error while polling says so and keeps polling; the next answer clears it', async () => {
    const harness = await waitForPayment();
    await harness.send({ type: 'payment.check' });
    await harness.fail('queryOrder', new Error('网络错误'));
    expect(harness.value()).toEqual({ waiting: 'delaying' });
    expect(harness.context()['notice']).toStrictEqual({
      kind: 'error',
      text: '网络异常，正在重新查询支付结果…',
    });
    await harness.advance(pollIntervalMs);
    expect(harness.running()).toEqual(['queryOrder']);
    await harness.done('queryOrder', orderStatus(0));
    expect(harness.context()['notice']).toBeNull();
  });

  it('after 5 minutes without a result it stops and says where to check; 查询支付结果 waits again', async () => {
    expect(pollLimitMs).toBe(300_000);
    const openPayUrl = vi.fn();
    const harness = await waitForPayment(openPayUrl);
    for (let poll = 1; poll < 60; poll += 1) {
      await harness.advance(pollIntervalMs);
      await harness.done('queryOrder', orderStatus(0));
    }
    expect(harness.value()).toEqual({ waiting: 'delaying' });
    await harness.advance(pollIntervalMs);
    expect(harness.value()).toBe('gaveUp');
    expect(harness.running()).toEqual([]);
    expect(harness.context()['notice']).toStrictEqual({
      kind: 'info',
      text: '暂未查询到支付结果。如已支付，购买内容会自动到账，可稍后在充值中心的「消费记录」中查看',
    });
    expect(harness.calls.filter((call) => call.src === 'queryOrder')).toHaveLength(59);
    await harness.advance(pollIntervalMs * 3);
    expect(harness.calls.filter((call) => call.src === 'queryOrder')).toHaveLength(59);
    await harness.send({ type: 'payUrl.open' });
    expect(openPayUrl).toHaveBeenCalledTimes(2);
    expect(harness.value()).toBe('gaveUp');
    await harness.send({ type: 'payment.check' });
    expect(harness.value()).toEqual({ waiting: 'delaying' });
    await harness.advance(pollIntervalMs);
    expect(harness.lastCall('queryOrder')?.input).toStrictEqual({ orderNumber });
    await harness.done('queryOrder', orderStatus(1));
    expect(finished(harness)).toStrictEqual({ outcome: 'paid', orderNumber });
  });

  it('closing the wait, or the gave-up notice, ends as closed and says the payment is not lost', async () => {
    const closedText = '已关闭支付等待。如已支付，购买内容会自动到账，可在充值中心的「消费记录」中查看';
    const waiting = await waitForPayment();
    await waiting.send({ type: 'payment.check' });
    await waiting.send({ type: 'close' });
    expect(waiting.value()).toBe('closed');
    expect(waiting.running()).toEqual([]);
    expect(waiting.context()['notice']).toStrictEqual({ kind: 'info', text: closedText });
    expect(finished(waiting)).toStrictEqual({ outcome: 'closed', orderNumber });

    const gaveUp = await waitForPayment();
    await gaveUp.advance(pollLimitMs);
    expect(gaveUp.value()).toBe('gaveUp');
    await gaveUp.send({ type: 'close' });
    expect(gaveUp.value()).toBe('closed');
    expect(gaveUp.context()['notice']).toStrictEqual({ kind: 'info', text: paymentMessages.closed });
    expect(finished(gaveUp)).toStrictEqual({ outcome: 'closed', orderNumber });
  });

  it('a reload resumes polling the pending order without opening the pay page again', async () => {
    const openPayUrl = vi.fn();
    const harness = await startOrder({ orderNumber, payUrl, totalAmount: 250 }, openPayUrl);
    expect(harness.value()).toEqual({ waiting: 'delaying' });
    expect(harness.context()).toStrictEqual({
      request: null,
      orderNumber,
      payUrl,
      totalAmount: 250,
      notice: null,
      outcome: null,
    });
    expect(openPayUrl).not.toHaveBeenCalled();
    await harness.advance(pollIntervalMs);
    expect(harness.lastCall('queryOrder')?.input).toStrictEqual({ orderNumber });

    const numberOnly = await startOrder({ orderNumber });
    expect(numberOnly.value()).toEqual({ waiting: 'delaying' });
    expect(numberOnly.context()['payUrl']).toBeNull();
    expect(numberOnly.context()['totalAmount']).toBeNull();
    const fresh = await startOrder({ orderNumber: null });
    expect(fresh.value()).toBe('idle');
  });
});
