/**
 * The manager of company A buys 10 sign credits in the recharge centre, pays on the sandbox cashier
 * that the order opens, and the waiting view turns into success by itself through polling (the
 * browser's clock is paused before the payment and moved to the next poll instead of waiting 5 s). The
 * balance rises by exactly 10, and confirming the same order again adds nothing.
 */
import { expect, test } from '@playwright/test';
import { pollIntervalMs } from '../machines/order-payment.machine';
import { login, post } from './support/api';

test('the demo manager buys 10 sign credits, pays on the sandbox page and sees them counted once', async ({
  page,
  request,
}) => {
  const credentials = await login(request, '13800000000', 'demo1234');
  await page.clock.install();
  await page.goto('/#/layout/login');
  await page.fill('#password-form input[name=userName]', '13800000000');
  await page.fill('#password-form input[name=password]', 'demo1234');
  await page.click('#password-form button[type=submit]');
  await page
    .getByRole('navigation', { name: '主菜单' })
    .getByRole('button', { name: '充值中心', exact: true })
    .click();

  const centre = page.getByTestId('recharge-page');
  const balance = centre.getByTestId('sign-balance');
  await expect(balance).toHaveText(/^\d+$/);
  const before = Number(await balance.textContent());

  await centre.getByRole('tab', { name: '签约份数' }).click();
  const sign = centre.getByTestId('sign-credits');
  await expect(sign.getByTestId('sign-tier')).toHaveCount(6);
  await expect(sign.getByTestId('sign-tier').first()).toContainText('3.00元/份');
  await expect(sign.getByTestId('sign-price-from')).toHaveText('1.60元起/份');
  await expect(sign.getByLabel('购买份数')).toHaveValue('10');
  await expect(sign.getByTestId('total-fee')).toHaveText('30.00 元');

  const popupOpened = page.waitForEvent('popup');
  await sign.getByRole('button', { name: '立即购买' }).click();
  const cashier = await popupOpened;
  const panel = centre.getByTestId('order-payment');
  await expect(panel).toContainText('等待支付');
  const orderNumber = (await panel.getByTestId('order-number').textContent()) ?? '';

  await expect(cashier.getByTestId('sandbox-pay')).toContainText(orderNumber);
  await expect(cashier.getByTestId('sandbox-pay')).toContainText('签约 10 份');
  await expect(cashier.getByTestId('sandbox-pay')).toContainText('¥30.00');
  await expect(cashier.getByTestId('pay-status')).toHaveText('待支付');
  // From here on the order is polled only when the test moves the clock: the poll after the payment.
  await page.clock.pauseAt(Date.now() + 1000);
  await cashier.getByRole('button', { name: '确认支付' }).click();
  await expect(cashier.getByTestId('pay-status')).toHaveText('已支付');
  await expect(cashier.getByRole('button', { name: '确认支付' })).toBeDisabled();

  // The next poll (every 5 s) sees the payment.
  await page.clock.fastForward(pollIntervalMs);
  await expect(page.getByTestId('toast').filter({ hasText: '购买成功' })).toBeVisible();
  await expect(panel).toContainText('支付成功');
  await expect(balance).toHaveText(String(before + 10));

  // Confirming the same order again (a repeated notification) credits nothing more.
  const again = await post(request, '/sandbox/payConfirm', { orderNumber }, credentials);
  expect(again.code).toBe(200);
  expect(again.message).toBe('该订单已支付，无需重复支付');
  await panel.getByRole('button', { name: '完成' }).click();
  await expect(panel).toHaveCount(0);
  await expect(balance).toHaveText(String(before + 10));

  await centre.getByRole('tab', { name: '消费记录' }).click();
  await expect(centre.getByTestId('record-row').filter({ hasText: orderNumber })).toHaveCount(1);

  // The sign-credit ledger shows the purchase once, with its order and the balance after it.
  await centre.getByRole('tab', { name: '份数流水' }).click();
  const ledger = centre.getByTestId('sign-ledger');
  await ledger.getByRole('radio', { name: '购买' }).click();
  const purchase = ledger.getByTestId('sign-ledger-row').filter({ hasText: orderNumber });
  await expect(purchase).toHaveCount(1);
  await expect(purchase).toContainText('+10');
  await expect(purchase).toContainText(String(before + 10));
  await ledger.getByRole('radio', { name: '发起签署扣减' }).click();
  await expect(ledger.getByTestId('sign-ledger-row').filter({ hasText: orderNumber })).toHaveCount(0);
});
