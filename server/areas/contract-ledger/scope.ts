/**
 * Which ledger contracts a user sees (查看合同 5/0/501 with its range): 1 本人 (own contracts),
 * 2 本部门 (the user's department and below), 3 全公司, 4 指定部门 (the role's chosen departments
 * and below). Own contracts are always visible to a holder of 501.
 */
import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import type { Db } from '../../db/db';
import { roleAuths, users } from '../../db/schema';
import { ledgerContracts } from '../../db/schema-contract';
import type { Session } from '../../contract/types';
import { authRange } from '../../../domain/permissions';
import { requireAuth } from '../auth/require-auth';
import { loadHierarchy, subtreeIds } from '../org/department-scope';
import { ContractAuth } from '../../../domain/auth-ids';

export async function requireContractAuth(db: Db, session: Session, authId: number): Promise<void> {
  await requireAuth(db, session, ContractAuth.appType, ContractAuth.itemId, authId);
}

/** The condition that limits ledger_contracts to what the user may see (undefined: whole company). */
export async function visibleContracts(db: Db, session: Session): Promise<SQL | undefined> {
  const snapshot = await requireAuth(db, session, 5, 0, ContractAuth.view);
  const range = authRange(snapshot, 5, 0, ContractAuth.view);
  const own = eq(ledgerContracts.userId, session.userId);
  if (range === 3) return undefined;
  if (range === 1 || range === null) return own;
  let roots: number[] = [];
  if (range === 2) {
    const [user] = await db.select({ deptId: users.deptId }).from(users).where(eq(users.id, session.userId));
    roots = user?.deptId ? [user.deptId] : [];
  } else if (session.roleId !== null) {
    const [grant] = await db
      .select({ selectDepartment: roleAuths.selectDepartment })
      .from(roleAuths)
      .where(
        and(
          inCompany(roleAuths, session.companyId),
          eq(roleAuths.roleId, session.roleId),
          eq(roleAuths.appType, 5),
          eq(roleAuths.itemId, 0),
          eq(roleAuths.authId, ContractAuth.view),
        ),
      );
    roots = grant?.selectDepartment ?? [];
  }
  const deptIds = [...subtreeIds(await loadHierarchy(db, session.companyId), roots)];
  return deptIds.length > 0 ? or(own, inArray(ledgerContracts.deptId, deptIds)) : own;
}
