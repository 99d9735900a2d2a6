/**
 * 推广's done-when journey (issue 37) in Chromium: a broker binds his 58 account, batch-pushes three
 * listings to 58 优选 (the one without pictures refused with 58's reason), pushes the two others to
 * 幸福里 and takes one of them down there with a reason; then he marks the other 我售 on its detail,
 * and it leaves every portal by itself through the queue (已移除, 房源已售出) — on the listing's
 * 推广渠道 and in the promotion list — while the unsold one stays online on 58 优选.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { addPrivateListing } from './support/houses';
import { estateCompany } from './support/estate';
import { strokePng } from '../tests/support/test-data';
import { buyPackage } from './support/org';
import { openAs } from './support/oa';

/** Chooses the listings priced `prices` in the open 推送房源 dialog, pushes them and waits for the end. */
async function pushFromDialog(page: Page, portal: string, prices: number[]): Promise<Locator> {
  await page.getByTestId('promotion-page').getByRole('button', { name: '推送房源' }).click();
  const dialog = page.getByRole('dialog', { name: `推送房源到${portal}` });
  const candidates = dialog.getByTestId('push-candidates');
  await expect(candidates.getByRole('checkbox')).toHaveCount(3);
  for (const price of prices)
    await candidates
      .locator('label')
      .filter({ hasText: String(price) })
      .getByRole('checkbox')
      .click();
  await dialog.getByRole('button', { name: `推送所选（${prices.length}）` }).click();
  await expect(dialog.getByText(`已完成 ${prices.length} / ${prices.length}，推送结束`)).toBeVisible({
    timeout: 60_000,
  });
  return dialog;
}

test('a broker binds 58, batch-pushes three listings, takes one down, and the sold one leaves every portal by itself', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const company = await estateCompany(request);
  await buyPackage(request, company.credentials, 2);
  const pictures = [];
  for (const width of [61, 71, 81]) {
    const uploaded = await request.post('/api/base/uploadPhoto', {
      headers: company.credentials,
      multipart: { file: { name: `实景${width}.png`, mimeType: 'image/png', buffer: strokePng(width, 30) } },
    });
    const body = (await uploaded.json()) as { data: string | { url: string } };
    pictures.push({ type: 1, url: typeof body.data === 'string' ? body.data : body.data.url });
  }
  const sold = await addPrivateListing(request, company.credentials, {
    ownerName: '冯秀英',
    price: 588,
    pictures,
  });
  await addPrivateListing(request, company.credentials, { ownerName: '卫东来', price: 432, pictures });
  await addPrivateListing(request, company.credentials, { ownerName: '褚建国', price: 365 });

  // 58 takes listings only from a broker with a bound account: he binds his first.
  await openAs(page, company.credentials, '/views/system/broker/fp-58sup-broker');
  const form = page.getByRole('form', { name: '绑定58同城经纪人账号' });
  await form.getByLabel('经纪人账号').fill('wb-journey-1');
  await form.getByLabel('手机号').fill('13800000001');
  await form.getByLabel('所属门店').fill('人民路店');
  await form.getByRole('button', { name: '验证并绑定' }).click();
  await expect(page.getByText('已绑定账号 wb-journey-1（人民路店）')).toBeVisible();

  await page.goto('/#/views/promotion/index');
  const promotion = page.getByTestId('promotion-page');
  await promotion.getByRole('tab', { name: '58 优选' }).click();
  const wuba = await pushFromDialog(page, '58 优选', [588, 432, 365]);
  await expect(wuba.getByTestId('push-result').filter({ hasText: '已上架' })).toHaveCount(2);
  await expect(wuba.getByTestId('push-result').filter({ hasText: '审核未通过' })).toContainText(
    '房源缺少实拍图片，58 同城要求至少 3 张',
  );
  await wuba.getByRole('button', { name: '完成' }).click();
  const rows = promotion.getByTestId('promotion-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: '588' })).toContainText('已上架');

  await promotion.getByRole('tab', { name: '幸福里出售' }).click();
  const xfl = await pushFromDialog(page, '幸福里', [588, 432]);
  await expect(xfl.getByTestId('push-result').filter({ hasText: '已上架' })).toHaveCount(2);
  await xfl.getByRole('button', { name: '完成' }).click();
  await expect(rows).toHaveCount(2);
  await rows.filter({ hasText: '432' }).getByRole('button', { name: '下架' }).click();
  const takeDown = page.getByRole('dialog', { name: '下架房源' });
  await takeDown.getByLabel('下架原因').fill('业主暂不出售');
  await takeDown.getByRole('button', { name: '确定下架' }).click();
  await expect(rows.filter({ hasText: '432' })).toContainText('已移除', { timeout: 20_000 });
  await expect(rows.filter({ hasText: '432' })).toContainText('业主暂不出售');

  // The listing's detail shows where it is online; he marks it 我售.
  await page.goto(`/#/views/house/detail?type=1&id=${sold}&appType=1`);
  const detail = page.getByTestId('house-detail');
  const portals = detail.getByTestId('listing-push-states');
  // All four portals for a promoter: the two it is on, and 房天下 and 天猫好房 to push to.
  await expect(portals.getByTestId('listing-push-state')).toHaveCount(4);
  await expect(portals.getByTestId('listing-push-state').filter({ hasText: '房天下' })).toContainText(
    '未推送',
  );
  await expect(portals.getByTestId('listing-push-state').filter({ hasText: '58 优选' })).toContainText(
    '已上架',
  );
  await expect(portals.getByTestId('listing-push-state').filter({ hasText: '幸福里' })).toContainText(
    '已上架',
  );
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(
    axe.violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.target.join(' ')}`),
  ).toEqual([]);
  await detail.getByRole('button', { name: '修改状态' }).click();
  const change = page.getByRole('dialog', { name: '修改状态' });
  await change.getByRole('combobox', { name: '新状态' }).click();
  await page.getByRole('option', { name: '我售' }).click();
  await change.getByLabel('状态备注').fill('已与买方签约');
  await change.getByRole('button', { name: '确定' }).click();
  await expect(change).toBeHidden();
  const soldAt = Date.now();

  // Nobody takes it down: 我售 queues its withdrawal from every portal with the change itself, and
  // the queue (every 2 s) runs it — no wait for the minute sweep.
  await expect(async () => {
    await page.reload();
    const states = page.getByTestId('listing-push-state');
    await expect(states).toHaveCount(4, { timeout: 15_000 });
    for (const portal of ['58 优选', '幸福里'])
      await expect(states.filter({ hasText: portal })).toContainText('已移除房源已售出', { timeout: 3_000 });
  }).toPass({ timeout: 90_000, intervals: [1_000] });
  console.log(`withdrawn ${((Date.now() - soldAt) / 1000).toFixed(1)} s after 我售 (both portals 已移除)`);
  await detail.getByRole('tab', { name: '操作记录' }).click();
  await expect(detail.getByTestId('house-records')).toContainText('从58 优选移除：房源已售出');
  await expect(detail.getByTestId('house-records')).toContainText('从幸福里移除：房源已售出');

  await page.goto('/#/views/promotion/index');
  await promotion.getByRole('tab', { name: '58 优选' }).click();
  await expect(rows.filter({ hasText: '588' })).toContainText('已移除');
  await expect(rows.filter({ hasText: '588' })).toContainText('房源已售出');
  await expect(rows.filter({ hasText: '432' })).toContainText('已上架');
});
