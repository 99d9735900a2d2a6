/** The community archive machine's model: payload samples for its events (vitest, Playwright and coverage). */
import {
  communityArchiveMachine,
  type CommunityArchiveContext,
  type CommunityRecord,
} from '../../machines/community-archive.machine';
import type { ModelSpec } from '../support/machine-model';

const community: CommunityRecord['community'] = {
  communityId: 7,
  communityName: '天健世纪花园',
  cityId: 4403,
  cityName: '深圳市',
};

export function communityRecord(archived: boolean): CommunityRecord {
  return {
    community,
    archive: archived
      ? {
          archiveId: 1,
          community,
          buildings: [
            { buildingNo: '1栋', unitCount: 2, floorCount: 32, householdsPerFloor: 4, elevator: 1 },
          ],
          pictureCount: 0,
          houseCount: { communityId: 7, sellCount: 0, rentCount: 0, dealCount: 0, totalCount: 0 },
        }
      : null,
    pictures: [],
  };
}

export const communityArchiveModel: ModelSpec = {
  machine: communityArchiveMachine,
  serializeContext: (context) => {
    const c = context as CommunityArchiveContext;
    return [c.record?.archive ? 1 : 0, c.notice?.kind ?? null];
  },
  browserSerializeContext: (context) => ((context as CommunityArchiveContext).record?.archive ? 1 : 0),
  events: {
    'xstate.done.actor.loadCommunity': [
      { type: 'xstate.done.actor.loadCommunity', output: communityRecord(false) },
      { type: 'xstate.done.actor.loadCommunity', output: communityRecord(true) },
    ],
    'xstate.error.actor.loadCommunity': [
      { type: 'xstate.error.actor.loadCommunity', error: new Error('小区不存在') },
    ],
    'edit.save': [{ type: 'edit.save', value: { communityId: 7, propertyPhone: '0755-83456789' } }],
    'xstate.done.actor.saveArchive': [{ type: 'xstate.done.actor.saveArchive', output: { archiveId: 1 } }],
    'xstate.error.actor.saveArchive': [
      { type: 'xstate.error.actor.saveArchive', error: new Error('楼栋号 3栋 重复') },
    ],
    'xstate.done.actor.deleteArchive': [{ type: 'xstate.done.actor.deleteArchive', output: null }],
    'xstate.error.actor.deleteArchive': [
      {
        type: 'xstate.error.actor.deleteArchive',
        error: new Error('该小区还有 2 套房源，请先处理房源后再删除小区档案'),
      },
    ],
    'pictures.add': [
      { type: 'pictures.add', pictureType: 1, urls: ['/files/a.png'] },
      { type: 'pictures.add', pictureType: 1, urls: [] },
    ],
    'xstate.done.actor.addPictures': [{ type: 'xstate.done.actor.addPictures', output: [] }],
    'xstate.error.actor.addPictures': [
      {
        type: 'xstate.error.actor.addPictures',
        error: new Error('图片地址（urls）第 1 张不是已上传的图片，请重新上传'),
      },
    ],
    'picture.remove': [{ type: 'picture.remove', pictureId: 3 }],
    'xstate.done.actor.removePicture': [{ type: 'xstate.done.actor.removePicture', output: null }],
    'xstate.error.actor.removePicture': [
      { type: 'xstate.error.actor.removePicture', error: new Error('图片不存在或不属于该小区档案') },
    ],
  },
};
