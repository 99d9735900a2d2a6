import { describe, expect, it } from 'vitest';
import { communityArchiveMachine, communityArchiveMessages } from '../../machines/community-archive.machine';
import { startHarness } from '../support/machine-harness';
import { communityRecord } from '../models/community-archive.model';

const archived = communityRecord(true);
const notArchived = communityRecord(false);
const archiveValue = { communityId: 7, propertyPhone: '0755-83456789' };

async function openCommunity(record = archived) {
  const harness = await startHarness(communityArchiveMachine, { input: { communityId: 7 } });
  await harness.done('loadCommunity', record);
  return harness;
}

describe('community archive machine, rules a user relies on', () => {
  it('reads the community the page was opened for and shows whether the company archived it', async () => {
    const harness = await startHarness(communityArchiveMachine, { input: { communityId: 7 } });
    expect(harness.value()).toBe('loading');
    expect(harness.lastCall('loadCommunity')?.input).toStrictEqual({ communityId: 7 });
    await harness.done('loadCommunity', archived);
    expect(harness.value()).toBe('archived');
    expect(harness.context()['record']).toStrictEqual(archived);

    const bare = await openCommunity(notArchived);
    expect(bare.value()).toBe('notArchived');
    expect(bare.context()['record']).toStrictEqual(notArchived);

    const withoutId = await startHarness(communityArchiveMachine);
    expect(withoutId.lastCall('loadCommunity')?.input).toStrictEqual({ communityId: 0 });
    expect(withoutId.context()).toStrictEqual({
      communityId: 0,
      record: null,
      pictureId: null,
      notice: null,
      error: null,
    });
  });

  it('a community that cannot be read shows the message, and 重试 reads it again', async () => {
    const harness = await startHarness(communityArchiveMachine, { input: { communityId: 7 } });
    await harness.fail('loadCommunity', new Error('小区不存在'));
    expect(harness.value()).toBe('failed');
    expect(harness.context()['error']).toBe('小区不存在');
    await harness.send({ type: 'retry' });
    expect(harness.value()).toBe('loading');
    expect(harness.calls.filter((call) => call.src === 'loadCommunity')).toHaveLength(2);
    await harness.fail('loadCommunity', '网络异常');
    expect(harness.context()['error']).toBe('网络异常');
    await harness.send({ type: 'retry' });
    await harness.done('loadCommunity', notArchived);
    expect(harness.value()).toBe('notArchived');
    expect(harness.context()['error']).toBeNull();

    const archivedAfterRetry = await startHarness(communityArchiveMachine, { input: { communityId: 7 } });
    await archivedAfterRetry.fail('loadCommunity', new Error('小区不存在'));
    await archivedAfterRetry.send({ type: 'retry' });
    await archivedAfterRetry.done('loadCommunity', archived);
    expect(archivedAfterRetry.context()['error']).toBeNull();
  });

  it('creating an archive saves the form, reloads the record and says 小区档案已保存', async () => {
    expect(communityArchiveMessages).toStrictEqual({
      deleteConfirm: '您确认删除该项信息吗？',
      pictureDeleteConfirm: '是否确定删除该图片？',
      saved: '小区档案已保存',
      deleted: '小区档案已删除',
      picturesAdded: '图片已添加',
      pictureDeleted: '图片已删除',
    });
    const harness = await openCommunity(notArchived);
    await harness.send({ type: 'archive.edit' });
    expect(harness.value()).toBe('editing');
    await harness.send({ type: 'edit.save', value: archiveValue });
    expect(harness.value()).toBe('saving');
    expect(harness.lastCall('saveArchive')?.input).toStrictEqual({ value: archiveValue });
    await harness.done('saveArchive', { archiveId: 1 });
    expect(harness.value()).toBe('loading');
    expect(harness.context()['notice']).toStrictEqual({ kind: 'success', text: '小区档案已保存' });
    expect(harness.calls.filter((call) => call.src === 'loadCommunity')).toHaveLength(2);
    await harness.done('loadCommunity', archived);
    expect(harness.value()).toBe('archived');
    expect(harness.context()['notice']).toStrictEqual({ kind: 'success', text: '小区档案已保存' });
    // Opening the form again clears the last notice.
    await harness.send({ type: 'archive.edit' });
    expect(harness.context()['notice']).toBeNull();
  });

  it('a refused save shows why and keeps the form open', async () => {
    const harness = await openCommunity();
    await harness.send({ type: 'archive.edit' });
    await harness.send({ type: 'edit.save', value: archiveValue });
    await harness.fail('saveArchive', new Error('楼栋号 3栋 重复'));
    expect(harness.value()).toBe('editing');
    expect(harness.context()['notice']).toStrictEqual({ kind: 'error', text: '楼栋号 3栋 重复' });
    await harness.send({ type: 'edit.save', value: archiveValue });
    await harness.fail('saveArchive', '超时');
    expect(harness.context()['notice']).toStrictEqual({ kind: 'error', text: '超时' });
  });

  it('cancelling the form goes back to what the community was: archived or not', async () => {
    const withArchive = await openCommunity(archived);
    await withArchive.send({ type: 'archive.edit' });
    await withArchive.send({ type: 'edit.cancel' });
    expect(withArchive.value()).toBe('archived');

    const withoutArchive = await openCommunity(notArchived);
    await withoutArchive.send({ type: 'archive.edit' });
    await withoutArchive.send({ type: 'edit.cancel' });
    expect(withoutArchive.value()).toBe('notArchived');
    expect(withoutArchive.can({ type: 'archive.delete' })).toBe(false);
    expect(withoutArchive.can({ type: 'picture.remove', pictureId: 3 })).toBe(false);
    expect(withoutArchive.can({ type: 'pictures.add', pictureType: 1, urls: ['/files/a.png'] })).toBe(false);
  });

  it('deleting the archive asks first; cancelling keeps it, confirming deletes it and reloads', async () => {
    const harness = await openCommunity();
    await harness.send({ type: 'archive.delete' });
    expect(harness.value()).toBe('confirmingDelete');
    await harness.send({ type: 'delete.cancel' });
    expect(harness.value()).toBe('archived');
    expect(harness.lastCall('deleteArchive')).toBeUndefined();

    await harness.send({ type: 'archive.delete' });
    await harness.send({ type: 'delete.confirm' });
    expect(harness.value()).toBe('deleting');
    expect(harness.lastCall('deleteArchive')?.input).toStrictEqual({ communityId: 7 });
    await harness.done('deleteArchive', null);
    expect(harness.value()).toBe('loading');
    expect(harness.context()['notice']).toStrictEqual({ kind: 'success', text: '小区档案已删除' });
    await harness.done('loadCommunity', notArchived);
    expect(harness.value()).toBe('notArchived');
    await harness.send({ type: 'archive.edit' });
    expect(harness.context()['notice']).toBeNull();
  });

  it('a delete the server refuses (listings still there) shows why and keeps the archive', async () => {
    const harness = await openCommunity();
    await harness.send({ type: 'archive.delete' });
    await harness.send({ type: 'delete.confirm' });
    await harness.fail('deleteArchive', new Error('该小区还有 2 套房源，请先处理房源后再删除小区档案'));
    expect(harness.value()).toBe('archived');
    expect(harness.context()['notice']).toStrictEqual({
      kind: 'error',
      text: '该小区还有 2 套房源，请先处理房源后再删除小区档案',
    });
    // Asking again clears the refusal.
    await harness.send({ type: 'archive.delete' });
    expect(harness.context()['notice']).toBeNull();
  });

  it('adding pictures sends the uploaded ones with their type; none uploaded sends nothing', async () => {
    const harness = await openCommunity();
    await harness.send({ type: 'pictures.add', pictureType: 1, urls: [] });
    expect(harness.value()).toBe('archived');
    expect(harness.lastCall('addPictures')).toBeUndefined();

    await harness.send({ type: 'pictures.add', pictureType: 2, urls: ['/files/a.png', '/files/b.png'] });
    expect(harness.value()).toBe('addingPictures');
    expect(harness.lastCall('addPictures')?.input).toStrictEqual({
      communityId: 7,
      pictureType: 2,
      urls: ['/files/a.png', '/files/b.png'],
    });
    await harness.fail('addPictures', new Error('图片地址（urls）第 1 张不是已上传的图片，请重新上传'));
    expect(harness.value()).toBe('archived');
    expect(harness.context()['notice']).toStrictEqual({
      kind: 'error',
      text: '图片地址（urls）第 1 张不是已上传的图片，请重新上传',
    });

    await harness.send({ type: 'pictures.add', pictureType: 1, urls: ['/files/a.png'] });
    expect(harness.context()['notice']).toBeNull();
    await harness.done('addPictures', []);
    expect(harness.value()).toBe('loading');
    expect(harness.context()['notice']).toStrictEqual({ kind: 'success', text: '图片已添加' });
  });

  it('removing a picture asks first and removes the one chosen; cancelling forgets it', async () => {
    const harness = await openCommunity();
    await harness.send({ type: 'picture.remove', pictureId: 3 });
    expect(harness.value()).toBe('confirmingPictureRemoval');
    expect(harness.context()['pictureId']).toBe(3);
    await harness.send({ type: 'remove.cancel' });
    expect(harness.value()).toBe('archived');
    expect(harness.context()['pictureId']).toBeNull();
    expect(harness.lastCall('removePicture')).toBeUndefined();

    await harness.send({ type: 'picture.remove', pictureId: 4 });
    await harness.send({ type: 'remove.confirm' });
    expect(harness.value()).toBe('removingPicture');
    expect(harness.lastCall('removePicture')?.input).toStrictEqual({ communityId: 7, pictureId: 4 });
    await harness.fail('removePicture', new Error('图片不存在或不属于该小区档案'));
    expect(harness.value()).toBe('archived');
    expect(harness.context()['pictureId']).toBeNull();
    expect(harness.context()['notice']).toStrictEqual({
      kind: 'error',
      text: '图片不存在或不属于该小区档案',
    });

    await harness.send({ type: 'picture.remove', pictureId: 5 });
    expect(harness.context()['notice']).toBeNull();
    await harness.send({ type: 'remove.confirm' });
    await harness.done('removePicture', null);
    expect(harness.value()).toBe('loading');
    expect(harness.context()['pictureId']).toBeNull();
    expect(harness.context()['notice']).toStrictEqual({ kind: 'success', text: '图片已删除' });
  });
});
