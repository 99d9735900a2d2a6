/**
 * 分类管理 on 房源基础设置 (issue 38): the manager adds a listing tag, renames it and deletes it,
 * each kept by the server across a reload.
 */
import { expect, test } from '@playwright/test';
import { demo, demoPassword, login, openAs } from './support/oa';

test('the manager adds, renames and deletes a listing tag', async ({ page, request }) => {
  test.setTimeout(90_000);
  const manager = await login(request, demo.manager, demoPassword);
  await openAs(page, manager, '/views/system/setting/fp-house-setting');
  const section = page.getByTestId('house-categories');
  const name = `标签${Date.now() % 10000}`;
  await section.getByLabel('新标签名称').fill(name);
  await section.getByRole('button', { name: '添加' }).click();
  await section.getByRole('button', { name: '保存分类' }).click();
  await expect(section.getByRole('status')).toHaveText('分类已保存');
  await page.reload();
  const saved = section.getByRole('textbox').and(page.locator(`[value="${name}"]`));
  await expect(saved).toHaveCount(1);
  await saved.fill(`${name}改`);
  await section.getByRole('button', { name: '保存分类' }).click();
  await expect(section.getByRole('status')).toHaveText('分类已保存');
  await page.reload();
  await expect(section.getByRole('button', { name: `删除标签 ${name}改` })).toBeVisible();
  await section.getByRole('button', { name: `删除标签 ${name}改` }).click();
  await section.getByRole('button', { name: '保存分类' }).click();
  await expect(section.getByRole('status')).toHaveText('分类已保存');
  await page.reload();
  await expect(section.getByLabel('新标签名称')).toBeVisible();
  await expect(section.getByRole('button', { name: `删除标签 ${name}改` })).toHaveCount(0);
});
