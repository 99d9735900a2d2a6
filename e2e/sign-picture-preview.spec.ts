/**
 * Sign pictures open in the 1-4 times zoom preview (000 section 9, issue 38), as listing pictures
 * do: two pictures uploaded to 身份证件 on a contract's 签约图片 tab, the first opened, zoomed to
 * 400 %, paged to the second (back to 100 %) and closed.
 */
import { expect, test } from '@playwright/test';
import { openAs } from './support/oa';
import { signCompany, submitSale } from './support/sign';
import { strokePng } from '../tests/support/test-data';

const png = (width: number) => ({
  name: `photo-${width}.png`,
  mimeType: 'image/png',
  buffer: strokePng(width, 40),
});

test('a sign picture opens in a preview that zooms 1 to 4 times and pages through the category', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const company = await signCompany(request);
  const { contractId } = await submitSale(request, company, { paper: true });
  await openAs(page, company.credentials, `/views/sign/detail?contractId=${contractId}`);
  const detail = page.getByTestId('sign-detail-page');
  await detail.getByRole('tab', { name: '签约图片' }).click();
  const tab = detail.getByTestId('sign-pictures');
  await tab.getByLabel('上传图片').setInputFiles(png(60));
  await expect(tab.getByTestId('sign-picture')).toHaveCount(1);
  await tab.getByLabel('上传图片').setInputFiles(png(90));
  await expect(tab.getByTestId('sign-picture')).toHaveCount(2);

  await tab.getByRole('button', { name: '查看图片：身份证件第 1 张' }).click();
  const preview = page.getByTestId('image-preview');
  await expect(preview).toContainText('第 1 / 2 张');
  const zoom = preview.getByTestId('image-zoom');
  await expect(zoom).toHaveText('100%');
  await expect(preview.getByRole('button', { name: '缩小' })).toBeDisabled();
  for (let step = 0; step < 6; step += 1) await preview.getByRole('button', { name: '放大' }).click();
  await expect(zoom).toHaveText('400%');
  await expect(preview.getByRole('button', { name: '放大' })).toBeDisabled();
  await preview.getByRole('button', { name: '下一张' }).click();
  await expect(preview).toContainText('第 2 / 2 张');
  await expect(zoom).toHaveText('100%');
  await preview.getByRole('button', { name: '关闭' }).click();
  await expect(preview).toHaveCount(0);
});
