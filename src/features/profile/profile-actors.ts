/** The calls of the profile page, as actors for its machines. */
import { fromPromise } from 'xstate';
import { api, ok } from '../../api/client';

export const loadUpgradeState = fromPromise<unknown>(async () => {
  const result = await ok(api.GET('/fpk/app/upgrade', { params: { query: { app: 999 } } }));
  return result.data?.upgradeState ?? 0;
});

export const saveUpgradeState = fromPromise<unknown, { value: unknown }>(async ({ input }) => {
  const upgradeState = input.value === 1 ? 1 : 0;
  await ok(api.GET('/fpk/app/setUpgrade', { params: { query: { upgradeState, app: 999 } } }));
  return upgradeState;
});

export const loadHelp = fromPromise<unknown>(async () => {
  const result = await ok(api.GET('/apicom/pages/getContent', { params: { query: { cate_alias: 'help' } } }));
  return result.data ?? null;
});
