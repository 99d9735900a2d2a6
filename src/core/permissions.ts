/**
 * What the signed-in user may do, on screen: the role authorisations (roleAuth: per app type and
 * item, each authId with its child auths), the management account's department scope
 * (manageAccountAuthInfo) and the contract add flags (getContractAddOperateAuth), loaded once per
 * session token right after login and asked with the same rules the server enforces
 * (domain/permissions.ts), so the client hides exactly what the server would refuse. The manager
 * flag holds every permission. Until they are loaded, nothing guarded shows.
 */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { resourceMachine } from '../../machines/resource.machine';
import { api, ok } from '../api/client';
import { readCredentials } from '../api/credentials';
import { inspect } from '../inspector/inspection-store';
import {
  canSeeDepartment,
  grantContents,
  grantCount,
  hasAuth,
  authRange,
  noPermissionMessage,
  type AuthSnapshot,
  type DeptScope,
} from '../../domain/permissions';

export { noPermissionMessage };

export type ContractAddFlags = {
  newAddBtn: boolean;
  saleContractNewAdd: boolean;
  rentContractNewAdd: boolean;
};

type Loaded = { auth: AuthSnapshot; scope: DeptScope; contractAdd: ContractAddFlags };

let cached: { token: string; loaded: Promise<Loaded> } | null = null;

async function loadAll(): Promise<Loaded> {
  const [auth, scope, contractAdd] = await Promise.all([
    ok(api.GET('/compare/roleAuth')),
    ok(api.GET('/base/manageAccountAuthInfo')),
    ok(api.GET('/base/getContractAddOperateAuth')),
  ]);
  return {
    auth: { isManager: auth.data?.isManager === 1, apps: auth.data?.apps ?? {} },
    scope: { allDepts: scope.data?.allDepts === 1, deptIds: scope.data?.deptIds ?? [] },
    contractAdd: {
      newAddBtn: contractAdd.data?.newAddBtn === 1,
      saleContractNewAdd: contractAdd.data?.saleContractNewAdd === 1,
      rentContractNewAdd: contractAdd.data?.rentContractNewAdd === 1,
    },
  };
}

/** The user's authorisations, read once per session token (a new login reads them again). */
function loadSnapshot(): Promise<Loaded> {
  const token = readCredentials()?.token ?? '';
  if (cached?.token !== token) {
    const loaded = loadAll();
    // A failed read is not kept: the next page asks again.
    loaded.catch(() => {
      if (cached?.loaded === loaded) cached = null;
    });
    cached = { token, loaded };
  }
  return cached.loaded;
}

/** Starts reading the user's authorisations (the main layout calls it right after login). */
export function preloadPermissions(): void {
  loadSnapshot().catch(() => {});
}

export type Permissions = {
  isLoaded: boolean;
  isManager: boolean;
  can: (appType: number, itemId: number, authId: number, childAuthId?: number) => boolean;
  /** The range held for an authId (1 本人, 2 本部门, 3 全公司, 4 指定部门), or null when not held. */
  rangeOf: (appType: number, itemId: number, authId: number) => number | null;
  /** What a held grant chose (e.g. the statuses a role may set), or null when not restricted. */
  contentsOf: (appType: number, itemId: number, authId: number) => string[] | null;
  /** A held counted grant's number (e.g. 限制维护人数量), or null when not limited. */
  countOf: (appType: number, itemId: number, authId: number) => number | null;
  /** Whether the management account's department scope covers the department. */
  canSeeDept: (deptId: number) => boolean;
  /** The management account's department scope (000 section 3 "Auth"), null until loaded. */
  deptScope: DeptScope | null;
  contractAdd: ContractAddFlags;
};

const noContractAdd: ContractAddFlags = {
  newAddBtn: false,
  saleContractNewAdd: false,
  rentContractNewAdd: false,
};

export function usePermissions(): Permissions {
  const [machine] = useState(() =>
    resourceMachine.provide({ actors: { load: fromPromise<unknown>(loadSnapshot) } }),
  );
  const [state] = useMachine(machine, { inspect });
  const loaded = state.context.data as Loaded | null;
  const auth = loaded?.auth ?? null;
  return {
    isLoaded: loaded !== null,
    isManager: auth?.isManager ?? false,
    can: (appType, itemId, authId, childAuthId) =>
      auth !== null && hasAuth(auth, appType, itemId, authId, childAuthId),
    rangeOf: (appType, itemId, authId) => (auth === null ? null : authRange(auth, appType, itemId, authId)),
    contentsOf: (appType, itemId, authId) =>
      auth === null ? null : grantContents(auth, appType, itemId, authId),
    countOf: (appType, itemId, authId) => (auth === null ? null : grantCount(auth, appType, itemId, authId)),
    canSeeDept: (deptId) =>
      loaded !== null && (loaded.auth.isManager || canSeeDepartment(loaded.scope, deptId)),
    deptScope:
      loaded === null ? null : loaded.auth.isManager ? { allDepts: true, deptIds: [] } : loaded.scope,
    contractAdd: loaded?.contractAdd ?? noContractAdd,
  };
}
