/** The order-payment machine's model: payload samples for its events (the same for vitest, Playwright and coverage). */
import {
  orderPaymentMachine,
  type OrderPaymentContext,
  type OrderStatus,
} from '../../machines/order-payment.machine';
import type { ModelSpec } from '../support/machine-model';

export const orderNumber = 'FK202611210930001234';

export const signRequest = {
  kind: 'sign' as const,
  body: { signCount: 100, originalPrice: 250, totalFee: 250, coupons: [], paymentType: 1 },
};

export function orderStatus(status: 0 | 1 | 2 | 3): OrderStatus {
  // status first: path descriptions keep only the first 80 characters of a payload.
  return {
    status,
    orderNumber,
    goodsType: 2,
    title: '签约 100 份',
    originalPrice: 250,
    couponAmount: 0,
    totalAmount: 250,
    paymentType: 1,
    createdAt: '2026-11-21 09:30:00',
    paidAt: status === 1 ? '2026-11-21 09:31:00' : null,
    expireAt: '2026-11-21 10:00:00',
  };
}

export const orderPaymentModel: ModelSpec = {
  machine: orderPaymentMachine,
  serializeContext: (context) => ({ notice: (context as OrderPaymentContext).notice?.text ?? null }),
  events: {
    'order.submit': [{ type: 'order.submit', request: signRequest }],
    'xstate.done.actor.createOrder': [
      {
        type: 'xstate.done.actor.createOrder',
        output: {
          orderNumber,
          payUrl: `/#/sandbox/pay?orderNumber=${orderNumber}`,
          totalAmount: 250,
          originalPrice: 250,
          type: 1,
        },
      },
      {
        type: 'xstate.done.actor.createOrder',
        output: { orderNumber, payUrl: null, totalAmount: 0, originalPrice: 3, type: 2 },
      },
    ],
    'xstate.error.actor.createOrder': [
      { type: 'xstate.error.actor.createOrder', error: new Error('价格已变动，请重新计算') },
    ],
    'xstate.done.actor.queryOrder': ([0, 1, 2, 3] as const).map((status) => ({
      type: 'xstate.done.actor.queryOrder',
      output: orderStatus(status),
    })),
    'xstate.error.actor.queryOrder': [
      { type: 'xstate.error.actor.queryOrder', error: new Error('网络错误') },
    ],
  },
};
