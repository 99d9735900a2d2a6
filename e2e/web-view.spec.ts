/**
 * The web preview page (000 section 2, /views/public/web-view): a same-origin address given in the
 * query opens inside the app; another site's address is refused in Chinese and never loaded.
 */
import { expect, test } from '@playwright/test';
import { login } from './support/api';
import { openAs } from './support/oa';
import { foreignAddressText } from '../src/features/public/web-view-page';
import { strokePng } from '../tests/support/test-data';

test('a same-origin page opens inside the app; another site is refused', async ({ page, request }) => {
  const broker = await login(request, '13800000003', 'demo1234');
  const uploaded = await request.post('/api/base/uploadPhoto', {
    headers: broker,
    multipart: { file: { name: 'help.png', mimeType: 'image/png', buffer: strokePng(70, 25) } },
  });
  const body = (await uploaded.json()) as { code: number; data: string | { url: string } };
  expect(body.code).toBe(200);
  const address = typeof body.data === 'string' ? body.data : body.data.url;

  await openAs(
    page,
    broker,
    `/views/public/web-view?title=${encodeURIComponent('帮助图片')}&url=${encodeURIComponent(address)}`,
  );
  const view = page.getByTestId('web-view-page');
  await expect(view.getByRole('heading', { name: '帮助图片' })).toBeVisible();
  await expect(view.getByTestId('web-view-frame')).toHaveAttribute(
    'src',
    new URL(address, 'http://x').pathname,
  );
  await expect(page.frameLocator('[data-testid=web-view-frame]').locator('img')).toBeVisible();

  const foreignRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith('https://example.com')) foreignRequests.push(r.url());
  });
  await page.goto(`/#/views/public/web-view?url=${encodeURIComponent('https://example.com/help')}`);
  await expect(page.getByTestId('web-view-refused')).toHaveText(foreignAddressText);
  await expect(page.getByTestId('web-view-frame')).toHaveCount(0);
  expect(foreignRequests).toEqual([]);
});
