/**
 * Who may do what with sign contracts (app 6): 351 签约设置, 352 发起签约 (submit, edit, start,
 * terminate, complete), 353 查看签约 with its range (1 本人, 2 本部门, 3 全公司, 4 指定部门),
 * 354 作废与撤销作废 and 355 删除 (children of 353), 356 模板管理. A contract outside the user's
 * view range answers 404, as if it did not exist.
 */
import { and, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import type { Db } from '../../db/db';
import { roleAuths } from '../../db/schema';
import { signContracts } from '../../db/schema-sign';
import { notFound } from '../../contract/envelope';
import type { Session } from '../../contract/types';
import { authRange, hasAuth, type AuthSnapshot } from '../../../domain/permissions';
import { loadAuthSnapshot } from '../auth/auth-snapshot';
import { requireAuth } from '../auth/require-auth';
import { loadHierarchy, subtreeIds } from '../org/department-scope';
import { SignAuth } from '../../../domain/auth-ids';

export const signApp = { appType: 6, itemId: 0 } as const;

export async function requireSignAuth(
  db: Db,
  session: Session,
  authId: number,
  childAuthId?: number,
): Promise<AuthSnapshot> {
  return requireAuth(db, session, signApp.appType, signApp.itemId, authId, childAuthId);
}

export function holds(snapshot: AuthSnapshot, authId: number, childAuthId?: number): boolean {
  return hasAuth(snapshot, signApp.appType, signApp.itemId, authId, childAuthId);
}

/** The SQL condition limiting contracts to the user's 353 range (null: the user sees none). */
export async function viewScope(db: Db, session: Session, snapshot?: AuthSnapshot): Promise<SQL> {
  const auth = snapshot ?? (await loadAuthSnapshot(db, session));
  const range = authRange(auth, signApp.appType, signApp.itemId, SignAuth.view);
  const own = eq(signContracts.creatorUserId, session.userId);
  if (range === null) return own;
  if (range === 3) return inCompany(signContracts, session.companyId);
  if (range === 1) return own;
  let roots: number[] = session.deptId !== null ? [session.deptId] : [];
  if (range === 4 && session.roleId !== null) {
    const [grant] = await db
      .select({ depts: roleAuths.selectDepartment })
      .from(roleAuths)
      .where(
        and(
          eq(roleAuths.roleId, session.roleId),
          eq(roleAuths.appType, signApp.appType),
          eq(roleAuths.itemId, signApp.itemId),
          eq(roleAuths.authId, SignAuth.view),
        ),
      );
    roots = grant?.depts ?? [];
  }
  const depts = [...subtreeIds(await loadHierarchy(db, session.companyId), roots)];
  return depts.length ? (or(own, inArray(signContracts.deptId, depts)) as SQL) : own;
}

export type ContractRow = typeof signContracts.$inferSelect;

/** The contract if it is the company's, not deleted and in the user's view range; else 404. */
export async function findVisibleContract(
  db: Db,
  session: Session,
  contractId: number,
  snapshot?: AuthSnapshot,
): Promise<ContractRow> {
  const [row] = await db
    .select()
    .from(signContracts)
    .where(
      and(
        eq(signContracts.id, contractId),
        inCompany(signContracts, session.companyId),
        isNull(signContracts.deletedAt),
        await viewScope(db, session, snapshot),
      ),
    );
  if (!row) throw notFound('签约合同不存在或已被删除');
  return row;
}
