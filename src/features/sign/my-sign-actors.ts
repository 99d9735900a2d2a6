/**
 * The calls of 我的签约 (the personal page): the contracts the user handles, whatever the role's
 * 353 range (myPageSignPosts), and one of them in full (myPageSignDetailV3). Its follow-ups go
 * through the follow-up panel with source "mine".
 */
import { fromPromise } from 'xstate';
import { api, ok } from '../../api/client';
import type { paths } from '../../../openapi/generated/api';
import type { SignDetail, SignListItem } from './sign-actors';

export type MySignQuery = NonNullable<paths['/sign/myPageSignPosts']['get']['parameters']['query']>;
/** The personal list's query without its page. */
export type MySignFilter = Omit<MySignQuery, 'pageindex' | 'pagesize'>;

/** One page of 我的签约 (the list-page kit's loader). */
export async function fetchMySignList(
  query: MySignFilter,
  pageindex: number,
  pagesize: number,
): Promise<{ rows: SignListItem[]; total: number }> {
  const result = await ok(
    api.GET('/sign/myPageSignPosts', { params: { query: { ...query, pageindex, pagesize } } }),
  );
  return { rows: result.data ?? [], total: result.total ?? 0 };
}

export function loadMySignDetail(contractId: number) {
  return fromPromise<unknown>(async (): Promise<SignDetail> => {
    const result = await ok(api.GET('/sign/myPageSignDetailV3', { params: { query: { contractId } } }));
    if (!result.data) throw new Error('签约合同不存在或已被删除');
    return result.data;
  });
}
