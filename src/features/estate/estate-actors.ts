/**
 * The calls of the community archive (/views/estate/index) as actors: the list, one community with
 * the company's archive and pictures, saving and deleting the archive, adding and removing pictures,
 * and the filters' options (open cities, districts with their 片区).
 */
import { fromPromise } from 'xstate';
import { api, ApiCodeError, ok } from '../../api/client';
import type { components, paths } from '../../../openapi/generated/api';
import type {
  CommunityArchiveInput,
  CommunityPictureType,
  CommunityRecord,
} from '../../../machines/community-archive.machine';

type Schemas = components['schemas'];
export type CommunityListItem = Schemas['CommunityListItem'];
export type CommunityQuery = NonNullable<paths['/community/communityPosts']['get']['parameters']['query']>;
export type District = {
  distractId: number;
  distractName: string;
  regions: { regionId: number; regionName: string }[];
};
export type OpenCity = { cityid: number; name: string; isDefault: 0 | 1 };

/** 001 section 9: lists show 15 a page. */
export const communityPageSize = 15;

const notArchived = 404;

export async function fetchCommunities(
  query: CommunityQuery,
  page = 1,
  pageSize = communityPageSize,
): Promise<{ rows: CommunityListItem[]; total: number }> {
  const result = await ok(
    api.GET('/community/communityPosts', {
      params: { query: { ...query, pageindex: page, pagesize: pageSize } },
    }),
  );
  return { rows: result.data ?? [], total: result.total ?? 0 };
}

export async function fetchOpenCities(): Promise<OpenCity[]> {
  const result = await ok(api.GET('/org/v2/openCityList'));
  return (result.data ?? []).map((city) => ({
    cityid: city.cityid,
    name: city.name,
    isDefault: city.isDefault,
  }));
}

export async function fetchDistricts(cityid: number): Promise<District[]> {
  const result = await ok(api.GET('/base/getDistractList', { params: { query: { cityid, type: 2 } } }));
  return (result.data ?? []).map((d) => ({
    distractId: d.distractId,
    distractName: d.distractName,
    regions: d.regions ?? [],
  }));
}

export const loadCommunity = fromPromise<CommunityRecord, { communityId: number }>(async ({ input }) => {
  const query = { communityId: input.communityId };
  const [community, archive, pictures] = await Promise.all([
    ok(api.GET('/community/communityDetail', { params: { query } })),
    ok(api.GET('/community/companyCommunityDetail', { params: { query } })).catch((error: unknown) => {
      if (error instanceof ApiCodeError && error.code === notArchived) return null;
      throw error;
    }),
    ok(api.GET('/community/companyCommunityPictures', { params: { query } })),
  ]);
  if (!community.data) throw new Error('小区不存在');
  return { community: community.data, archive: archive?.data ?? null, pictures: pictures.data ?? [] };
});

export const saveArchive = fromPromise<unknown, { value: CommunityArchiveInput }>(async ({ input }) =>
  ok(api.POST('/community/companyCommunity', { body: input.value })),
);

export const deleteArchive = fromPromise<unknown, { communityId: number }>(async ({ input }) =>
  ok(api.POST('/community/companyCommunityDelete', { body: { communityId: input.communityId } })),
);

/** Pictures are uploaded one by one (/base/uploadPhoto), then registered with their category. */
export async function uploadPicture(file: File): Promise<string> {
  const form = new FormData();
  form.set('file', file);
  const uploaded = await ok(
    api.POST('/base/uploadPhoto', { body: { file: '' }, bodySerializer: () => form }),
  );
  if (!uploaded.data) throw new Error('图片上传失败');
  return uploaded.data.url;
}

export const addPictures = fromPromise<
  unknown,
  { communityId: number; pictureType: CommunityPictureType; urls: string[] }
>(async ({ input }) =>
  ok(
    api.POST('/community/companyCommunityPicturesAdd', {
      body: { communityId: input.communityId, type: input.pictureType, urls: input.urls },
    }),
  ),
);

export const removePicture = fromPromise<unknown, { communityId: number; pictureId: number }>(
  async ({ input }) =>
    ok(
      api.POST('/community/companyCommunityPicturesDel', {
        body: { communityId: input.communityId, pictureIds: [input.pictureId] },
      }),
    ),
);
