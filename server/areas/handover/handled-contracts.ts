/**
 * A leaver's contracts (办理离职, issue 41), one way for every kind: the contracts he handles (经办人)
 * go to the receiver in the resignation's transaction, each with a record naming both. Each contract
 * area says which table and columns hold its 经办人 and how it records the move (sign: the operation
 * log; ledger: the state history), so the org area never touches the contracts itself (STYLE 13).
 */
import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/db';
import type { Clock } from '../../clock';

export type ContractHandover = {
  companyId: number;
  from: { id: number; name: string };
  to: { id: number; name: string; deptId: number | null };
  operatorUserId: number;
};

export type MovedContract = { id: number; state: number };

/** What an area tells about its contracts: which it handles, what a move sets, how it is recorded. */
export type HandledContracts = {
  table: PgTable;
  id: PgColumn;
  state: PgColumn;
  /** The contracts of the company the user handles (经办人), deleted ones left out. */
  handledBy: (companyId: number, userId: number) => SQL | undefined;
  /** The columns a move sets: the 经办人 and his department (and an update time where kept). */
  moveTo: (to: ContractHandover['to'], now: Date) => Record<string, unknown>;
  record: (
    tx: Db,
    moved: MovedContract[],
    handover: ContractHandover,
    remark: string,
    now: Date,
  ) => Promise<void>;
};

export async function countHandledContracts(
  db: Db,
  spec: HandledContracts,
  companyId: number,
  userId: number,
): Promise<number> {
  const rows = await db.select({ id: spec.id }).from(spec.table).where(spec.handledBy(companyId, userId));
  return rows.length;
}

export async function handOverHandledContracts(
  tx: Db,
  clock: Clock,
  spec: HandledContracts,
  handover: ContractHandover,
): Promise<number> {
  const now = clock.now();
  const moved = (await tx
    .update(spec.table)
    .set(spec.moveTo(handover.to, now))
    .where(spec.handledBy(handover.companyId, handover.from.id))
    .returning({ id: spec.id, state: spec.state })) as MovedContract[];
  if (moved.length > 0)
    await spec.record(
      tx,
      moved,
      handover,
      `经办人 ${handover.from.name} 离职，合同交接给 ${handover.to.name}`,
      now,
    );
  return moved.length;
}
