/**
 * The calls of 云采集 (/views/estate/collect). The collect host is called without the token and
 * sessionid headers (the contract's security: []); the main host first issues a collect ticket for
 * the session, which every collect call carries with the company and the user it names.
 */
import { fromPromise } from 'xstate';
import { api, ok } from '../../api/client';
import type { components, paths } from '../../../openapi/generated/api';
import type { CollectSaveResult } from '../../../machines/collect-save.machine';

type Schemas = components['schemas'];
export type CollectSetting = Schemas['CollectSetting'];
export type CollectedListing = Schemas['CollectListItem'];
export type CollectTicket = Schemas['CollectTicket'];
type PageQuery = NonNullable<paths['/gather/page']['get']['parameters']['query']>;
export type CollectQuery = Omit<PageQuery, 'companyId' | 'ticket' | 'pageindex' | 'pagesize'>;
export type CollectAccess = { ticket: CollectTicket; setting: CollectSetting };

/** 001 section 9: lists show 15 a page. */
export const collectPageSize = 15;

export async function loadCollectAccess(): Promise<CollectAccess> {
  const ticket = (await ok(api.GET('/community/collectTicket'))).data;
  if (!ticket) throw new Error('云采集暂不可用，请稍后重试');
  const setting = (
    await ok(
      api.GET('/info/findSetting', {
        params: { query: { companyId: ticket.companyId, ticket: ticket.ticket } },
      }),
    )
  ).data;
  if (!setting) throw new Error('云采集暂不可用，请稍后重试');
  return { ticket, setting };
}

export async function fetchCollected(
  ticket: CollectTicket,
  query: CollectQuery,
  page: number,
  pageSize: number,
): Promise<{ rows: CollectedListing[]; total: number }> {
  const result = await ok(
    api.GET('/gather/page', {
      params: {
        query: {
          ...query,
          companyId: ticket.companyId,
          ticket: ticket.ticket,
          pageindex: page,
          pagesize: pageSize,
        },
      },
    }),
  );
  return { rows: result.data ?? [], total: result.total ?? 0 };
}

export function saveGatheredFor(ticket: CollectTicket) {
  return fromPromise<CollectSaveResult, { gatherId: number }>(async ({ input }) => {
    const result = await ok(
      api.GET('/gather/save', {
        params: {
          query: {
            gatherId: input.gatherId,
            companyId: ticket.companyId,
            userId: ticket.userId,
            ticket: ticket.ticket,
          },
        },
      }),
    );
    if (!result.data) throw new Error('转入失败，请重试');
    return result.data;
  });
}

export async function fetchCityDistricts(cityid: number): Promise<{ value: number; label: string }[]> {
  const result = await ok(api.GET('/base/getDistractList', { params: { query: { cityid, type: 1 } } }));
  return (result.data ?? []).map((d) => ({ value: d.distractId, label: d.distractName }));
}
