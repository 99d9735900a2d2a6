/**
 * The permission rules of 000 section 6, used by the views (to hide) and by the server (to refuse):
 * a manager has every permission; anyone else needs the authId under the app type and item, and,
 * when a child auth is asked for, that child in the entry's child_auth list. The department scope
 * of a management account limits which departments it sees.
 */
export type AuthEntry = {
  authId: number;
  name: string;
  range?: number | null;
  /** What the grant chose (e.g. listing statuses); absent or empty: not restricted. */
  contents?: string[];
  /** A counted grant's number (e.g. 限制维护人数量); absent or null: unlimited. */
  count?: number | null;
  child_auth: number[];
};

/** authId (as a string key) -> entry */
export type AuthMap = Record<string, AuthEntry>;

/** What a user holds: app type -> item id -> AuthMap (keys are decimal strings, as on the wire). */
export type AuthSnapshot = {
  isManager: boolean;
  apps: Record<string, Record<string, AuthMap>>;
};

export type DeptScope = { allDepts: boolean; deptIds: number[] };

export const noPermissionMessage = '您没有权限，请联系管理员设置相关权限';

export function hasAuth(
  snapshot: AuthSnapshot,
  appType: number,
  itemId: number,
  authId: number,
  childAuthId?: number,
): boolean {
  if (snapshot.isManager) return true;
  const entry = snapshot.apps[String(appType)]?.[String(itemId)]?.[String(authId)];
  if (!entry) return false;
  return childAuthId === undefined || entry.child_auth.includes(childAuthId);
}

/** The range (1 本人, 2 本部门, 3 全公司, 4 指定部门) a user holds for an authId; managers: whole company. */
export function authRange(
  snapshot: AuthSnapshot,
  appType: number,
  itemId: number,
  authId: number,
): number | null {
  if (snapshot.isManager) return 3;
  const entry = snapshot.apps[String(appType)]?.[String(itemId)]?.[String(authId)];
  return entry ? (entry.range ?? 3) : null;
}

export function canSeeDepartment(scope: DeptScope, deptId: number): boolean {
  return scope.allDepts || scope.deptIds.includes(deptId);
}

/** Builds the snapshot from granted catalogue rows; children of an entry are the granted authIds whose parent it is. */
export function buildAuthSnapshot(
  isManager: boolean,
  grants: {
    appType: number;
    itemId: number;
    authId: number;
    parentAuthId: number | null;
    name: string;
    range: number | null;
    contents?: unknown;
    count?: number | null;
  }[],
): AuthSnapshot {
  const apps: AuthSnapshot['apps'] = {};
  for (const grant of grants) {
    const items = (apps[String(grant.appType)] ??= {});
    const map = (items[String(grant.itemId)] ??= {});
    map[String(grant.authId)] = {
      authId: grant.authId,
      name: grant.name,
      range: grant.range,
      ...(Array.isArray(grant.contents) && grant.contents.length > 0
        ? { contents: (grant.contents as unknown[]).map(String) }
        : {}),
      ...(typeof grant.count === 'number' ? { count: grant.count } : {}),
      child_auth: [],
    };
  }
  for (const grant of grants) {
    if (grant.parentAuthId === null) continue;
    const parent = apps[String(grant.appType)]?.[String(grant.itemId)]?.[String(grant.parentAuthId)];
    parent?.child_auth.push(grant.authId);
  }
  return { isManager, apps };
}

/** The contents a held grant chose (e.g. statuses), or null when the user is not restricted by it. */
export function grantContents(
  snapshot: AuthSnapshot,
  appType: number,
  itemId: number,
  authId: number,
): string[] | null {
  if (snapshot.isManager) return null;
  const contents = snapshot.apps[String(appType)]?.[String(itemId)]?.[String(authId)]?.contents;
  return contents && contents.length > 0 ? contents : null;
}

/** A held counted grant's number, or null when the user is not limited by it (managers never are). */
export function grantCount(
  snapshot: AuthSnapshot,
  appType: number,
  itemId: number,
  authId: number,
): number | null {
  if (snapshot.isManager) return null;
  return snapshot.apps[String(appType)]?.[String(itemId)]?.[String(authId)]?.count ?? null;
}
