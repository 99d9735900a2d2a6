/** The calls of the sandbox cashier page (openapi/paths/sandbox-pay.yaml), as actors for its machine. */
import { fromPromise } from 'xstate';
import { api, ok } from '../../api/client';
import type { components } from '../../../openapi/generated/api';

export type PayOrder = components['schemas']['SandboxPayOrder'];
export type PayResult = { order: PayOrder; message: string };
export type PayAction = 'confirm' | 'cancel';

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

/** 确认支付 or 取消支付, then the order as it now is, with the server's message. */
export function payOrCancel(orderNumber: string) {
  return fromPromise<unknown, { value: unknown }>(async ({ input }): Promise<PayResult> => {
    const body = { orderNumber };
    const result =
      input.value === 'confirm'
        ? await ok(api.POST('/sandbox/payConfirm', { body }))
        : await ok(api.POST('/sandbox/payCancel', { body }));
    return { order: await readOrder(orderNumber), message: result.message };
  });
}
