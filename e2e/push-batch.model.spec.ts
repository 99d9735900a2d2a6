/**
 * The push-batch machine's model driven through 推送房源 on the real 推广 page against the real server,
 * in a company of its own (with 营销版 and two listings with pictures) for each path, on 幸福里出售.
 * The page's clock is paused, so each 1.5 s read happens when the path says. The server gives every
 * answer: listings made 暂缓 before 推送所选 are not queued (settled at once); a listing still 推送中
 * at a read is a push the sandbox portal keeps failing (sandboxPortalOutage for the company, so the
 * queue retries it with back-off); a settled read comes after the queue has run. A failed push or read
 * is a network failure (page.route). No event goes through the inspector.
 */
import { expect, test, type Page } from '@playwright/test';
import { generatePaths, type ModelPath } from '../tests/support/machine-model';
import { pushBatchModel } from '../tests/models/push-batch.model';
import { browserModel, runPathInBrowser, type BrowserExecutors } from './support/run-browser-path';
import { failNextCall, networkError, openAs } from './support/oa';
import { post, type Credentials } from './support/api';
import { estateCompany } from './support/estate';
import { buyPackage } from './support/org';
import { addPrivateListing } from './support/houses';
import { strokePng } from '../tests/support/test-data';
import {
  batchPollMs,
  pushBatchMessages,
  type BatchRow,
  type PushBatchEvent,
} from '../machines/push-batch.machine';
import { PushStates } from '../domain/promotion';

const spec = browserModel(pushBatchModel);
const paths = generatePaths(spec);

type Fixture = { path: ModelPath; credentials?: Credentials; listings: number[] };

const dialog = (page: Page) => page.getByRole('dialog', { name: '推送房源到幸福里' });
const isSettled = (rows: BatchRow[]) => rows.every((row) => row.state !== PushStates.pending);
const outputOf = (event: { type: string } | undefined) =>
  (event as { output?: BatchRow[] } | undefined)?.output ?? [];

async function uploadPictures(request: Parameters<typeof post>[0], credentials: Credentials) {
  const pictures = [];
  for (const width of [62, 72, 82]) {
    const uploaded = await request.post('/api/base/uploadPhoto', {
      headers: credentials,
      multipart: { file: { name: `实景${width}.png`, mimeType: 'image/png', buffer: strokePng(width, 30) } },
    });
    const body = (await uploaded.json()) as { data: string | { url: string } };
    pictures.push({ type: 1, url: typeof body.data === 'string' ? body.data : body.data.url });
  }
  return pictures;
}

const executors: BrowserExecutors<Fixture> = {
  events: {
    'xstate.init': async (c) => {
      const company = await estateCompany(c.request);
      const credentials = company.credentials;
      c.fixture.credentials = credentials;
      await buyPackage(c.request, credentials, 2);
      const pictures = await uploadPictures(c.request, credentials);
      for (const [ownerName, price] of [
        ['冯秀英', 588],
        ['卫东来', 432],
      ] as const)
        c.fixture.listings.push(
          await addPrivateListing(c.request, credentials, { ownerName, price, pictures }),
        );
      // A read that still finds a listing 推送中: the portal is down for this company meanwhile.
      const last = c.fixture.path.steps.at(-1)?.event;
      if (last?.type === 'xstate.done.actor.readBatch' && !isSettled(outputOf(last))) {
        const outage = await post(
          c.request,
          '/sandbox/portalOutage',
          { channel: 1, minutes: 10 },
          credentials,
        );
        expect(outage.code, outage.message).toBe(200);
      }
      await c.page.clock.install();
      await openAs(c.page, credentials, '/views/promotion/index');
      await c.page.getByTestId('promotion-page').getByRole('button', { name: '推送房源' }).click();
      await expect(dialog(c.page).getByTestId('push-candidates').getByRole('checkbox')).toHaveCount(2);
      await c.page.clock.pauseAt(Date.now() + 1000);
    },
    'batch.push': async (c) => {
      const chosen = (c.step.event as unknown as PushBatchEvent).houseIds;
      if (chosen.length > 0) {
        for (const box of await dialog(c.page).getByTestId('push-candidates').getByRole('checkbox').all())
          await box.click();
        const next = c.next?.event;
        if (next?.type === 'xstate.error.actor.submitBatch') await failNextCall(c.page, '/push/housePush');
        if (next?.type === 'xstate.done.actor.submitBatch' && isSettled(outputOf(next)))
          // Both left 有效 after they were chosen: the server queues neither and says why.
          for (const houseId of c.fixture.listings) {
            const changed = await post(
              c.request,
              '/housing/v2/housingStateChange',
              { houseId, houseState: 2, remark: '业主出差' },
              c.fixture.credentials,
            );
            expect(changed.code, changed.message).toBe(200);
          }
      }
      await dialog(c.page)
        .getByRole('button', { name: `推送所选（${chosen.length > 0 ? 2 : 0}）` })
        .click();
    },
    'xstate.done.actor.submitBatch': async () => {},
    'xstate.error.actor.submitBatch': async () => {},
    [`xstate.after.${batchPollMs}.pushBatch.watching`]: async (c) => {
      const next = c.next?.event;
      if (next?.type === 'xstate.error.actor.readBatch') await failNextCall(c.page, '/push/pushProgress');
      if (next?.type === 'xstate.done.actor.readBatch' && isSettled(outputOf(next)))
        // The queue runs on the server's own time: the read comes once it has put both online.
        await expect
          .poll(
            async () => {
              const progress = await post<BatchRow[]>(
                c.request,
                '/push/pushProgress',
                { channel: 1, houseIds: c.fixture.listings },
                c.fixture.credentials,
              );
              return isSettled(progress.data);
            },
            { timeout: 30_000 },
          )
          .toBe(true);
      await c.page.clock.fastForward(batchPollMs);
    },
    'xstate.done.actor.readBatch': async () => {},
    'xstate.error.actor.readBatch': async () => {},
  },
  states: {
    'pushBatch.choosing': async (c) => {
      const box = dialog(c.page);
      await expect(box.getByRole('button', { name: /^推送所选/ })).toBeVisible();
      const problem = box.getByRole('alert');
      if (c.step.event.type === 'batch.push')
        await expect(problem).toHaveText(pushBatchMessages.nothingChosen);
      else if (c.step.event.type === 'xstate.error.actor.submitBatch')
        await expect(problem).toHaveText(networkError);
      else await expect(problem).toHaveCount(0);
    },
    'pushBatch.submitting': async (c) => expect(dialog(c.page).getByTestId('push-candidates')).toBeVisible(),
    'pushBatch.watching': async (c) => {
      const box = dialog(c.page);
      await expect(box.getByTestId('push-progress')).toContainText('，推送中…');
      await expect(box.getByTestId('push-result').filter({ hasText: '推送中' })).not.toHaveCount(0);
      if (c.step.event.type === 'xstate.error.actor.readBatch')
        await expect(box.getByRole('alert')).toHaveText(networkError);
    },
    'pushBatch.reading': async (c) => expect(dialog(c.page).getByTestId('push-progress')).toBeVisible(),
    'pushBatch.done': async (c) => {
      const box = dialog(c.page);
      await expect(box.getByText('已完成 2 / 2，推送结束')).toBeVisible();
      await expect(box.getByTestId('push-result')).toHaveCount(2);
      const settled = c.step.event.type === 'xstate.done.actor.readBatch';
      if (settled) await expect(box.getByTestId('push-result').filter({ hasText: '已上架' })).toHaveCount(2);
      else
        await expect(
          box.getByTestId('push-result').filter({ hasText: '只有「有效」房源可以推广' }),
        ).toHaveCount(2);
      await expect(box.getByRole('button', { name: '完成' })).toBeVisible();
    },
  },
};

test.describe('push-batch machine through 推送房源 on the real 推广 page', () => {
  for (const path of paths) {
    test(path.description, async ({ page, request }) => {
      test.setTimeout(120_000);
      await runPathInBrowser(spec, path, executors, { page, request, fixture: { path, listings: [] } });
    });
  }
});
