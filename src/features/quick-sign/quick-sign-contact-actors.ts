/**
 * The calls behind 常用联系人 of quick signing: the people and companies this user added before
 * (fileSignPersonalActorContactsList / fileSignCropActorContactsList, most recently used first, 15 a
 * page), the record's parties as the server holds them now (fileSignActorList, so a contact already
 * in the record is marked), and one personal party in full for editing (fileSignGetPersonalActor:
 * the ID number unmasked).
 */
import { api, ok } from '../../api/client';
import type { components } from '../../../openapi/generated/api';
import type { QuickActor } from '../../../machines/quick-file-sign-context';

type Schemas = components['schemas'];
export type PersonalContact = Schemas['FileSignPersonalContact'];
export type CompanyContact = Schemas['FileSignCropContact'];
export type PersonalActorDetail = Schemas['FileSignPersonalActorDetail'];
export type ContactQuery = { key?: string };

export const contactPageSize = 15;

export async function fetchPersonalContacts(query: ContactQuery, pageindex: number, pagesize: number) {
  const result = await ok(
    api.GET('/fileSign/fileSignPersonalActorContactsList', {
      params: { query: { ...query, pageindex, pagesize } },
    }),
  );
  return { rows: result.data ?? [], total: result.total ?? 0 };
}

export async function fetchCompanyContacts(query: ContactQuery, pageindex: number, pagesize: number) {
  const result = await ok(
    api.GET('/fileSign/fileSignCropActorContactsList', {
      params: { query: { ...query, pageindex, pagesize } },
    }),
  );
  return { rows: result.data ?? [], total: result.total ?? 0 };
}

export async function fetchRecordActors(contractsysId: string): Promise<QuickActor[]> {
  return (
    (await ok(api.GET('/fileSign/fileSignActorList', { params: { query: { contractsysId } } }))).data ?? []
  );
}

export async function fetchPersonalActor(
  contractsysId: string,
  actorId: number,
): Promise<PersonalActorDetail> {
  const result = await ok(
    api.POST('/fileSign/fileSignGetPersonalActor', { body: { contractsysId, actorId } }),
  );
  if (!result.data) throw new Error('读取签署方失败');
  return result.data;
}
