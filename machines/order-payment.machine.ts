/**
 * Order payment (000 section 4): create the order; when the reply's type is 1 open the pay URL and
 * poll queryOrder every 5 s until the order is paid, then run the callback (onPaid) and end in
 * `paid`; any other type was bought at once (购买成功). The server credits the company when the
 * payment is confirmed, not when this machine sees it, so closing the wait, a network error or a
 * reload never loses a payment:
 * - network errors while polling keep polling (a notice says so);
 * - a reload resumes by starting the machine with input { orderNumber } (XState does not restore
 *   `after` timers from a persisted snapshot, so the snapshot is not persisted; the order number is);
 * - after 5 minutes (60 polls) it stops and says where to check later; 查询支付结果 polls again.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { components } from '../openapi/generated/api';

export type OrderCreated = components['schemas']['RechargeOrderCreated'];
export type OrderStatus = components['schemas']['RechargeOrder'];

/** What to buy: the app's own request (sign credits, seats or a package), passed to createOrder as is. */
export type OrderRequest = { kind: 'sign' | 'seats' | 'package'; body: Record<string, unknown> };

/** orderNumber null: a new order (send order.submit); a number: resume waiting for that order. */
export type OrderPaymentInput = { orderNumber: string | null; payUrl?: string | null; totalAmount?: number };

export type OrderPaymentOutcome = 'paid' | 'bought' | 'cancelled' | 'expired' | 'closed' | 'dismissed';

export type OrderPaymentContext = {
  request: OrderRequest | null;
  orderNumber: string | null;
  payUrl: string | null;
  totalAmount: number | null;
  notice: { kind: 'error' | 'success' | 'info'; text: string } | null;
  outcome: OrderPaymentOutcome | null;
};

export type OrderPaymentEvent =
  | { type: 'order.submit'; request: OrderRequest }
  | { type: 'payUrl.open' }
  | { type: 'payment.check' }
  | { type: 'close' };

export const pollIntervalMs = 5000;
/** 60 polls of 5 s. */
export const pollLimitMs = 60 * pollIntervalMs;

export const paymentMessages = {
  bought: '购买成功',
  paid: '支付成功',
  cancelled: '订单已取消',
  expired: '订单已超时关闭，请重新下单',
  retrying: '网络异常，正在重新查询支付结果…',
  checkLater: '暂未查询到支付结果。如已支付，购买内容会自动到账，可稍后在充值中心的「消费记录」中查看',
  closed: '已关闭支付等待。如已支付，购买内容会自动到账，可在充值中心的「消费记录」中查看',
} as const;

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function statusOf(event: unknown): number {
  return (event as { output: OrderStatus }).output.status;
}

export const orderPaymentMachine = setup({
  types: {
    context: {} as OrderPaymentContext,
    events: {} as OrderPaymentEvent,
    input: {},
    output: {} as { outcome: OrderPaymentOutcome | null; orderNumber: string | null },
  },
  actors: {
    createOrder: fromPromise<OrderCreated, { request: OrderRequest }>(async () => {
      throw new Error('createOrder is provided by the app');
    }),
    queryOrder: fromPromise<OrderStatus, { orderNumber: string }>(async () => {
      throw new Error('queryOrder is provided by the app');
    }),
  },
  actions: {
    /** Open context.payUrl (a new window or tab). */
    openPayUrl: () => {},
    /** The caller's callback after a successful purchase (refresh balances, close the dialog ...). */
    onPaid: () => {},
    showActorError: assign({
      notice: ({ event }) => ({
        kind: 'error' as const,
        text: errorText((event as unknown as { error: unknown }).error),
      }),
    }),
    notify: assign({ notice: (_args, notice: NonNullable<OrderPaymentContext['notice']>) => notice }),
    finish: assign({ outcome: (_args, outcome: OrderPaymentOutcome) => outcome }),
  },
  guards: {
    hasOrderNumber: ({ context }) => context.orderNumber !== null,
    needsPayment: ({ event }) => (event as unknown as { output: OrderCreated }).output.type === 1,
    isPaid: ({ event }) => statusOf(event) === 1,
    isCancelled: ({ event }) => statusOf(event) === 2,
    isClosed: ({ event }) => statusOf(event) === 3,
  },
}).createMachine({
  id: 'orderPayment',
  context: ({ input }) => {
    // Model-based tests start the machine without input.
    const given = input as OrderPaymentInput | undefined;
    return {
      request: null,
      orderNumber: given?.orderNumber ?? null,
      payUrl: given?.payUrl ?? null,
      totalAmount: given?.totalAmount ?? null,
      notice: null,
      outcome: null,
    };
  },
  initial: 'idle',
  output: ({ context }) => ({ outcome: context.outcome, orderNumber: context.orderNumber }),
  states: {
    idle: {
      // Resuming after a reload: started with the pending order's number, poll it again.
      always: { guard: 'hasOrderNumber', target: 'waiting' },
      on: {
        'order.submit': { target: 'creating', actions: assign({ request: ({ event }) => event.request }) },
      },
    },
    creating: {
      invoke: {
        id: 'createOrder',
        src: 'createOrder',
        input: ({ context }) => ({ request: context.request! }),
        onDone: [
          {
            guard: 'needsPayment',
            target: 'waiting',
            actions: [
              assign({
                orderNumber: ({ event }) => event.output.orderNumber,
                payUrl: ({ event }) => event.output.payUrl,
                totalAmount: ({ event }) => event.output.totalAmount,
              }),
              'openPayUrl',
            ],
          },
          { target: 'bought', actions: assign({ orderNumber: ({ event }) => event.output.orderNumber }) },
        ],
        onError: { target: 'failed', actions: 'showActorError' },
      },
    },
    /** The order could not be created (price changed, coupon unusable, network): change and submit again, or leave. */
    failed: {
      on: {
        'order.submit': { target: 'creating', actions: assign({ request: ({ event }) => event.request }) },
        close: 'dismissed',
      },
    },
    waiting: {
      initial: 'delaying',
      after: { [pollLimitMs]: 'gaveUp' },
      on: {
        'payUrl.open': { actions: 'openPayUrl' },
        close: 'closed',
      },
      states: {
        delaying: {
          after: { [pollIntervalMs]: 'polling' },
          on: { 'payment.check': 'polling' },
        },
        polling: {
          invoke: {
            id: 'queryOrder',
            src: 'queryOrder',
            input: ({ context }) => ({ orderNumber: context.orderNumber! }),
            onDone: [
              { guard: 'isPaid', target: '#orderPayment.paid' },
              { guard: 'isCancelled', target: '#orderPayment.cancelled' },
              { guard: 'isClosed', target: '#orderPayment.expired' },
              { target: 'delaying', actions: assign({ notice: null }) },
            ],
            // Never give up on a payment because of the network: show it and poll again.
            onError: {
              target: 'delaying',
              actions: { type: 'notify', params: { kind: 'error', text: paymentMessages.retrying } },
            },
          },
        },
      },
    },
    /** Polled for 5 minutes without a result: say where to look; 查询支付结果 polls again. */
    gaveUp: {
      entry: { type: 'notify', params: { kind: 'info', text: paymentMessages.checkLater } },
      on: {
        'payment.check': 'waiting',
        'payUrl.open': { actions: 'openPayUrl' },
        close: 'closed',
      },
    },
    paid: {
      type: 'final',
      entry: [
        { type: 'finish', params: 'paid' },
        { type: 'notify', params: { kind: 'success', text: paymentMessages.paid } },
        'onPaid',
      ],
    },
    bought: {
      type: 'final',
      entry: [
        { type: 'finish', params: 'bought' },
        { type: 'notify', params: { kind: 'success', text: paymentMessages.bought } },
        'onPaid',
      ],
    },
    cancelled: {
      type: 'final',
      entry: [
        { type: 'finish', params: 'cancelled' },
        { type: 'notify', params: { kind: 'info', text: paymentMessages.cancelled } },
      ],
    },
    expired: {
      type: 'final',
      entry: [
        { type: 'finish', params: 'expired' },
        { type: 'notify', params: { kind: 'error', text: paymentMessages.expired } },
      ],
    },
    /** Closed without paying (or before the result came): nothing is lost, the server credits a later payment. */
    closed: {
      type: 'final',
      entry: [
        { type: 'finish', params: 'closed' },
        { type: 'notify', params: { kind: 'info', text: paymentMessages.closed } },
      ],
    },
    dismissed: { type: 'final', entry: { type: 'finish', params: 'dismissed' } },
  },
});
