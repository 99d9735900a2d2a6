/**
 * The version check's call (000 section 7) for the shell and the profile page: this client's
 * version, name, code and platform; code 100 with data means an update exists.
 */
import { fromPromise } from 'xstate';
import { api, apiMessages } from '../api/client';
import { appConfig } from '../../domain/app-config';
import type { AvailableUpdate } from '../../machines/version-check.machine';

export const checkVersion = fromPromise<AvailableUpdate | null>(async () => {
  const { data } = await api.POST('/apicom/AppVersions/getMyVersion', {
    body: {
      version: appConfig.version,
      name: appConfig.name,
      versionCode: appConfig.versionCode,
      platform: appConfig.platform,
    },
  });
  if (!data) throw new Error(apiMessages.requestFailed);
  if (data.code === 100 && data.data) {
    return {
      version: data.data.version,
      versionCode: data.data.versionCode,
      description: data.data.content,
      downloadUrl: data.data.downloadUrl,
      isForced: data.data.forceUpdate === 1,
    };
  }
  if (data.code !== 200) throw new Error(data.message);
  return null;
});

const dismissedKey = 'lastVersion';

/** The optional update the user already dismissed (the seed keeps the last version in the browser). */
export function wasDismissed(update: AvailableUpdate): boolean {
  return localStorage.getItem(dismissedKey) === String(update.versionCode);
}

export function rememberDismissed(update: AvailableUpdate): void {
  localStorage.setItem(dismissedKey, String(update.versionCode));
}
