/**
 * The one server-side permission check. It decides with hasAuth from domain/permissions.ts,
 * the same function the client uses to hide what the user may not do, so both always agree.
 */
import type { Db } from '../../db/db';
import { forbidden } from '../../contract/envelope';
import type { Session } from '../../contract/types';
import { hasAuth, noPermissionMessage, type AuthSnapshot } from '../../../domain/permissions';
import { loadAuthSnapshot } from './auth-snapshot';

/** Throws 403 您没有权限，请联系管理员设置相关权限 unless the user holds the permission; returns the snapshot for further checks. */
export async function requireAuth(
  db: Db,
  session: Session,
  appType: number,
  itemId: number,
  authId: number,
  childAuthId?: number,
): Promise<AuthSnapshot> {
  const snapshot = await loadAuthSnapshot(db, session);
  if (!hasAuth(snapshot, appType, itemId, authId, childAuthId)) throw forbidden(noPermissionMessage);
  return snapshot;
}

export function requireManager(session: Session): void {
  if (!session.isManager) throw forbidden(noPermissionMessage);
}
