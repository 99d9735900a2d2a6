/**
 * The community-archive machine's model driven through the real 小区档案 page (the community's detail
 * over the list) against the real server, as the manager of a new company working in 深圳, on
 * 天健世纪花园: without an archive, or with one (a building and a picture) made through the API before
 * the page opens. Every refusal is the real server's, after someone else of the company changed the
 * archive through the API just before the page's call: a listing entered in the community (删除档案
 * refused), the archive deleted (adding a picture refused), the picture deleted (removing it refused);
 * a save is refused for two buildings with the same number. Only a failed read of the community is a
 * network failure made with Playwright's routing: the real server answers every read of a platform
 * community. No event goes through the inspector.
 */
import { expect, test, type Page } from '@playwright/test';
import { generatePaths } from '../tests/support/machine-model';
import { communityArchiveModel } from '../tests/models/community-archive.model';
import {
  communityArchiveMessages,
  type CommunityArchiveContext,
  type CommunityRecord,
} from '../machines/community-archive.machine';
import {
  browserModel,
  runPathInBrowser,
  type BrowserExecutors,
  type StepContext,
} from './support/run-browser-path';
import { selectCoveringPaths } from './support/covering-paths';
import { failNextCall, must, networkError, openAs } from './support/oa';
import { freshPhone, post } from './support/api';
import { communityIdOf, estateCompany, uploadPicture, type EstateCompany } from './support/estate';
import { strokePng } from '../tests/support/test-data';

const spec = browserModel(communityArchiveModel);
const paths = selectCoveringPaths(spec, generatePaths(spec));

const communityName = '天健世纪花园';

type Fixture = {
  company?: EstateCompany;
  communityId?: number;
  pictureId?: number;
  /** The real server's refusal the page is to show. */
  refusal?: string;
};

const detail = (page: Page) => page.getByTestId('community-detail');
const detailDialog = (page: Page) => page.getByRole('dialog');
const confirmDialog = (page: Page) => page.getByRole('alertdialog');
const form = (page: Page) => page.getByRole('form', { name: '小区档案' });
const contextOf = (c: StepContext<Fixture>) => c.step.state.context as CommunityArchiveContext;
const nextType = (c: StepContext<Fixture>) => c.next?.event.type;

/** Someone else of the company changes the archive on the server (what the page's call then meets). */
async function companyCall(c: StepContext<Fixture>, path: string, body: object): Promise<unknown> {
  return must(post(c.request, path, body, c.fixture.company!.credentials), path);
}

/** The community's archive with one building and one picture, made before the page opens. */
async function archiveWithPicture(c: StepContext<Fixture>): Promise<void> {
  const communityId = c.fixture.communityId!;
  await companyCall(c, '/community/companyCommunity', {
    communityId,
    propertyPhone: '0755-83456789',
    buildings: [{ buildingNo: '1栋', unitCount: 2, floorCount: 32, householdsPerFloor: 4, elevator: 1 }],
  });
  const url = await uploadPicture(c.request, c.fixture.company!);
  const added = (await companyCall(c, '/community/companyCommunityPicturesAdd', {
    communityId,
    type: 1,
    urls: [url],
  })) as { pictureId: number }[];
  c.fixture.pictureId = added[0]!.pictureId;
}

/** A listing in the community: the archive cannot be deleted while it is there. */
async function enterListing(c: StepContext<Fixture>): Promise<void> {
  await companyCall(c, '/housing/v2/housingAdd', {
    type: 1,
    attribution: 2,
    communityId: c.fixture.communityId,
    buildingNo: '1栋',
    unitNo: '1单元',
    roomNo: '2203',
    room: 3,
    hall: 2,
    bath: 1,
    area: 102,
    price: 730,
    ownerName: '梁志强',
    ownerPhone: freshPhone(),
  });
}

/** The read of the community after this step's call fails, when the path says so. */
async function failReadAfterCall(c: StepContext<Fixture>): Promise<void> {
  if (
    c.next?.event.type.startsWith('xstate.done.actor.') &&
    c.afterNext?.event.type === 'xstate.error.actor.loadCommunity'
  )
    await failNextCall(c.page, '/community/communityDetail');
}

async function openCommunity(c: StepContext<Fixture>): Promise<void> {
  await openAs(c.page, c.fixture.company!.credentials, '/views/estate/index');
  await c.page.getByLabel('关键字').fill(communityName);
  await c.page.getByTestId('community-search').getByRole('button', { name: '搜索' }).click();
  const row = c.page.getByTestId('community-row').filter({ hasText: communityName });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: communityName }).click();
}

const picturesTab = async (c: StepContext<Fixture>) =>
  detail(c.page).getByRole('tab', { name: /图片/ }).click();

/** The notice the machine holds, on screen: a success in its own words, a refusal in the server's. */
async function expectNotice(c: StepContext<Fixture>): Promise<void> {
  const { notice } = contextOf(c);
  const status = detail(c.page).getByRole('status');
  if (notice === null) await expect(status).toHaveCount(0);
  else if (notice.kind === 'success') await expect(status).toHaveText(notice.text);
  else await expect(status).toHaveText(c.fixture.refusal!);
}

const executors: BrowserExecutors<Fixture> = {
  events: {
    'xstate.init': async (c) => {
      c.fixture.company = await estateCompany(c.request);
      c.fixture.communityId = await communityIdOf(c.request, c.fixture.company, communityName);
      const first = c.next?.event as { type: string; output?: CommunityRecord } | undefined;
      if (first?.output?.archive) await archiveWithPicture(c);
      if (first?.type === 'xstate.error.actor.loadCommunity')
        await failNextCall(c.page, '/community/communityDetail');
      await openCommunity(c);
    },
    retry: async (c) => {
      if (nextType(c) === 'xstate.error.actor.loadCommunity')
        await failNextCall(c.page, '/community/communityDetail');
      await detailDialog(c.page).getByRole('button', { name: '重试' }).click();
    },
    'archive.edit': async (c) => {
      const name = c.step.previous.matches('archived') ? '编辑档案' : '建立档案';
      await detail(c.page).getByRole('button', { name }).click();
    },
    'edit.cancel': async (c) => form(c.page).getByRole('button', { name: '取消' }).click(),
    'edit.save': async (c) => {
      await failReadAfterCall(c);
      if (nextType(c) === 'xstate.error.actor.saveArchive') {
        // A new building given the number of the first: the server refuses the repeated number.
        await form(c.page).getByRole('button', { name: '添加楼栋' }).click();
        await form(c.page).getByRole('button', { name: '添加楼栋' }).click();
        const numbers = form(c.page).getByLabel(/^第 \d+ 栋楼栋号$/);
        const first = await numbers.first().inputValue();
        await numbers.last().fill(first);
        c.fixture.refusal = `楼栋号 ${first} 重复`;
      } else {
        await form(c.page).getByLabel('物业电话').fill('0755-83456789');
      }
      await form(c.page).getByRole('button', { name: '保存' }).click();
    },
    'archive.delete': async (c) => detail(c.page).getByRole('button', { name: '删除档案' }).click(),
    'delete.confirm': async (c) => {
      await failReadAfterCall(c);
      if (nextType(c) === 'xstate.error.actor.deleteArchive') {
        await enterListing(c);
        c.fixture.refusal = '该小区还有 1 套房源，请先处理房源后再删除小区档案';
      }
      await confirmDialog(c.page).getByRole('button', { name: '确定' }).click();
    },
    'delete.cancel': async (c) => confirmDialog(c.page).getByRole('button', { name: '取消' }).click(),
    'pictures.add': async (c) => {
      const urls = (c.step.event as unknown as { urls: string[] }).urls;
      // No screen adds no picture: the picker registers a picture once it is uploaded. The machine
      // ignores such an add, and the state's assertion checks nothing changed.
      if (urls.length === 0) return;
      await failReadAfterCall(c);
      if (nextType(c) === 'xstate.error.actor.addPictures') {
        // The archive was deleted meanwhile: the server has no archive to add the picture to.
        await companyCall(c, '/community/companyCommunityDelete', { communityId: c.fixture.communityId });
        c.fixture.refusal = '本公司尚未建立该小区的档案';
      }
      await picturesTab(c);
      await detail(c.page)
        .getByLabel('上传小区图片')
        .setInputFiles({ name: '外景.png', mimeType: 'image/png', buffer: strokePng(40, 30) });
    },
    'picture.remove': async (c) => {
      await picturesTab(c);
      await detail(c.page)
        .getByRole('button', { name: `删除图片 ${c.fixture.pictureId}` })
        .click();
    },
    'remove.confirm': async (c) => {
      await failReadAfterCall(c);
      if (nextType(c) === 'xstate.error.actor.removePicture') {
        // Someone else removed the picture meanwhile.
        await companyCall(c, '/community/companyCommunityPicturesDel', {
          communityId: c.fixture.communityId,
          pictureIds: [c.fixture.pictureId],
        });
        c.fixture.refusal = '图片不存在或不属于该小区档案';
      }
      await confirmDialog(c.page).getByRole('button', { name: '确定' }).click();
    },
    'remove.cancel': async (c) => confirmDialog(c.page).getByRole('button', { name: '取消' }).click(),
    'xstate.done.actor.loadCommunity': async () => {},
    'xstate.error.actor.loadCommunity': async () => {},
    'xstate.done.actor.saveArchive': async () => {},
    'xstate.error.actor.saveArchive': async () => {},
    'xstate.done.actor.deleteArchive': async () => {},
    'xstate.error.actor.deleteArchive': async () => {},
    'xstate.done.actor.addPictures': async () => {},
    'xstate.error.actor.addPictures': async () => {},
    'xstate.done.actor.removePicture': async () => {},
    'xstate.error.actor.removePicture': async () => {},
  },
  states: {
    'communityArchive.loading': async (c) => expect(detailDialog(c.page)).toBeVisible(),
    'communityArchive.failed': async (c) => {
      await expect(detailDialog(c.page)).toContainText(networkError);
      await expect(detailDialog(c.page).getByRole('button', { name: '重试' })).toBeVisible();
    },
    'communityArchive.notArchived': async (c) => {
      await expect(detail(c.page)).toContainText('未建档');
      await expect(detail(c.page).getByRole('button', { name: '建立档案' })).toBeVisible();
      await expect(confirmDialog(c.page)).toHaveCount(0);
      await expectNotice(c);
    },
    'communityArchive.archived': async (c) => {
      await expect(detail(c.page)).toContainText('已建档');
      await expect(detail(c.page).getByRole('button', { name: '编辑档案' })).toBeVisible();
      await expect(confirmDialog(c.page)).toHaveCount(0);
      await expectNotice(c);
    },
    'communityArchive.editing': async (c) => {
      await expect(form(c.page)).toBeVisible();
      await expectNotice(c);
    },
    'communityArchive.saving': async (c) => expect(detail(c.page)).toBeVisible(),
    'communityArchive.confirmingDelete': async (c) =>
      expect(confirmDialog(c.page)).toContainText(communityArchiveMessages.deleteConfirm),
    'communityArchive.deleting': async (c) => expect(detail(c.page)).toBeVisible(),
    'communityArchive.addingPictures': async (c) => expect(detail(c.page)).toBeVisible(),
    'communityArchive.confirmingPictureRemoval': async (c) =>
      expect(confirmDialog(c.page)).toContainText(communityArchiveMessages.pictureDeleteConfirm),
    'communityArchive.removingPicture': async (c) => expect(detail(c.page)).toBeVisible(),
  },
};

test.describe('community-archive machine through the real 小区档案 page', () => {
  for (const path of paths) {
    test(path.description, async ({ page, request }) => {
      await runPathInBrowser(spec, path, executors, { page, request, fixture: {} });
    });
  }
});
