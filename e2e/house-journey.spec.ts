/**
 * Listings end to end in demo company A (issue 13's "done when"): 赵经纪 enters a sale listing, the
 * same house again is refused with 去查看 leading to the first one; he finds it by community keyword
 * and price range, opens it, reveals the owner's phone and must then write a follow-up to open it
 * again (4001001 → 去跟进); he makes it public after 您确认要转为公盘吗？ and 李主管 finds it in the
 * public pool; 张经理 deletes it to the recycle bin and restores it.
 */
import { expect, test, type Page } from '@playwright/test';
import { demo, demoPassword, login, openAs } from './support/oa';
import type { Credentials } from './support/api';

const community = '天健世纪花园';

/** The shell with the 房源 page open from the menu. */
async function openHouses(page: Page, who: Credentials) {
  await openAs(page, who, '/layout/index');
  await page
    .getByRole('navigation', { name: '主菜单' })
    .getByRole('button', { name: '房源', exact: true })
    .first()
    .click();
  // The app's pay-status gate may first remind of the expiry date.
  const gate = page.getByRole('button', { name: '知道了' });
  const row = page.getByTestId('house-row').first();
  await expect(row.or(gate)).toBeVisible();
  if (await gate.isVisible()) await gate.click();
  await expect(row).toBeVisible();
}

const tab = (page: Page, name: string) =>
  page.getByRole('tablist', { name: '已打开的页面' }).getByRole('tab', { name, exact: true });

async function enterListing(page: Page, roomNo: string, ownerPhone: string) {
  await page.getByRole('button', { name: '录入房源' }).click();
  const form = page.getByRole('dialog', { name: '录入房源' });
  await form.getByLabel('小区').fill('天健');
  await form.getByTestId('community-options').getByRole('button', { name: community }).click();
  await form.getByLabel('楼栋号').fill('9栋');
  await form.getByLabel('单元号').fill('1单元');
  await form.getByLabel('门牌号').fill(roomNo);
  await form.getByLabel('建筑面积（㎡）').fill('96');
  await form.getByLabel('所在楼层').fill('12');
  await form.getByLabel('总楼层').fill('30');
  await form.getByLabel('总价（万元）').fill('777');
  await expect(form).toContainText('80,938 元/㎡');
  await form.getByLabel('业主姓名').fill('郑晓东');
  await form.getByLabel('业主电话').fill(ownerPhone);
  await form.getByRole('button', { name: '保存' }).click();
  return form;
}

test('a broker enters, finds, follows up and publishes a listing; the manager recycles and restores it', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const [broker, supervisor, manager] = await Promise.all([
    login(request, demo.broker, demoPassword),
    login(request, '13800000002', demoPassword),
    login(request, demo.manager, demoPassword),
  ]);
  const roomNo = String(1000 + (Date.now() % 8000));
  const ownerPhone = `139${String(Date.now() % 100_000_000).padStart(8, '0')}`;

  const page = await browser.newPage();
  await openHouses(page, broker);

  // 录入房源: saved, and its detail opens.
  await enterListing(page, roomNo, ownerPhone);
  const detail = page.getByTestId('house-detail');
  await expect(detail).toContainText(`${community} 9栋 1单元 ${roomNo}`);
  await expect(detail.getByTestId('house-pool')).toHaveText('私盘');
  const houseNo = (await detail.getByText(/^CS\d{13}$/).textContent())!;

  // The same house again: the server's message with 去查看, which opens the first listing.
  await tab(page, '房源').click();
  const again = await enterListing(page, roomNo, '13700001111');
  const duplicate = page.getByRole('alertdialog');
  await expect(duplicate).toContainText('该房源已存在');
  await expect(duplicate).toContainText(houseNo);
  await duplicate.getByRole('button', { name: '去查看' }).click();
  await expect(again).toHaveCount(0);
  await expect(detail).toContainText(houseNo);

  // Found by community keyword and price range.
  await tab(page, '房源').click();
  await page.getByLabel('关键字').fill('天健世纪');
  await page.getByLabel('最低价格').fill('770');
  await page.getByLabel('最高价格').fill('780');
  await page.getByTestId('house-search').getByRole('button', { name: '搜索' }).click();
  await expect(page.getByTestId('house-row').filter({ hasText: houseNo })).toHaveCount(1);

  // The owner's phone on request; then opening again needs a follow-up (4001001 → 去跟进).
  await tab(page, '房源详情').click();
  await expect(detail.getByTestId('owner-phone')).toHaveText(
    `${ownerPhone.slice(0, 3)}****${ownerPhone.slice(7)}`,
  );
  await detail.getByRole('button', { name: '查看' }).first().click();
  await expect(detail.getByTestId('owner-phone')).toHaveText(ownerPhone);
  await page.getByTestId('close-tab-房源详情').click();
  await tab(page, '房源').click();
  await page.getByLabel('关键字').fill('天健世纪');
  await page.getByTestId('house-search').getByRole('button', { name: '搜索' }).click();
  await page.getByTestId('house-row').filter({ hasText: houseNo }).getByRole('button').first().click();
  const question = page.getByRole('alertdialog');
  await expect(question).toContainText('请先写跟进');
  await question.getByRole('button', { name: '去跟进' }).click();
  const followUp = page.getByRole('dialog', { name: '写跟进' });
  await followUp.getByLabel('跟进内容').fill('电话联系业主，确认周六上午可看房');
  await followUp.getByRole('button', { name: '保存' }).click();
  await expect(detail).toContainText('跟进已保存');
  await expect(detail.getByTestId('follow-up').first()).toContainText('电话联系业主，确认周六上午可看房');

  // 转公盘 after the confirmation.
  await detail.getByRole('button', { name: '转公盘' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('您确认要转为公盘吗？');
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(detail.getByTestId('house-pool')).toHaveText('公盘');
  await page.close();

  // Another broker finds it in the public pool.
  const other = await browser.newPage();
  await openHouses(other, supervisor);
  await other.getByLabel('关键字').fill('天健世纪');
  await other.getByRole('combobox', { name: '归属' }).click();
  await other.getByRole('option', { name: '公盘', exact: true }).click();
  await other.getByTestId('house-search').getByRole('button', { name: '搜索' }).click();
  await expect(other.getByTestId('house-row').filter({ hasText: houseNo })).toHaveCount(1);
  await other.close();

  // The manager deletes it to the recycle bin and restores it.
  const office = await browser.newPage();
  await openHouses(office, manager);
  await office.getByLabel('关键字').fill('天健世纪');
  await office.getByTestId('house-search').getByRole('button', { name: '搜索' }).click();
  await office.getByTestId('house-row').filter({ hasText: houseNo }).getByRole('button').first().click();
  const managed = office.getByTestId('house-detail');
  await managed.getByRole('button', { name: '删除房源' }).click();
  await expect(office.getByRole('alertdialog')).toContainText('您确认删除该项信息吗？');
  await office.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(managed).toContainText('已删除（回收站）');
  await managed.getByRole('button', { name: '还原' }).click();
  await expect(office.getByRole('alertdialog')).toContainText('您确认一键还原此房源吗？');
  await office.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(managed).toContainText('房源已还原');
  await expect(managed.getByTestId('house-pool')).toHaveText('公盘');
  await office.close();
});
