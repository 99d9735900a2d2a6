/** The calls of 合同基础设置 (/views/system/setting/fp-contract-setting): read and save the settings whole. */
import { api, ok } from '../../api/client';
import type { components } from '../../../openapi/generated/api';

export type ContractSetting = components['schemas']['ContractSetting'];
export type ContractNumberRule = ContractSetting['saleNumberRule'];

export async function fetchContractSetting(): Promise<ContractSetting | null> {
  return (await ok(api.GET('/contract/v2/getContractSetting'))).data ?? null;
}

export async function saveContractSetting(setting: ContractSetting): Promise<ContractSetting | null> {
  await ok(api.POST('/contract/v2/contractSetting', { body: setting }));
  return fetchContractSetting();
}
