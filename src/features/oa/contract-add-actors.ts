/** The calls of the ledger's 新增: the regions to choose from and the contract recorded (contractSaleAdd / contractRentAdd). */
import { fromPromise } from 'xstate';
import { api, ok } from '../../api/client';
import type { ContractKind } from './oa-actors';
import {
  formFromListing,
  rentAddBody,
  saleAddBody,
  type LedgerAddForm,
  type Region,
} from './contract-add-body';

export const loadProvinces = fromPromise<unknown>(async (): Promise<Region[]> =>
  ((await ok(api.GET('/base/getProvince'))).data ?? []).map((p) => ({ id: p.provinceid, name: p.name })),
);

export async function fetchCities(provinceid: number): Promise<Region[]> {
  return ((await ok(api.GET('/base/getCity', { params: { query: { provinceid } } }))).data ?? []).map(
    (c) => ({
      id: c.cityid,
      name: c.name,
    }),
  );
}

export async function fetchDistricts(cityid: number): Promise<Region[]> {
  return ((await ok(api.GET('/base/getDistractList', { params: { query: { cityid } } }))).data ?? []).map(
    (d) => ({ id: d.distractId, name: d.distractName }),
  );
}

/** Records the contract; answers its id and number. */
export function addLedgerContract(kind: ContractKind) {
  return fromPromise<unknown, { value: unknown }>(async ({ input }) => {
    const form = input.value as LedgerAddForm;
    const result =
      kind === 'sale'
        ? await ok(api.POST('/contract/v2/contractSaleAdd', { body: saleAddBody(form) }))
        : await ok(api.POST('/contract/v2/contractRentAdd', { body: rentAddBody(form) }));
    if (!result.data) throw new Error('录入失败');
    return { contractId: result.data.contractId, contractNo: result.data.contractNo };
  });
}

/** The form prefilled from a listing the user sees (the same prefill as 发起签约 from a listing). */
export function loadListingForm(kind: ContractKind, houseId: number) {
  return fromPromise<unknown>(async (): Promise<LedgerAddForm> => {
    const query = { params: { query: { houseId } } };
    const result =
      kind === 'sale'
        ? await ok(api.GET('/sign/getContractSellData', query))
        : await ok(api.GET('/sign/getContractRentData', query));
    return formFromListing(kind, houseId, result.data ?? {});
  });
}

/** The number the company's rule (合同基础设置) gives a contract of this kind signed that day, if left empty. */
export async function fetchContractNoSuggestion(kind: ContractKind, signDate: string): Promise<string> {
  const query = { contractType: kind === 'sale' ? (1 as const) : (2 as const), signDate };
  return (await ok(api.GET('/contract/v2/contractNoSuggest', { params: { query } }))).data?.contractNo ?? '';
}
