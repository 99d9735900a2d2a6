/**
 * 签约图片 on the sign detail through the real UI and server (issue 18): a picture uploaded, replaced,
 * moved to another category and deleted, each kept by the server as the tab shows it; the manager's
 * 管理分类 adds and orders categories and is refused removing one that holds pictures; a broker
 * without 351 files pictures but sees no 管理分类.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { post, type Credentials } from './support/api';
import { demo, demoPassword, get, login, must, openAs } from './support/oa';
import { saleContent, signCompany, submitSale } from './support/sign';
import { strokePng } from '../tests/support/test-data';

type Category = { categoryId: number; name: string; count: number };
type Picture = { url: string; categoryId: number };

async function picturesOf(request: APIRequestContext, who: Credentials, contractId: number) {
  return must(get<Picture[]>(request, `/sign/getSignPictrueV2?contractId=${contractId}`, who), 'pictures');
}

async function categoriesOf(request: APIRequestContext, who: Credentials, contractId: number) {
  return must(
    get<Category[]>(request, `/sign/getSignPictrueCategoryV2?contractId=${contractId}`, who),
    'categories',
  );
}

async function openPictures(page: Page, who: Credentials, contractId: number) {
  await openAs(page, who, `/views/sign/detail?contractId=${contractId}`);
  const detail = page.getByTestId('sign-detail-page');
  await detail.getByRole('tab', { name: '签约图片' }).click();
  const tab = detail.getByTestId('sign-pictures');
  await expect(tab).toBeVisible();
  return tab;
}

const png = (width: number) => ({
  name: `photo-${width}.png`,
  mimeType: 'image/png',
  buffer: strokePng(width, 40),
});

test('pictures are uploaded, replaced, moved and deleted; the manager manages the categories', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const company = await signCompany(request);
  const { contractId } = await submitSale(request, company, { paper: true });
  const tab = await openPictures(page, company.credentials, contractId);
  const category = (name: string) => tab.getByRole('button', { name: new RegExp(`^${name}（\\d+）$`) });
  await expect(category('身份证件')).toHaveText('身份证件（0）');
  await expect(tab.getByText('该分类下暂无图片')).toBeVisible();

  // Upload into 身份证件.
  await tab.getByLabel('上传图片').setInputFiles(png(60));
  const pictures = tab.getByTestId('sign-picture');
  await expect(pictures).toHaveCount(1);
  await expect(category('身份证件')).toHaveText('身份证件（1）');
  const [first] = await picturesOf(request, company.credentials, contractId);
  expect(first).toBeDefined();
  await expect(pictures.first().getByRole('img')).toHaveAttribute('src', first!.url);

  // Replace it: the server keeps only the new file, in the same category.
  await tab.getByLabel('替换第 1 张').setInputFiles(png(90));
  await expect(pictures.first().getByRole('img')).not.toHaveAttribute('src', first!.url);
  const replaced = await picturesOf(request, company.credentials, contractId);
  expect(replaced).toHaveLength(1);
  expect(replaced[0]!.url).not.toBe(first!.url);
  await expect(pictures.first().getByRole('img')).toHaveAttribute('src', replaced[0]!.url);

  // Move it to 房产证.
  await tab.getByRole('combobox', { name: '第 1 张移至分类' }).click();
  await page.getByRole('option', { name: '房产证' }).click();
  await expect(category('身份证件')).toHaveText('身份证件（0）');
  await expect(category('房产证')).toHaveText('房产证（1）');
  await expect(pictures).toHaveCount(0);
  const categories = await categoriesOf(request, company.credentials, contractId);
  const deeds = categories.find((c) => c.name === '房产证')!;
  expect((await picturesOf(request, company.credentials, contractId)).map((p) => p.categoryId)).toEqual([
    deeds.categoryId,
  ]);

  // Delete it from 房产证, after the question.
  await category('房产证').click();
  await expect(pictures).toHaveCount(1);
  await pictures.first().getByRole('button', { name: '删除' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('确定要删除该项吗？');
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(category('房产证')).toHaveText('房产证（0）');
  expect(await picturesOf(request, company.credentials, contractId)).toEqual([]);

  // 管理分类: a picture in 收据 keeps 收据 from being removed; a new category is added first in the order.
  await category('收据').click();
  await tab.getByLabel('上传图片').setInputFiles(png(70));
  await expect(category('收据')).toHaveText('收据（1）');
  await tab.getByRole('button', { name: '管理分类' }).click();
  const manager = page.getByTestId('category-manager');
  await manager.getByRole('button', { name: '添加分类' }).click();
  await manager.getByRole('textbox', { name: '分类名称 5' }).fill('补充协议');
  for (let i = 0; i < 4; i += 1) await manager.getByRole('button', { name: '上移 补充协议' }).click();
  await expect(manager.getByRole('textbox', { name: '分类名称 1' })).toHaveValue('补充协议');
  await expect(manager.getByRole('textbox', { name: '分类名称 5' })).toHaveValue('收据');
  await manager.getByRole('button', { name: '删除分类 收据' }).click();
  await page.getByRole('dialog', { name: '管理分类' }).getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('dialog', { name: '管理分类' }).getByRole('alert')).toHaveText(
    '分类下还有图片，不能删除：收据',
  );
  // Nothing changed on the server.
  expect((await categoriesOf(request, company.credentials, contractId)).map((c) => c.name)).toEqual([
    '身份证件',
    '房产证',
    '合同照片',
    '收据',
  ]);
  await page.getByRole('dialog', { name: '管理分类' }).getByRole('button', { name: '取消' }).click();
  await tab.getByRole('button', { name: '管理分类' }).click();
  await manager.getByRole('button', { name: '添加分类' }).click();
  await manager.getByRole('textbox', { name: '分类名称 5' }).fill('补充协议');
  for (let i = 0; i < 4; i += 1) await manager.getByRole('button', { name: '上移 补充协议' }).click();
  await page.getByRole('dialog', { name: '管理分类' }).getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('dialog', { name: '管理分类' })).toHaveCount(0);
  await expect(tab.getByRole('button', { name: /（\d+）$/ })).toHaveText([
    '补充协议（0）',
    '身份证件（0）',
    '房产证（0）',
    '合同照片（0）',
    '收据（1）',
  ]);
  expect((await categoriesOf(request, company.credentials, contractId)).map((c) => c.name)).toEqual([
    '补充协议',
    '身份证件',
    '房产证',
    '合同照片',
    '收据',
  ]);
});

test('a broker without 351 files pictures on his contract but has no 管理分类', async ({ page, request }) => {
  const broker = await login(request, demo.broker, demoPassword);
  const templates = await must(
    get<{ boxId: number; contractType: number }[]>(request, '/sign/templatePostsV2', broker),
    'templates',
  );
  const submitted = await must(
    post<{ contractId: number }>(
      request,
      '/sign/contractSubmissionV2501',
      {
        boxid: templates.find((t) => t.contractType === 1)!.boxId,
        content: saleContent(demo.broker),
        signatureType: 2,
      },
      broker,
    ),
    'submit',
  );
  const tab = await openPictures(page, broker, submitted.contractId);
  await expect(tab.getByRole('button', { name: /^身份证件（\d+）$/ })).toBeVisible();
  await expect(tab.getByRole('button', { name: '管理分类' })).toHaveCount(0);
  await tab.getByLabel('上传图片').setInputFiles(png(50));
  await expect(tab.getByTestId('sign-picture')).toHaveCount(1);
  expect(await picturesOf(request, broker, submitted.contractId)).toHaveLength(1);
});
