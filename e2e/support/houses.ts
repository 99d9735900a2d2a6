/**
 * Listings the browser paths start from, entered through the API as the given user: a private sale
 * listing in 天健世纪花园 (an archived community of company A) with a building and room number no
 * other run uses and a fresh owner phone, so the duplicate check never refuses it.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { freshPhone, post, type Credentials } from './api';
import { get } from './oa';

export type ListingFields = {
  ownerName: string;
  ownerPhone?: string;
  room?: number;
  hall?: number;
  bath?: number;
  area?: number;
  price?: number;
  unitNo?: string;
  pictures?: { type: number; url: string }[];
};

/** Adds the listing and answers its id. */
export async function addPrivateListing(
  request: APIRequestContext,
  as: Credentials,
  fields: ListingFields,
): Promise<number> {
  const communities = await get<{ communityId: number }[]>(
    request,
    '/community/communityPosts?key=天健世纪花园',
    as,
  );
  const added = await post<{ houseId: number }>(
    request,
    '/housing/v2/housingAdd',
    {
      type: 1,
      attribution: 2,
      communityId: communities.data[0]!.communityId,
      buildingNo: `${(Date.now() % 40) + 20}栋`,
      roomNo: String(Date.now() % 100000),
      room: 2,
      hall: 1,
      bath: 1,
      area: 88,
      price: 560,
      ownerPhone: freshPhone(),
      ...fields,
    },
    as,
  );
  expect(added.code, added.message).toBe(200);
  return added.data.houseId;
}
