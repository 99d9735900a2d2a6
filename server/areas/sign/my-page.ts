/**
 * 我的签约 (the personal page): the contracts the user created, whatever the role's 353 range,
 * with the same list items and detail as the sign list. Another user's contract answers 404.
 */
import { and, count, desc, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import { pageTotal, totalColumn } from '../../db/paging';
import type { Db } from '../../db/db';
import { departments, users } from '../../db/schema';
import { signContracts } from '../../db/schema-sign';
import { notFound } from '../../contract/envelope';
import type { QueryOf, Session } from '../../contract/types';
import type { ContractRow } from './access';
import { listColumns, listItem, signatoryCountColumns } from './contract-list';

function mine(session: Session): SQL {
  return and(
    inCompany(signContracts, session.companyId),
    eq(signContracts.creatorUserId, session.userId),
    isNull(signContracts.deletedAt),
  ) as SQL;
}

export async function findOwnContract(db: Db, session: Session, contractId: number): Promise<ContractRow> {
  const [row] = await db
    .select()
    .from(signContracts)
    .where(and(mine(session), eq(signContracts.id, contractId)));
  if (!row) throw notFound('签约合同不存在或已被删除');
  return row;
}

export async function listOwnContracts(db: Db, session: Session, query: QueryOf<'myPageSignPosts'>) {
  const conditions: SQL[] = [mine(session)];
  const key = query.key?.trim();
  if (key) {
    const like = `%${key.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(signContracts.searchText, like), ilike(signContracts.contractNo, like)) as SQL);
  }
  if (query.state !== undefined && query.state !== 0) conditions.push(eq(signContracts.state, query.state));
  const where = and(...conditions);
  const size = query.pagesize ?? 15;
  const index = query.pageindex ?? 1;
  const rows = await db
    .select({
      contract: listColumns,
      creatorName: users.name,
      deptName: departments.name,
      ...signatoryCountColumns,
      total: totalColumn(signContracts, where),
    })
    .from(signContracts)
    .innerJoin(users, eq(users.id, signContracts.creatorUserId))
    .leftJoin(departments, eq(departments.id, signContracts.deptId))
    .where(where)
    .orderBy(desc(signContracts.updatedAt), desc(signContracts.id))
    .limit(size)
    .offset((index - 1) * size);
  const total = await pageTotal(rows, index, async () => {
    const [counted] = await db.select({ n: count() }).from(signContracts).where(where);
    return counted?.n ?? 0;
  });
  return {
    data: rows.map((row) => ({
      ...listItem(row.contract, { name: row.creatorName, deptName: row.deptName }),
      signedCount: row.signedCount,
      signerCount: row.signerCount,
    })),
    total,
  };
}
