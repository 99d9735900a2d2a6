/**
 * One community in the archive (小区档案, 001 section 7 "Communities"): the platform's description and,
 * when the company has archived it, the company's archive over it — buildings, property phone,
 * remark, pictures. Creating or editing the archive (companyCommunity), deleting it after the
 * confirmation 您确认删除该项信息吗？ (companyCommunityDelete; refused while the company has listings
 * there, the server says why), adding pictures uploaded first (companyCommunityPicturesAdd) and
 * removing one after 是否确定删除该图片？ (companyCommunityPicturesDel). Every change reloads the record.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { components } from '../openapi/generated/api';

type Schemas = components['schemas'];
export type CommunityDetail = Schemas['CommunityDetail'];
export type CommunityArchive = Schemas['CompanyCommunityDetail'];
export type CommunityPicture = Schemas['CompanyCommunityPicture'];
export type CommunityArchiveInput = Schemas['CompanyCommunityInput'];
export type CommunityPictureType = Schemas['CommunityPictureType'];

export type CommunityRecord = {
  community: CommunityDetail;
  archive: CommunityArchive | null;
  pictures: CommunityPicture[];
};

export const communityArchiveMessages = {
  deleteConfirm: '您确认删除该项信息吗？',
  pictureDeleteConfirm: '是否确定删除该图片？',
  saved: '小区档案已保存',
  deleted: '小区档案已删除',
  picturesAdded: '图片已添加',
  pictureDeleted: '图片已删除',
} as const;

export type CommunityArchiveEvent =
  | { type: 'archive.edit' }
  | { type: 'edit.cancel' }
  | { type: 'edit.save'; value: CommunityArchiveInput }
  | { type: 'archive.delete' }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: 'pictures.add'; pictureType: CommunityPictureType; urls: string[] }
  | { type: 'picture.remove'; pictureId: number }
  | { type: 'remove.confirm' }
  | { type: 'remove.cancel' }
  | { type: 'retry' };

export type CommunityArchiveContext = {
  communityId: number;
  record: CommunityRecord | null;
  pictureId: number | null;
  notice: { kind: 'error' | 'success'; text: string } | null;
  error: string | null;
};

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export const communityArchiveMachine = setup({
  types: {
    context: {} as CommunityArchiveContext,
    events: {} as CommunityArchiveEvent,
    input: {} as { communityId: number } | undefined,
  },
  actors: {
    loadCommunity: fromPromise<CommunityRecord, { communityId: number }>(async () => {
      throw new Error('loadCommunity is provided by the app');
    }),
    saveArchive: fromPromise<unknown, { value: CommunityArchiveInput }>(async () => {
      throw new Error('saveArchive is provided by the app');
    }),
    deleteArchive: fromPromise<unknown, { communityId: number }>(async () => {
      throw new Error('deleteArchive is provided by the app');
    }),
    addPictures: fromPromise<
      unknown,
      { communityId: number; pictureType: CommunityPictureType; urls: string[] }
    >(async () => {
      throw new Error('addPictures is provided by the app');
    }),
    removePicture: fromPromise<unknown, { communityId: number; pictureId: number }>(async () => {
      throw new Error('removePicture is provided by the app');
    }),
  },
  actions: {
    showError: assign({
      notice: ({ event }) => ({
        kind: 'error' as const,
        text: errorText((event as unknown as { error: unknown }).error),
      }),
    }),
    showSuccess: assign({
      notice: (_, params: { text: string }) => ({ kind: 'success' as const, text: params.text }),
    }),
    forgetPicture: assign({ pictureId: null }),
  },
  guards: {
    isArchived: ({ event }) => (event as unknown as { output: CommunityRecord }).output.archive !== null,
    hasArchive: ({ context }) => context.record?.archive != null,
    hasUrls: ({ event }) => event.type === 'pictures.add' && event.urls.length > 0,
  },
}).createMachine({
  id: 'communityArchive',
  context: ({ input }) => ({
    communityId: input?.communityId ?? 0,
    record: null,
    pictureId: null,
    notice: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadCommunity',
        src: 'loadCommunity',
        input: ({ context }) => ({ communityId: context.communityId }),
        onDone: [
          {
            guard: 'isArchived',
            target: 'archived',
            actions: assign({ record: ({ event }) => event.output, error: null }),
          },
          { target: 'notArchived', actions: assign({ record: ({ event }) => event.output, error: null }) },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    failed: { on: { retry: 'loading' } },
    notArchived: {
      on: { 'archive.edit': { target: 'editing', actions: assign({ notice: null }) } },
    },
    archived: {
      on: {
        'archive.edit': { target: 'editing', actions: assign({ notice: null }) },
        'archive.delete': { target: 'confirmingDelete', actions: assign({ notice: null }) },
        'pictures.add': { guard: 'hasUrls', target: 'addingPictures', actions: assign({ notice: null }) },
        'picture.remove': {
          target: 'confirmingPictureRemoval',
          actions: assign({ pictureId: ({ event }) => event.pictureId, notice: null }),
        },
      },
    },
    editing: {
      on: {
        'edit.cancel': [{ guard: 'hasArchive', target: 'archived' }, { target: 'notArchived' }],
        'edit.save': 'saving',
      },
    },
    saving: {
      invoke: {
        id: 'saveArchive',
        src: 'saveArchive',
        input: ({ event }) => ({
          value: (event as Extract<CommunityArchiveEvent, { type: 'edit.save' }>).value,
        }),
        onDone: {
          target: 'loading',
          actions: { type: 'showSuccess', params: { text: communityArchiveMessages.saved } },
        },
        onError: { target: 'editing', actions: 'showError' },
      },
    },
    confirmingDelete: {
      on: { 'delete.confirm': 'deleting', 'delete.cancel': 'archived' },
    },
    deleting: {
      invoke: {
        id: 'deleteArchive',
        src: 'deleteArchive',
        input: ({ context }) => ({ communityId: context.communityId }),
        onDone: {
          target: 'loading',
          actions: { type: 'showSuccess', params: { text: communityArchiveMessages.deleted } },
        },
        onError: { target: 'archived', actions: 'showError' },
      },
    },
    addingPictures: {
      invoke: {
        id: 'addPictures',
        src: 'addPictures',
        input: ({ context, event }) => {
          const add = event as Extract<CommunityArchiveEvent, { type: 'pictures.add' }>;
          return { communityId: context.communityId, pictureType: add.pictureType, urls: add.urls };
        },
        onDone: {
          target: 'loading',
          actions: { type: 'showSuccess', params: { text: communityArchiveMessages.picturesAdded } },
        },
        onError: { target: 'archived', actions: 'showError' },
      },
    },
    confirmingPictureRemoval: {
      on: {
        'remove.confirm': 'removingPicture',
        'remove.cancel': { target: 'archived', actions: 'forgetPicture' },
      },
    },
    removingPicture: {
      invoke: {
        id: 'removePicture',
        src: 'removePicture',
        input: ({ context }) => ({ communityId: context.communityId, pictureId: context.pictureId ?? 0 }),
        onDone: {
          target: 'loading',
          actions: [
            'forgetPicture',
            { type: 'showSuccess', params: { text: communityArchiveMessages.pictureDeleted } },
          ],
        },
        onError: { target: 'archived', actions: ['forgetPicture', 'showError'] },
      },
    },
  },
});
