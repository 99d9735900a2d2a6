/**
 * The signed-in user's authorisations for one company app (000 section 6: "auth for the current
 * company app is fetched by app type and item id"; POST /base/getAppUserOperateAuth), read where a
 * screen decides what to offer, e.g. 在线签约设置 needs 351. Asked with the same rule the server
 * enforces (domain/permissions.ts hasAuth); until the answer comes, nothing guarded is offered.
 */
import { api, ok } from '../api/client';
import { useResource } from '../ui/use-resource';
import { hasAuth, type AuthSnapshot } from '../../domain/permissions';
import type { operations } from '../../openapi/generated/api';

type AppType = operations['getAppUserOperateAuth']['requestBody']['content']['application/json']['appType'];

export type OperateAuth = {
  isLoaded: boolean;
  can: (authId: number, childAuthId?: number) => boolean;
};

/** The app's authorisations as a snapshot of that one app and item. */
export async function loadOperateAuth(appType: AppType, appItemId: number): Promise<AuthSnapshot> {
  const answer = await ok(api.POST('/base/getAppUserOperateAuth', { body: { appType, appItemId } }));
  return {
    isManager: answer.data?.isManager === 1,
    apps: { [String(appType)]: { [String(appItemId)]: answer.data?.auth ?? {} } },
  };
}

/** What the user may do in the app (type and item), read once when the screen opens. */
export function useOperateAuth(appType: AppType, appItemId: number): OperateAuth {
  const auth = useResource(() => loadOperateAuth(appType, appItemId)).data;
  return {
    isLoaded: auth !== null,
    can: (authId, childAuthId) => auth !== null && hasAuth(auth, appType, appItemId, authId, childAuthId),
  };
}
