/**
 * The house-pool machine's model driven through the real detail page against the real server, as
 * 张经理 (who holds every listing permission) on a listing entered for the path. A `sync` is the page
 * reading the listing again: at load, or after saving the edit form once the pool was changed on the
 * server by another person. A refused restore is a real duplicate entered meanwhile; the other
 * refusals are network failures made with Playwright's routing (docs/testing.md).
 */
import { expect, test, type Page } from '@playwright/test';
import { generatePaths } from '../tests/support/machine-model';
import { housePoolModel } from '../tests/models/house-pool.model';
import {
  browserModel,
  runPathInBrowser,
  type BrowserExecutors,
  type StepContext,
} from './support/run-browser-path';
import { freshPhone, login, post, type Credentials } from './support/api';
import { get, openAs } from './support/oa';

const spec = browserModel(housePoolModel);
const paths = generatePaths(spec);

type Listing = Record<string, unknown>;
type Fixture = {
  manager?: Credentials;
  houseId?: number;
  listing?: Listing;
  attribution?: number;
  /** The path's first event is the read the page makes when it opens. */
  autoSync?: boolean;
};

const detail = (page: Page) => page.getByTestId('house-detail');
const dialog = (page: Page) => page.getByRole('alertdialog');

const nextFails = (c: StepContext<Fixture>) => c.next?.event.type.startsWith('xstate.error.actor.') ?? false;

async function failNext(page: Page, path: string): Promise<void> {
  let failed = false;
  await page.route(
    (url) => url.pathname.endsWith(path),
    async (route) => {
      if (failed) return route.continue();
      failed = true;
      return route.abort('failed');
    },
  );
}

async function enterListing(c: StepContext<Fixture>, attribution: number): Promise<void> {
  const communities = await get<{ communityId: number }[]>(
    c.request,
    '/community/communityPosts?key=天健世纪花园',
    c.fixture.manager!,
  );
  const listing: Listing = {
    type: 1,
    attribution,
    communityId: communities.data[0]!.communityId,
    buildingNo: `${(Date.now() % 40) + 60}栋`,
    unitNo: '2单元',
    roomNo: String(Date.now() % 100000),
    room: 3,
    hall: 2,
    bath: 1,
    area: 102,
    price: 730,
    ownerName: '梁志强',
    ownerPhone: freshPhone(),
  };
  const added = await post<{ houseId: number }>(
    c.request,
    '/housing/v2/housingAdd',
    listing,
    c.fixture.manager,
  );
  expect(added.code, added.message).toBe(200);
  c.fixture.houseId = added.data.houseId;
  c.fixture.listing = listing;
  c.fixture.attribution = attribution;
}

/** Someone changed the pool on the server; the page reads the listing again by saving its edit form. */
async function readAgain(c: StepContext<Fixture>, attribution: number): Promise<void> {
  if (attribution !== c.fixture.attribution) {
    const path = attribution === 1 ? '/housing/v2/housingToPublic' : '/housing/v2/housingToPrivate';
    const moved = await get(c.request, `${path}?houseId=${c.fixture.houseId}`, c.fixture.manager!);
    expect(moved.code, moved.message).toBe(200);
    c.fixture.attribution = attribution;
  }
  await detail(c.page).getByRole('button', { name: '编辑' }).click();
  const form = c.page.getByRole('dialog', { name: '编辑房源' });
  await form.getByLabel('业主电话').fill(String(c.fixture.listing!['ownerPhone']));
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form).toHaveCount(0);
}

const confirm = async (c: StepContext<Fixture>) => {
  const next = c.next?.event.type;
  if (next === 'xstate.error.actor.toPublic') await failNext(c.page, '/housing/v2/housingToPublic');
  if (next === 'xstate.error.actor.remove') await failNext(c.page, '/housing/v2/housingDelete');
  if (next === 'xstate.error.actor.purge') await failNext(c.page, '/housing/v2/recycleDel');
  if (next === 'xstate.error.actor.restore') {
    // The same house entered again while this one was in the recycle bin: the server refuses.
    const again = await post(
      c.request,
      '/housing/v2/housingAdd',
      { ...c.fixture.listing, ownerPhone: freshPhone() },
      c.fixture.manager,
    );
    expect(again.code, again.message).toBe(200);
  }
  if (next === 'xstate.done.actor.toPublic') c.fixture.attribution = 1;
  await dialog(c.page).getByRole('button', { name: '确定' }).click();
};

const executors: BrowserExecutors<Fixture> = {
  events: {
    'xstate.init': async (c) => {
      c.fixture.manager = await login(c.request, '13800000000', 'demo1234');
      const first = c.next?.event as { type: string; flags?: { attribution: number } } | undefined;
      c.fixture.autoSync = first?.type === 'sync';
      await enterListing(c, first?.type === 'sync' ? first.flags!.attribution : 1);
      await openAs(c.page, c.fixture.manager, `/views/house/detail?type=1&id=${c.fixture.houseId}&appType=1`);
      await expect(detail(c.page)).toBeVisible();
    },
    sync: async (c) => {
      // The first read happens when the page opens.
      if (c.fixture.autoSync) {
        c.fixture.autoSync = false;
        return;
      }
      const flags = (c.step.event as unknown as { flags: { attribution: number } }).flags;
      await readAgain(c, flags.attribution);
    },
    toPublic: async (c) => detail(c.page).getByRole('button', { name: '转公盘' }).click(),
    toPrivate: async (c) => {
      if (nextFails(c)) await failNext(c.page, '/housing/v2/housingToPrivate');
      else c.fixture.attribution = 2;
      await detail(c.page).getByRole('button', { name: '拣入私盘' }).click();
    },
    operate: async (c) => {
      const operate = (c.step.event as unknown as { operate: number }).operate;
      const isLocked = (c.step.previous.context as { flags: { isLock: number } }).flags.isLock === 1;
      // 解锁 on an unlocked listing (or 锁盘 on a locked one) is not offered: nothing happens.
      if ((operate === 2 && !isLocked) || (operate === 1 && isLocked)) {
        await expect(
          detail(c.page).getByRole('button', { name: operate === 2 ? '解锁' : '锁盘' }),
        ).toHaveCount(0);
        return;
      }
      if (nextFails(c)) await failNext(c.page, '/housing/v2/housingOperate');
      await detail(c.page)
        .getByRole('button', { name: operate === 1 ? '锁盘' : '解锁' })
        .click();
    },
    delete: async (c) => detail(c.page).getByRole('button', { name: '删除房源' }).click(),
    restore: async (c) => detail(c.page).getByRole('button', { name: '还原' }).click(),
    purge: async (c) => detail(c.page).getByRole('button', { name: '彻底删除' }).click(),
    confirm,
    cancel: async (c) => dialog(c.page).getByRole('button', { name: '取消' }).click(),
    'xstate.done.actor.toPublic': async () => {},
    'xstate.error.actor.toPublic': async () => {},
    'xstate.done.actor.toPrivate': async () => {},
    'xstate.error.actor.toPrivate': async () => {},
    'xstate.done.actor.operate': async () => {},
    'xstate.error.actor.operate': async () => {},
    'xstate.done.actor.remove': async () => {},
    'xstate.error.actor.remove': async () => {},
    'xstate.done.actor.restore': async () => {},
    'xstate.error.actor.restore': async () => {},
    'xstate.done.actor.purge': async () => {},
    'xstate.error.actor.purge': async () => {},
  },
  states: {
    'housePool.listed.private': async (c) => {
      await expect(detail(c.page).getByTestId('house-pool')).toHaveText('私盘');
      await expect(dialog(c.page)).toHaveCount(0);
    },
    'housePool.listed.public': async (c) => {
      // Before the page's first read the machine starts public; the read (the path's next event) follows at once.
      if (!c.fixture.autoSync) await expect(detail(c.page).getByTestId('house-pool')).toHaveText('公盘');
      await expect(dialog(c.page)).toHaveCount(0);
    },
    'housePool.listed.confirmingPublic': async (c) =>
      expect(dialog(c.page)).toContainText('您确认要转为公盘吗？'),
    'housePool.listed.movingPublic': async (c) => expect(detail(c.page)).toBeVisible(),
    'housePool.listed.claiming': async (c) => expect(detail(c.page)).toBeVisible(),
    'housePool.listed.operating': async (c) => expect(detail(c.page)).toBeVisible(),
    'housePool.confirmingDelete': async (c) => expect(dialog(c.page)).toContainText('您确认删除该项信息吗？'),
    'housePool.deleting': async (c) => expect(detail(c.page)).toBeVisible(),
    'housePool.recycled': async (c) => {
      await expect(detail(c.page)).toContainText('已删除（回收站）');
      await expect(dialog(c.page)).toHaveCount(0);
    },
    'housePool.confirmingRestore': async (c) =>
      expect(dialog(c.page)).toContainText('您确认一键还原此房源吗？'),
    'housePool.restoring': async (c) => expect(detail(c.page)).toBeVisible(),
    'housePool.confirmingPurge': async (c) =>
      expect(dialog(c.page)).toContainText('您确认要彻底删除此房源吗？'),
    'housePool.purging': async (c) => expect(detail(c.page)).toBeVisible(),
    'housePool.purged': async (c) => expect(detail(c.page)).toContainText('房源已彻底删除。'),
  },
};

test.describe('house-pool machine through the real detail page', () => {
  for (const path of paths) {
    test(path.description, async ({ page, request }) => {
      await runPathInBrowser(spec, path, executors, { page, request, fixture: {} });
    });
  }
});
