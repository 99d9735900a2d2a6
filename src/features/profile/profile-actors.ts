/** The calls of the profile page, as actors for its machines. */
import { fromPromise } from 'xstate';
import { api, ok } from '../../api/client';
import { appConfig } from '../../../domain/app-config';
import type { AvailableUpdate } from '../../../machines/version-check.machine';

export const checkVersion = fromPromise<AvailableUpdate | null>(async () => {
  const { data } = await api.POST('/apicom/AppVersions/getMyVersion', {
    body: {
      version: appConfig.version,
      name: appConfig.name,
      versionCode: appConfig.versionCode,
      platform: appConfig.platform,
    },
  });
  if (!data) throw new Error('请求失败');
  // Code 100 with data means an update exists (000 section 7); anything else: up to date.
  if (data.code === 100 && data.data) {
    return { version: data.data.version, versionCode: data.data.versionCode, description: data.data.content };
  }
  if (data.code !== 200) throw new Error(data.message);
  return null;
});

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
