/**
 * The store manager (built-in role 店长) of a department, for rules that hand a listing or a customer
 * over to the store (维护人规则, the customers' out-to-public outType 2); null when the store has none.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { inCompany } from '../../db/company-scope';
import { roles, users } from '../../db/schema';

export async function storeManagerOf(db: Db, companyId: number, deptId: number | null) {
  if (deptId === null) return null;
  const [manager] = await db
    .select({ id: users.id, name: users.name, deptId: users.deptId })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        inCompany(users, companyId),
        eq(users.deptId, deptId),
        eq(users.status, 1),
        eq(roles.builtinKey, 'store_manager'),
      ),
    )
    .limit(1);
  return manager ?? null;
}
