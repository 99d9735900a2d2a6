import { fromPromise } from 'xstate';
import { api, ok } from '../../api/client';

export const loadOutbox = fromPromise<unknown>(
  async () => (await ok(api.GET('/sandbox/smsOutbox'))).data ?? [],
);
