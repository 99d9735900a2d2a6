/**
 * What the signed-in user may do, on screen: the role authorisations (roleAuth) loaded once per
 * session token and asked with the same hasAuth the server enforces (domain/permissions.ts), so the
 * client hides exactly what the server would refuse. Until they are loaded, nothing guarded shows.
 */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { resourceMachine } from '../../machines/resource.machine';
import { api, ok } from '../api/client';
import { readCredentials } from '../api/credentials';
import { inspect } from '../inspector/inspection-store';
import { grantContents, hasAuth, type AuthSnapshot } from '../../domain/permissions';

let cached: { token: string; snapshot: Promise<AuthSnapshot> } | null = null;

/** The user's authorisations, read once per session token (a new login reads them again). */
function loadSnapshot(): Promise<AuthSnapshot> {
  const token = readCredentials()?.token ?? '';
  if (cached?.token !== token) {
    const snapshot = ok(api.GET('/compare/roleAuth')).then((result) => ({
      isManager: result.data?.isManager === 1,
      apps: result.data?.apps ?? {},
    }));
    // A failed read is not kept: the next page asks again.
    snapshot.catch(() => {
      if (cached?.snapshot === snapshot) cached = null;
    });
    cached = { token, snapshot };
  }
  return cached.snapshot;
}

export type Permissions = {
  isLoaded: boolean;
  can: (appType: number, itemId: number, authId: number, childAuthId?: number) => boolean;
  /** What a held grant chose (e.g. the statuses a role may set), or null when not restricted. */
  contentsOf: (appType: number, itemId: number, authId: number) => string[] | null;
};

export function usePermissions(): Permissions {
  const [machine] = useState(() =>
    resourceMachine.provide({ actors: { load: fromPromise<unknown>(loadSnapshot) } }),
  );
  const [state] = useMachine(machine, { inspect });
  const snapshot = state.context.data as AuthSnapshot | null;
  return {
    isLoaded: snapshot !== null,
    can: (appType, itemId, authId, childAuthId) =>
      snapshot !== null && hasAuth(snapshot, appType, itemId, authId, childAuthId),
    contentsOf: (appType, itemId, authId) =>
      snapshot === null ? null : grantContents(snapshot, appType, itemId, authId),
  };
}
