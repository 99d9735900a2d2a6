/**
 * Pictures open in a preview that zooms from 1 to 4 times and pages through them (000 section 9):
 * a broker's listing with two uploaded pictures, seen on its detail.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { login, type Credentials } from './support/api';
import { addPrivateListing } from './support/houses';
import { openAs } from './support/oa';
import { strokePng } from '../tests/support/test-data';

async function upload(
  request: APIRequestContext,
  credentials: Credentials,
  name: string,
  picture: Buffer,
): Promise<string> {
  const response = await request.post('/api/base/uploadPhoto', {
    headers: credentials,
    multipart: { file: { name, mimeType: 'image/png', buffer: picture } },
  });
  const body = (await response.json()) as { code: number; message: string; data: string | { url: string } };
  expect(body.code, body.message).toBe(200);
  return typeof body.data === 'string' ? body.data : body.data.url;
}

test('a listing’s pictures open in a preview that zooms 1 to 4 times and pages through them', async ({
  page,
  request,
}) => {
  const broker = await login(request, '13800000003', 'demo1234');
  const houseId = await addPrivateListing(request, broker, {
    area: 89,
    ownerName: '严海燕',
    pictures: [
      { type: 1, url: await upload(request, broker, 'living.png', strokePng(60, 20)) },
      { type: 2, url: await upload(request, broker, 'bedroom.png', strokePng(80, 30)) },
    ],
  });
  await openAs(page, broker, `/views/house/detail?type=1&id=${houseId}&appType=1`);
  const gallery = page.getByTestId('house-detail').getByTestId('image-gallery');
  await gallery
    .getByRole('button', { name: /查看图片/ })
    .first()
    .click();
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
