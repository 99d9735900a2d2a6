/** The broker-binding calls (brokerBindingList, brokerBind, brokerUnbind) the settings pages use. */
import type { components } from '../../../openapi/generated/api';
import { api, ok } from '../../api/client';

export type BindingChannel = components['schemas']['BindingChannel'];
export type BrokerBinding = components['schemas']['BrokerBinding'];
export type BrokerBindRequest = components['schemas']['BrokerBindRequest'];

export async function loadBrokerBindings(channel: BindingChannel): Promise<BrokerBinding[]> {
  const answer = await ok(api.GET('/push/brokerBindingList', { params: { query: { channel } } }));
  return answer.data ?? [];
}

export async function bindBroker(body: BrokerBindRequest): Promise<void> {
  await ok(api.POST('/push/brokerBind', { body }));
}

export async function unbindBroker(channel: BindingChannel): Promise<void> {
  await ok(api.POST('/push/brokerUnbind', { body: { channel } }));
}
