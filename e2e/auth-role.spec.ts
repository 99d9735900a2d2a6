/**
 * 权限设置: the manager adds a role, grants it listing permissions with a scope and a daily view
 * limit, is refused (with the server's message, nothing lost) when the edit scope is wider than the
 * view scope, saves a valid setting that a reload shows again, and deletes the role.
 */
import { expect, test, type Page } from '@playwright/test';
import { demo, demoPassword, login, openAs } from './support/oa';

/** The role list: each role's name is a button that chooses it, 删除 sits beside it. */
const roles = (page: Page) => page.getByRole('list', { name: '角色' });

test('the manager grants a new role listing permissions within the view scope', async ({ page, request }) => {
  const manager = await login(request, demo.manager, demoPassword);
  await openAs(page, manager, '/views/system/fp-auth-role');
  const roleName = `测试角色${Date.now() % 100000}`;
  await page.getByRole('button', { name: '新增角色' }).click();
  const dialog = page.getByRole('dialog', { name: '新增角色' });
  await dialog.getByLabel('角色名称').fill(roleName);
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByRole('heading', { name: `${roleName} · 权限` })).toBeVisible();

  // 房源 is the first tab: view own listings, at most 7 views a day, edit company-wide (too wide).
  await page.getByRole('checkbox', { name: '查看房源', exact: true }).click();
  await expect(page.getByRole('combobox', { name: '查看房源范围' })).toHaveText('本人');
  await page.getByRole('checkbox', { name: '每日查看上限' }).click();
  await page.getByLabel('每日查看上限数量').fill('7');
  await page.getByRole('checkbox', { name: '编辑房源', exact: true }).click();
  await page.getByRole('combobox', { name: '编辑房源范围' }).click();
  await page.getByRole('option', { name: '全公司' }).click();
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    '「编辑房源」的范围不能大于「查看房源」的范围，各操作范围须小于或等于查看范围',
  );
  await expect(page.getByLabel('每日查看上限数量')).toHaveValue('7');

  await page.getByRole('combobox', { name: '编辑房源范围' }).click();
  await page.getByRole('option', { name: '本人' }).click();
  // 状态权限: this role may only set listings to 有效 or 暂缓.
  await page.getByRole('checkbox', { name: '仅可修改所选出售状态' }).click();
  const editStates = page.getByLabel('仅可修改所选出售状态内容');
  await editStates.getByRole('checkbox', { name: '有效' }).click();
  await editStates.getByRole('checkbox', { name: '暂缓' }).click();
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: '保存成功' })).toBeVisible();

  await page.reload();
  await roles(page)
    .getByRole('button', { name: new RegExp(`^${roleName}`) })
    .click();
  await expect(page.getByLabel('每日查看上限数量')).toHaveValue('7');
  await expect(page.getByRole('combobox', { name: '编辑房源范围' })).toHaveText('本人');
  await expect(editStates.getByRole('checkbox', { name: '暂缓' })).toBeChecked();
  await expect(editStates.getByRole('checkbox', { name: '无效' })).not.toBeChecked();

  // Renamed: a name another role has is refused naming the field, then a new one is kept.
  await page.getByRole('button', { name: '修改名称' }).click();
  const rename = page.getByRole('dialog', { name: '修改角色名称' });
  await expect(rename.getByLabel('角色名称')).toHaveValue(roleName);
  await rename.getByLabel('角色名称').fill('经纪人');
  await rename.getByRole('button', { name: '确定' }).click();
  await expect(rename.getByRole('alert')).toHaveText('角色名称「经纪人」已存在');
  const renamed = `${roleName}改`;
  await rename.getByLabel('角色名称').fill(renamed);
  await rename.getByRole('button', { name: '确定' }).click();
  await expect(page.getByRole('heading', { name: `${renamed} · 权限` })).toBeVisible();
  await expect(roles(page).getByRole('button', { name: new RegExp(`^${renamed}`) })).toHaveAttribute(
    'aria-current',
    'true',
  );

  // A new role has nobody in it, so it can be deleted after the question.
  await page.getByRole('button', { name: `删除角色${renamed}` }).click();
  await expect(page.getByRole('alertdialog')).toContainText('是否确定删除该角色？');
  await page.getByRole('alertdialog').getByRole('button', { name: '删除' }).click();
  await expect(roles(page).getByRole('button', { name: new RegExp(renamed) })).toHaveCount(0);
});
