/**
 * Payment behind an interface. An order that needs paying asks the provider where the payer goes
 * (payUrl); the provider later reports the payment by calling the recharge service's markOrderPaid,
 * which credits the company exactly once. The sandbox provider's "cashier" is a page of the product
 * (client route /#/sandbox/pay) whose 确认支付 / 取消支付 call the sandbox operations
 * (openapi/paths/sandbox-pay.yaml). A real gateway implements the same type and its notification
 * route calls markOrderPaid; callers do not change.
 */
export type PaymentRequest = {
  orderNumber: string;
  title: string;
  /** What the payer pays, in fen. */
  amountFen: number;
  /** 1 微信支付, 2 支付宝 */
  paymentType: number;
  expireAt: Date;
};

export type PaymentProvider = {
  name: string;
  /** Starts a payment and returns the address the payer opens. */
  startPayment: (request: PaymentRequest) => Promise<{ payUrl: string }>;
};

export const sandboxPayPath = '/#/sandbox/pay';

export function createSandboxPayment(): PaymentProvider {
  return {
    name: 'sandbox',
    async startPayment(request) {
      return { payUrl: `${sandboxPayPath}?orderNumber=${encodeURIComponent(request.orderNumber)}` };
    },
  };
}
