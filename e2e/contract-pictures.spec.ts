/**
 * 合同图片 on a ledger contract's detail (issue 38): the manager uploads a picture under one of the
 * company's 必备附件 with the keyboard, sees it in the list, opens it in the 1-4 times zoom preview,
 * and deletes it after 是否确定删除该图片？; the upload dialog passes axe.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { post } from './support/api';
import { addContract, must, openAs, ownCompany } from './support/oa';
import { strokePng } from '../tests/support/test-data';

const named = (names: string[]) => names.map((stateName, index) => ({ state: index + 1, stateName }));

test('a ledger contract’s picture is uploaded with its category on the detail, previewed and deleted', async ({
  page,
  request,
}) => {
  const company = await ownCompany(request);
  await must(
    post(
      request,
      '/contract/v2/contractSetting',
      {
        saleNumberRule: { prefix: 'XS', dateFormat: 1, digits: 3 },
        rentNumberRule: { prefix: 'ZL', dateFormat: 1, digits: 3 },
        commission: { saleRate: 2, rentRate: 100, dailiFeeA: 50, dailiFeeB: 50 },
        requiredAttachments: ['合同正本', '房产证'],
        saleStateNames: named(['待办理', '办理中', '已办理', '完成', '冻结', '作废', '解除']),
        rentStateNames: named(['正常', '解除', '作废', '完成']),
      },
      company.credentials,
    ),
    'contract setting',
  );
  const contract = await addContract(request, company.credentials, 'sale');

  await openAs(page, company.credentials, '/views/contract/index');
  const row = page.getByTestId('contract-list').getByRole('row').filter({ hasText: contract.contractNo });
  await row.getByRole('button', { name: '详情' }).click();
  const detail = page.getByTestId('contract-detail');
  await detail.getByRole('tab', { name: '合同图片' }).click();
  await expect(detail.getByText('暂无图片')).toBeVisible();

  // The dialog by keyboard: open it, choose 房产证, choose the file, 上传.
  const open = detail.getByRole('button', { name: '上传图片' });
  await open.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: '上传图片' });
  await expect(dialog).toBeVisible();
  const category = dialog.getByRole('combobox', { name: '图片类别' });
  await expect(category).toBeEnabled();
  await category.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option', { name: '其他' })).toBeVisible();
  await expect(page.getByRole('option', { name: '合同正本' })).toBeVisible();
  // Down to 房产证 (the list may open with nothing or the first option highlighted), then Enter.
  const wanted = page.getByRole('option', { name: '房产证' });
  for (let step = 0; step < 4 && (await wanted.getAttribute('data-highlighted')) === null; step += 1) {
    await page.keyboard.press('ArrowDown');
    await page.waitForTimeout(50);
  }
  await expect(wanted).toHaveAttribute('data-highlighted', '');
  await page.keyboard.press('Enter');
  await expect(category).toHaveText('房产证');
  const axe = await new AxeBuilder({ page })
    .include('[role="dialog"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);
  await dialog.getByLabel('合同图片').setInputFiles({
    name: '房产证.png',
    mimeType: 'image/png',
    buffer: strokePng(60, 20),
  });
  await expect(dialog).toContainText('房产证.png');
  const submit = dialog.getByRole('button', { name: '上传', exact: true });
  await submit.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);

  const pictures = detail.getByTestId('contract-pictures');
  await expect(pictures).toContainText('房产证.png');
  await expect(pictures).toContainText('房产证 ·');
  await pictures.getByRole('button', { name: '查看图片：房产证.png' }).click();
  const preview = page.getByTestId('image-preview');
  await expect(preview).toContainText('第 1 / 1 张');
  const zoom = preview.getByTestId('image-zoom');
  await expect(zoom).toHaveText('100%');
  for (let step = 0; step < 6; step += 1) await preview.getByRole('button', { name: '放大' }).click();
  await expect(zoom).toHaveText('400%');
  await preview.getByRole('button', { name: '关闭' }).click();
  await expect(preview).toHaveCount(0);

  await pictures.getByRole('button', { name: '删除图片：房产证.png' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('是否确定删除该图片？');
  await confirm.getByRole('button', { name: '确定' }).click();
  await expect(detail.getByText('暂无图片')).toBeVisible();
});
