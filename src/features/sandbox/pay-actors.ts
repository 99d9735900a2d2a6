/** The calls of the sandbox cashier page (openapi/paths/sandbox-pay.yaml), as actors for its machine. */
import { fromPromise } from 'xstate';
import { api, ok } from '../../api/client';
import type { components } from '../../../openapi/generated/api';

export type PayOrder = components['schemas']['SandboxPayOrder'];
export type PayResult = { order: PayOrder; message: string };
/** 确认支付, 取消支付, or 模拟订单关闭 (the pay window runs out now, as a payment provider's sandbox offers). */
export type PayAction = 'confirm' | 'cancel' | 'timeout';

async function readOrder(orderNumber: string): Promise<PayOrder> {
  const result = await ok(api.GET('/sandbox/payOrder', { params: { query: { orderNumber } } }));
  if (!result.data) throw new Error('订单不存在');
  return result.data;
}

export function loadPayOrder(orderNumber: string) {
  return fromPromise<unknown>(async (): Promise<PayResult> => ({
    order: await readOrder(orderNumber),
    message: '',
  }));
}

/** The cashier's action, then the order as it now is, with the server's message. */
export function runCashierAction(orderNumber: string) {
  return fromPromise<unknown, { value: unknown }>(async ({ input }): Promise<PayResult> => {
    const body = { orderNumber };
    const result =
      input.value === 'confirm'
        ? await ok(api.POST('/sandbox/payConfirm', { body }))
        : input.value === 'timeout'
          ? await ok(api.POST('/sandbox/payTimeout', { body }))
          : await ok(api.POST('/sandbox/payCancel', { body }));
    return { order: await readOrder(orderNumber), message: result.message };
  });
}
