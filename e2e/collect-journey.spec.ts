/**
 * 云采集 end to end in demo company A (issue 15's "done when"): 赵经纪 sorts the collected market
 * listings of 深圳 by total price and filters four rooms or more, saves one, which becomes his private
 * listing; the same listing saved again from a list read before (another tab) is refused as a
 * duplicate, and 去查看 opens the listing he already holds. The calls to the collect host carry no
 * token or sessionid header.
 */
import { expect, test, type Page } from '@playwright/test';
import { demo, demoPassword, openAs } from './support/oa';
import { login, type Credentials } from './support/api';

const rows = (page: Page) => page.getByTestId('collect-row');

/** 云采集 from the main menu (under 小区), past the app's pay-status gate. */
async function openCollect(page: Page, who: Credentials) {
  await openAs(page, who, '/layout/index');
  await page
    .getByRole('navigation', { name: '主菜单' })
    .getByRole('button', { name: '云采集', exact: true })
    .click();
  const gate = page.getByRole('button', { name: '知道了' });
  await expect(rows(page).first().or(gate)).toBeVisible({ timeout: 30_000 });
  if (await gate.isVisible()) await gate.click();
  await expect(rows(page)).toHaveCount(15, { timeout: 30_000 });
}

/** The total prices (万) shown on the page, in order. */
async function prices(page: Page): Promise<number[]> {
  const texts = await rows(page).locator('td:nth-child(4) .rt-Text:first-child').allTextContents();
  return texts.map((text) => Number(text.replace(/[^\d.]/g, '')));
}

test('a collected market listing is saved as the broker’s private listing; a second save is refused as a duplicate', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const broker = await login(request, demo.broker, demoPassword);
  const first = await browser.newPage();
  const collectHeaders: Record<string, string>[] = [];
  first.on('request', (sent) => {
    if (/\/api\/(gather|info)\//.test(sent.url())) collectHeaders.push(sent.headers());
  });
  await openCollect(first, broker);
  await expect(first.getByTestId('collect-page')).toContainText(/共 \d{3} 条/);

  // 排序: total price up; 居室: four or more.
  await first.getByRole('combobox', { name: '排序' }).click();
  await first.getByRole('option', { name: '总价从低到高' }).click();
  await expect(async () => {
    const shown = await prices(first);
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
  }).toPass();
  await first.getByRole('combobox', { name: '居室' }).click();
  await first.getByRole('option', { name: '四室及以上' }).click();
  await first.getByTestId('collect-search').getByRole('button', { name: '搜索' }).click();
  await expect(async () => {
    const layouts = await rows(first).locator('td:nth-child(2)').allTextContents();
    expect(layouts.length).toBeGreaterThan(0);
    for (const layout of layouts) expect(Number(layout.match(/^(\d+)室/)?.[1])).toBeGreaterThanOrEqual(4);
  }).toPass();
  await first.getByTestId('collect-search').getByRole('button', { name: '重置' }).click();

  // A second tab reads the list before the first saves. Not a listing of 金地海景花园, whose listings
  // community-journey counts and clears in the same company, maybe at the same time.
  const second = await browser.newPage();
  await openCollect(second, broker);
  const unsaved = rows(second)
    .filter({ has: second.getByRole('button', { name: '保存' }) })
    .filter({ hasNotText: '金地海景花园' })
    .first();
  const title = (await unsaved.getByRole('rowheader').textContent())!;
  const target = rows(first).filter({ hasText: title });
  await expect(target.getByRole('button', { name: '保存' })).toBeVisible();

  await target.getByRole('button', { name: '保存' }).click();
  const notice = first.getByTestId('collect-page').getByRole('status');
  await expect(notice).toContainText(/已转入本公司房源（私盘），房源编号 CS\d{13}/);
  const houseNo = (await notice.textContent())!.match(/CS\d{13}/)![0];
  await expect(rows(first).filter({ hasText: title })).toContainText('已转入');

  // The stale tab saves it again: refused as a duplicate, 去查看 opens the listing he holds.
  await rows(second).filter({ hasText: title }).getByRole('button', { name: '保存' }).click();
  const duplicate = second.getByRole('alertdialog');
  await expect(duplicate).toContainText(`该房源已存在（房源编号 ${houseNo}，维护人 赵经纪），不能重复录入`);
  await duplicate.getByRole('button', { name: '去查看' }).click();
  const detail = second.getByTestId('house-detail');
  // The listings app's pay-status gate may first remind of the expiry date.
  const gate = second.getByRole('button', { name: '知道了' });
  await expect(detail.or(gate)).toBeVisible({ timeout: 30_000 });
  if (await gate.isVisible()) await gate.click();
  await expect(detail).toContainText(houseNo, { timeout: 30_000 });
  await expect(detail.getByTestId('house-pool')).toHaveText('私盘');

  expect(collectHeaders.length).toBeGreaterThan(2);
  for (const headers of collectHeaders) {
    expect(headers['token']).toBeUndefined();
    expect(headers['sessionid']).toBeUndefined();
  }
  await first.close();
  await second.close();
});
