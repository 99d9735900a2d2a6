/**
 * The order-payment machine's model driven through the real recharge centre against the real
 * server: a fresh company per path buys sign credits (10 份 by default). The browser's clock is
 * paused once the page is ready, so the 5 s poll and the 5-minute bound happen only when a path
 * moves the clock (no test waits for them). The order is paid or cancelled on the server the way
 * the sandbox cashier does it. An order closed after its 30 minutes: a tester opens the order's
 * cashier (in a browser context of its own, whose clock runs) and presses 模拟订单关闭, which moves
 * the order's own pay window into the past on the server (sandboxPayTimeout); the server's real rule
 * closes it and the page's next queryOrder answers status 3. What the real server cannot answer
 * here — an order with nothing to pay (no coupon a company can get covers a purchase) — is forged at
 * the network layer: the real call goes to the server and its answer comes back as the model's
 * sample has it, under the real order number (recorded as `network`; docs/testing.md). No event goes
 * through the inspector.
 */
import { expect, test, type Page, type Route } from '@playwright/test';
import { generatePaths } from '../tests/support/machine-model';
import { orderPaymentModel } from '../tests/models/order-payment.model';
import {
  paymentMessages,
  pollIntervalMs,
  pollLimitMs,
  type OrderCreated,
  type OrderPaymentContext,
  type OrderStatus,
} from '../machines/order-payment.machine';
import {
  browserModel,
  runPathInBrowser,
  declareStepSource,
  type BrowserExecutors,
  type StepContext,
} from './support/run-browser-path';
import { e2ePassword, login, post, registerCompany, type Credentials } from './support/api';
import { get } from './support/oa';

type Fixture = {
  credentials: Credentials | null;
  /** The pay page the next step opens (window.open of the pay URL). */
  popup: Promise<Page> | null;
  /** That pay page's full address, to open it again. */
  payAddress: string | null;
  /** The next answer is forged at the network layer (the real server cannot give it). */
  isForging: boolean;
};
type Context = StepContext<Fixture>;

const spec = browserModel(orderPaymentModel);
const paths = generatePaths(spec);

const panel = (page: Page) => page.getByTestId('order-payment');
const signCredits = (page: Page) => page.getByTestId('sign-credits');
const nextEvent = (c: Context) => c.next?.event as unknown as { type: string; output?: unknown } | undefined;
const noop = async () => {};

async function failNextCall(page: Page, path: string): Promise<void> {
  let failed = false;
  await page.route(
    (url) => url.pathname.endsWith(path),
    async (route) => {
      if (failed) return route.continue();
      failed = true;
      return route.abort('failed');
    },
  );
}

/**
 * The next answer of this call as the model's sample has it: the real call goes to the server, and
 * its answer's data comes back overlaid with the sample, under the real order number.
 */
async function forgeNextAnswer(c: Context, path: string, sample: object): Promise<void> {
  let used = false;
  c.fixture.isForging = true;
  await c.page.route(
    (url) => url.pathname.endsWith(path),
    async (route: Route) => {
      if (used) return route.fallback();
      used = true;
      const response = await route.fetch();
      const envelope = (await response.json()) as { code: number; data?: { orderNumber: string } };
      if (envelope.code !== 200 || !envelope.data) throw new Error(`${path}: ${JSON.stringify(envelope)}`);
      const data = { ...envelope.data, ...sample, orderNumber: envelope.data.orderNumber };
      await route.fulfill({ response, json: { ...envelope, data } });
    },
  );
}

/** The step's answer was the forged one. */
function noteForged(c: Context): void {
  if (!c.fixture.isForging) return;
  declareStepSource('network', '真实服务器给不出：无需支付的订单（公司能领到的优惠券都抵不了整笔购买）');
  c.fixture.isForging = false;
}

/** The pay URL opened in a new window: the sandbox cashier of this order. */
async function expectPayPage(c: Context): Promise<void> {
  if (!c.fixture.popup) throw new Error('no pay page was expected');
  const popup = await c.fixture.popup;
  c.fixture.popup = null;
  await expect(popup).toHaveURL(/#\/sandbox\/pay\?orderNumber=FK\d{18}$/);
  c.fixture.payAddress = popup.url();
  await popup.close();
}

/**
 * 模拟订单关闭 on the order's cashier, opened again in a browser context of its own (the recharge
 * page's clock is paused) with the company's session: the sandbox provider moves the order's pay
 * window into the past, and the server's own rule closes it.
 */
async function timeOutOnPayPage(c: Context): Promise<void> {
  const browser = c.page.context().browser();
  if (!browser || !c.fixture.credentials || !c.fixture.payAddress) throw new Error('no pay page to open');
  const tester = await browser.newContext();
  try {
    await tester.addInitScript(
      (value) => localStorage.setItem('userToken', value),
      JSON.stringify(c.fixture.credentials),
    );
    const cashier = await tester.newPage();
    await cashier.goto(c.fixture.payAddress);
    const card = cashier.getByTestId('sandbox-pay');
    await expect(card).toContainText(await orderNumberOnScreen(c.page));
    await expect(card.getByTestId('pay-status')).toHaveText('待支付');
    await card.getByRole('button', { name: '模拟订单关闭' }).click();
    await expect(card.getByTestId('pay-status')).toHaveText('已关闭');
  } finally {
    await tester.close();
  }
}

async function orderNumberOnScreen(page: Page): Promise<string> {
  return (await panel(page).getByTestId('order-number').textContent()) ?? '';
}

/** What the cashier's buttons do, for the company's order on screen. */
async function settleOrder(c: Context, action: 'payConfirm' | 'payCancel'): Promise<void> {
  if (!c.fixture.credentials) throw new Error('no company');
  const orderNumber = await orderNumberOnScreen(c.page);
  const result = await post(c.request, `/sandbox/${action}`, { orderNumber }, c.fixture.credentials);
  expect(result.code).toBe(200);
}

const executors: BrowserExecutors<Fixture> = {
  events: {
    'xstate.init': async (c) => {
      const phone = await registerCompany(c.request, '充值房产');
      const credentials = await login(c.request, phone, e2ePassword);
      c.fixture.credentials = credentials;
      await c.page.addInitScript((value) => {
        if (sessionStorage.getItem('e2e-seeded')) return;
        localStorage.setItem('inspector', '1');
        localStorage.setItem('userToken', value);
        sessionStorage.setItem('e2e-seeded', '1');
      }, JSON.stringify(credentials));
      await c.page.clock.install();
      await c.page.goto('/#/views/recharge/index');
      await c.page.getByRole('tab', { name: '签约份数' }).click();
      // The server's quote of the default 10 份 at the 1-份 tier (3.00 元/份).
      await expect(signCredits(c.page).getByTestId('total-fee')).toHaveText('30.00 元');
      await c.page.clock.pauseAt(Date.now() + 1000);
    },
    'order.submit': async (c) => {
      const next = nextEvent(c);
      if (next?.type === 'xstate.error.actor.createOrder')
        await failNextCall(c.page, '/buy/sign/signRecharge');
      const created = next?.output as OrderCreated | undefined;
      if (created?.type === 1) c.fixture.popup = c.page.waitForEvent('popup');
      if (created && created.type !== 1) await forgeNextAnswer(c, '/buy/sign/signRecharge', created);
      await signCredits(c.page).getByRole('button', { name: '立即购买' }).click();
    },
    'xstate.done.actor.createOrder': async (c) => {
      if (c.fixture.isForging) noteForged(c);
      else await expectPayPage(c);
    },
    'xstate.error.actor.createOrder': noop,
    'payUrl.open': async (c) => {
      c.fixture.popup = c.page.waitForEvent('popup');
      await panel(c.page).getByRole('button', { name: '打开支付页' }).click();
      await expectPayPage(c);
    },
    'payment.check': async (c) => {
      const next = nextEvent(c);
      if (next?.type === 'xstate.done.actor.queryOrder') {
        const status = (next.output as OrderStatus).status;
        if (status === 1) await settleOrder(c, 'payConfirm');
        if (status === 2) await settleOrder(c, 'payCancel');
        if (status === 3) await timeOutOnPayPage(c);
      }
      if (next?.type === 'xstate.error.actor.queryOrder')
        await failNextCall(c.page, '/packages/query/queryOrder');
      await panel(c.page).getByRole('button', { name: '查询支付结果' }).click();
    },
    'xstate.done.actor.queryOrder': noop,
    'xstate.error.actor.queryOrder': noop,
    'xstate.after.5000.orderPayment.waiting.delaying': async (c) => c.page.clock.fastForward(pollIntervalMs),
    'xstate.after.300000.orderPayment.waiting': async (c) => c.page.clock.fastForward(pollLimitMs),
    close: async (c) => panel(c.page).getByRole('button', { name: '关闭' }).click(),
  },
  states: {
    'orderPayment.idle': async (c) => {
      await expect(panel(c.page)).toHaveCount(0);
      await expect(signCredits(c.page).getByRole('button', { name: '立即购买' })).toBeEnabled();
    },
    'orderPayment.creating': async (c) => expect(c.page.getByTestId('recharge-page')).toBeVisible(),
    'orderPayment.failed': async (c) => {
      await expect(panel(c.page)).toContainText('下单失败');
      // The network failed: the client's message for it.
      await expect(panel(c.page).getByTestId('payment-notice')).toHaveText('网络异常，请检查网络连接');
    },
    'orderPayment.waiting.delaying': async (c) => {
      await expect(panel(c.page)).toContainText('等待支付');
      await expect(panel(c.page).getByTestId('order-number')).toHaveText(/^FK\d{18}$/);
      const notice = (c.step.state.context as OrderPaymentContext).notice;
      if (notice) await expect(panel(c.page).getByTestId('payment-notice')).toHaveText(notice.text);
    },
    // The query is in flight: its answer (paid, cancelled…) may already be on screen.
    'orderPayment.waiting.polling': async (c) => expect(panel(c.page)).toBeVisible(),
    'orderPayment.gaveUp': async (c) => {
      await expect(panel(c.page).getByTestId('payment-notice')).toHaveText(paymentMessages.checkLater);
      await expect(panel(c.page).getByRole('button', { name: '查询支付结果' })).toBeEnabled();
    },
    'orderPayment.paid': async (c) => {
      await expect(panel(c.page).getByTestId('payment-notice')).toHaveText(paymentMessages.paid);
      await expect(c.page.getByTestId('toast').filter({ hasText: '购买成功' })).toBeVisible();
      // The balance was refreshed: a new company has only the 10 份 it bought.
      await expect(c.page.getByTestId('sign-balance')).toHaveText('10');
    },
    'orderPayment.bought': async (c) => {
      await expect(panel(c.page).getByTestId('payment-notice')).toHaveText(paymentMessages.bought);
      await expect(c.page.getByTestId('toast').filter({ hasText: '购买成功' })).toBeVisible();
    },
    'orderPayment.cancelled': async (c) =>
      expect(panel(c.page).getByTestId('payment-notice')).toHaveText(paymentMessages.cancelled),
    'orderPayment.expired': async (c) => {
      await expect(panel(c.page).getByTestId('payment-notice')).toHaveText(paymentMessages.expired);
      // Closed on the server, by its own rule (the panel no longer shows the order number).
      const orderNumber = /orderNumber=(FK\d{18})$/.exec(c.fixture.payAddress ?? '')?.[1];
      if (!c.fixture.credentials) throw new Error('no company');
      const order = await get<OrderStatus>(
        c.request,
        `/packages/query/queryOrder?orderNumber=${orderNumber}`,
        c.fixture.credentials,
      );
      expect(order).toMatchObject({ code: 200, data: { orderNumber, status: 3 } });
    },
    'orderPayment.closed': async (c) =>
      expect(panel(c.page).getByTestId('payment-notice')).toHaveText(paymentMessages.closed),
    'orderPayment.dismissed': async (c) => {
      await expect(panel(c.page)).toHaveCount(0);
      await expect(signCredits(c.page).getByRole('button', { name: '立即购买' })).toBeEnabled();
    },
  },
};

test.describe('order payment machine through the real recharge centre', () => {
  for (const path of paths) {
    test(path.description, async ({ page, request }) => {
      await runPathInBrowser(spec, path, executors, {
        page,
        request,
        fixture: { credentials: null, popup: null, payAddress: null, isForging: false },
      });
    });
  }
});

test('a reload during the wait resumes polling the same order, and its payment is credited once', async ({
  page,
  request,
}) => {
  const phone = await registerCompany(request, '充值房产');
  const credentials = await login(request, phone, e2ePassword);
  await page.addInitScript((value) => {
    if (sessionStorage.getItem('e2e-seeded')) return;
    localStorage.setItem('userToken', value);
    sessionStorage.setItem('e2e-seeded', '1');
  }, JSON.stringify(credentials));
  await page.clock.install();
  await page.goto('/#/views/recharge/index');
  await page.getByRole('tab', { name: '签约份数' }).click();
  await expect(signCredits(page).getByTestId('total-fee')).toHaveText('30.00 元');
  const popup = page.waitForEvent('popup');
  await signCredits(page).getByRole('button', { name: '立即购买' }).click();
  await (await popup).close();
  const orderNumber = (await panel(page).getByTestId('order-number').textContent()) ?? '';
  expect(orderNumber).toMatch(/^FK\d{18}$/);

  await page.reload();
  await expect(panel(page)).toContainText('等待支付');
  await expect(panel(page).getByTestId('order-number')).toHaveText(orderNumber);
  // From here on the page polls only when the test moves the clock (not before the payment).
  await page.clock.pauseAt(Date.now() + 1000);
  const paid = await post(request, '/sandbox/payConfirm', { orderNumber }, credentials);
  expect(paid.code).toBe(200);
  await page.clock.fastForward(pollIntervalMs);
  await expect(panel(page).getByTestId('payment-notice')).toHaveText(paymentMessages.paid);
  await expect(page.getByTestId('sign-balance')).toHaveText('10');

  // Nothing pending any more: the next visit starts a new checkout (the page starts with its clock running).
  await page.clock.resume();
  await page.reload();
  await expect(page.getByTestId('recharge-page')).toBeVisible();
  await expect(panel(page)).toHaveCount(0);
  await expect(page.getByTestId('sign-balance')).toHaveText('10');
});
