/**
 * 录入房源 with the keyboard alone (issue 38): a broker opens the entry dialog with Enter, Escape
 * closes it and gives focus back to 录入房源, Tab stays inside the open dialog, he fills the fields,
 * chooses the community from the search results and the selects' options with the arrows, and saves
 * with Enter; the new listing's detail opens. No mouse is used; every control Tab stops on shows its
 * focus.
 */
import { expect, test, type Page } from '@playwright/test';
import { demo, demoPassword, login } from './support/oa';
import { expectFocusInside, expectFocusOn, tabTo, typeInto } from './support/keyboard';

/** Opens a Radix select with the keyboard and moves with the arrows to `option`, then Enter. */
async function chooseWithArrows(page: Page, label: string, option: string) {
  await tabTo(page, label);
  await page.keyboard.press('Enter');
  const list = page.getByRole('listbox');
  await expect(list).toBeVisible();
  const highlighted = list.locator('[role=option][data-highlighted]');
  for (let press = 0; press < 30; press += 1) {
    if (((await highlighted.textContent({ timeout: 2_000 })) ?? '').trim() === option) break;
    await page.keyboard.press('ArrowDown');
  }
  await expect(highlighted).toHaveText(option);
  await page.keyboard.press('Enter');
  await expect(list).toBeHidden();
  await expectFocusOn(page, label);
  await expect(page.getByRole('combobox', { name: label })).toHaveText(option);
}

test('a broker enters a sale listing with the keyboard alone', async ({ page, request }) => {
  test.setTimeout(120_000);
  const broker = await login(request, demo.broker, demoPassword);
  await page.addInitScript((value) => localStorage.setItem('userToken', value), JSON.stringify(broker));
  await page.goto('/#/views/house/index');
  // The app's pay-status gate may remind of the expiry date first: 知道了 with the keyboard.
  const gate = page.getByRole('button', { name: '知道了' });
  const row = page.getByTestId('house-row').first();
  await expect(row.or(gate)).toBeVisible({ timeout: 30_000 });
  if (await gate.isVisible()) {
    await tabTo(page, '知道了');
    await page.keyboard.press('Enter');
  }
  await expect(row).toBeVisible();

  // Enter opens the dialog with focus inside; Escape closes it and focus is back on the opener.
  await tabTo(page, '录入房源');
  await page.keyboard.press('Enter');
  const form = page.getByRole('dialog', { name: '录入房源' });
  await expect(form).toBeVisible();
  await expectFocusInside(page, '[role=dialog]');
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();
  await expectFocusOn(page, '录入房源');

  // The dialog traps focus: Tab and Shift+Tab go round its controls and never leave it.
  await page.keyboard.press('Enter');
  await expect(form).toBeVisible();
  for (let press = 0; press < 50; press += 1) {
    await page.keyboard.press(press < 25 ? 'Tab' : 'Shift+Tab');
    await expectFocusInside(page, '[role=dialog]');
  }
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();
  await page.keyboard.press('Enter');
  await expect(form).toBeVisible();

  const roomNo = String(2000 + (Date.now() % 7000));
  await chooseWithArrows(page, '房源归属', '私盘');
  await typeInto(page, '小区', '天健');
  const options = form.getByTestId('community-options');
  await expect(options.getByRole('button', { name: '天健世纪花园' })).toBeVisible();
  await tabTo(page, '天健世纪花园');
  await page.keyboard.press('Enter');
  await expect(options).toHaveCount(0);
  // Focus does not fall out of the form when the results go: it is back on 小区.
  await expectFocusOn(page, '小区');
  await expect(form.getByLabel('小区')).toHaveValue('天健世纪花园');

  await typeInto(page, '楼栋号', '7栋');
  await typeInto(page, '单元号', '2单元');
  await typeInto(page, '门牌号', roomNo);
  await typeInto(page, '建筑面积（㎡）', '88');
  await typeInto(page, '所在楼层', '9');
  await typeInto(page, '总楼层', '28');
  await chooseWithArrows(page, '朝向', '南');
  await chooseWithArrows(page, '装修', '精装');
  await typeInto(page, '总价（万元）', '650');
  await expect(form).toContainText('73,864 元/㎡');
  await typeInto(page, '业主姓名', '冯晓光');
  await typeInto(page, '业主电话', `139${String(Date.now() % 100_000_000).padStart(8, '0')}`);
  await tabTo(page, '保存');
  await page.keyboard.press('Enter');

  await expect(form).toBeHidden();
  const detail = page.getByTestId('house-detail');
  await expect(detail).toContainText(`天健世纪花园 7栋 2单元 ${roomNo}`);
  await expect(detail.getByTestId('house-pool')).toHaveText('私盘');
});
