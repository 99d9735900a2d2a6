import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { generatePaths, measureCoverage } from '../support/machine-model';
import { runPathOnMachine } from '../support/run-machine-path';
import { orderNumber, orderPaymentModel, orderStatus, signRequest } from '../models/order-payment.model';
import {
  orderPaymentMachine,
  paymentMessages,
  pollIntervalMs,
  pollLimitMs,
  type OrderCreated,
  type OrderRequest,
  type OrderStatus,
} from '../../machines/order-payment.machine';

const paths = generatePaths(orderPaymentModel);

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('order payment machine, model-based', () => {
  it('generated paths reach every state and transition of the machine', () => {
    const coverage = measureCoverage(orderPaymentModel, paths);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it.each(paths.map((path) => [path.description, path] as const))(
    'follows the model: %s',
    async (_name, path) => {
      await runPathOnMachine(orderPaymentModel, path);
    },
  );

  it('opens the pay URL, polls every 5 s through a network error, and runs the callback once when paid', async () => {
    const statuses: (OrderStatus | Error)[] = [
      orderStatus(0),
      new Error('网络错误'),
      orderStatus(0),
      orderStatus(1),
    ];
    const queryOrder = vi.fn(async (): Promise<OrderStatus> => {
      const next = statuses.shift()!;
      if (next instanceof Error) throw next;
      return next;
    });
    const openPayUrl = vi.fn();
    const onPaid = vi.fn();
    const machine = orderPaymentMachine.provide({
      actions: { openPayUrl, onPaid },
      actors: {
        createOrder: fromPromise<OrderCreated, { request: OrderRequest }>(async () => ({
          orderNumber,
          payUrl: `/#/sandbox/pay?orderNumber=${orderNumber}`,
          totalAmount: 250,
          originalPrice: 250,
          type: 1,
        })),
        queryOrder: fromPromise(queryOrder),
      },
    });
    const clock = new SimulatedClock();
    const actor = createActor(machine, { clock, input: { orderNumber: null } }).start();
    actor.send({ type: 'order.submit', request: signRequest });
    await waitFor(actor, (s) => s.matches({ waiting: 'delaying' }));
    expect(openPayUrl).toHaveBeenCalledTimes(1);
    clock.increment(pollIntervalMs - 1);
    expect(queryOrder).not.toHaveBeenCalled();
    for (let poll = 1; poll <= 4; poll += 1) {
      clock.increment(pollIntervalMs);
      await flush();
      expect(queryOrder).toHaveBeenCalledTimes(poll);
      if (poll === 2) expect(actor.getSnapshot().context.notice?.text).toBe(paymentMessages.retrying);
    }
    expect(actor.getSnapshot().value).toBe('paid');
    expect(actor.getSnapshot().output).toEqual({ outcome: 'paid', orderNumber });
    expect(onPaid).toHaveBeenCalledTimes(1);
  });

  it('resumes polling the same order when started with its number after a reload', async () => {
    const queryOrder = vi.fn(async ({ input }: { input: { orderNumber: string } }) =>
      orderStatus(input.orderNumber === orderNumber ? 1 : 0),
    );
    const createOrder = vi.fn(async (): Promise<OrderCreated> => {
      throw new Error('a resumed payment creates no order');
    });
    const machine = orderPaymentMachine.provide({
      actors: { queryOrder: fromPromise(queryOrder), createOrder: fromPromise(createOrder) },
    });
    const clock = new SimulatedClock();
    const actor = createActor(machine, { clock, input: { orderNumber } }).start();
    expect(actor.getSnapshot().matches({ waiting: 'delaying' })).toBe(true);
    actor.send({ type: 'payment.check' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().output).toEqual({ outcome: 'paid', orderNumber });
    expect(createOrder).not.toHaveBeenCalled();
  });

  it('stops after 60 polls (5 minutes) and tells the user where to check later', async () => {
    const queryOrder = vi.fn(async () => orderStatus(0));
    const machine = orderPaymentMachine.provide({ actors: { queryOrder: fromPromise(queryOrder) } });
    const clock = new SimulatedClock();
    const actor = createActor(machine, { clock, input: { orderNumber } }).start();
    for (let i = 0; i < 60; i += 1) {
      clock.increment(pollIntervalMs);
      await flush();
    }
    expect(pollLimitMs).toBe(60 * pollIntervalMs);
    expect(actor.getSnapshot().value).toBe('gaveUp');
    expect(queryOrder.mock.calls.length).toBeGreaterThanOrEqual(59);
    expect(queryOrder.mock.calls.length).toBeLessThanOrEqual(60);
    expect(actor.getSnapshot().context.notice?.text).toBe(paymentMessages.checkLater);
    clock.increment(pollIntervalMs * 10);
    await flush();
    expect(queryOrder.mock.calls.length).toBeLessThanOrEqual(60);
  });
});
