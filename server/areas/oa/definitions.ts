/**
 * Approval definitions (审批设置): per company at most one per approval item, in a group, with its
 * ordered approver steps and copy recipients and an enable switch (1/0). Reading and changing them
 * needs 审批设置 (88/0/8803). Changing one never touches approvals already started.
 */
import { and, asc, eq } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import type { Db } from '../../db/db';
import { oaApprovals, oaGroups, type OaApproverConfig } from '../../db/schema-oa';
import { businessError, notFound } from '../../contract/envelope';
import type { BodyOf, Session } from '../../contract/types';
import { formatDateTime } from '../../format';
import { findGroup, requireOaSettings } from './groups';
import { findOaItem, oaAppNames, oaItemCatalogue, oaItemName, type OaAppType } from './items';
import { checkApprovers, describeApprovers, describeCopies } from './people';

const approvalMissing = '审批设置不存在或已被删除';

type DefinitionRow = typeof oaApprovals.$inferSelect;

export function listOaApps() {
  return ([5, 6] as const).map((appType) => ({
    appType,
    name: oaAppNames[appType],
    itemCount: oaItemCatalogue.filter((item) => item.appType === appType).length,
  }));
}

export async function listOaItems(db: Db, session: Session, appType: OaAppType) {
  await requireOaSettings(db, session);
  const rows = await db
    .select({ id: oaApprovals.id, oaItemId: oaApprovals.oaItemId })
    .from(oaApprovals)
    .where(inCompany(oaApprovals, session.companyId));
  const byItem = new Map(rows.map((row) => [row.oaItemId, row.id]));
  return oaItemCatalogue
    .filter((item) => item.appType === appType)
    .map((item) => ({ ...item, oaApprovalId: byItem.get(item.oaItemId) ?? null }));
}

async function summarise(db: Db, row: DefinitionRow) {
  const steps = await describeApprovers(db, row.companyId, row.approvers);
  return {
    oaApprovalId: row.id,
    name: row.name,
    groupId: row.groupId,
    appType: row.appType as OaAppType,
    oaItemId: row.oaItemId as NonNullable<ReturnType<typeof findOaItem>>['oaItemId'],
    oaItemName: oaItemName(row.oaItemId),
    state: row.state === 1 ? (1 as const) : (0 as const),
    approverNames: steps.map((step) => step.name),
    remark: row.remark,
    updatedAt: formatDateTime(row.updatedAt),
  };
}

async function detail(db: Db, row: DefinitionRow) {
  const group = await findGroup(db, row.companyId, row.groupId);
  return {
    ...(await summarise(db, row)),
    groupName: group.name,
    approvers: await describeApprovers(db, row.companyId, row.approvers),
    sendCopy: await describeCopies(db, row.companyId, row.sendCopy),
    createdAt: formatDateTime(row.createdAt),
  };
}

export async function findDefinition(
  db: Db,
  companyId: number,
  oaApprovalId: number,
): Promise<DefinitionRow> {
  const [row] = await db
    .select()
    .from(oaApprovals)
    .where(and(eq(oaApprovals.id, oaApprovalId), inCompany(oaApprovals, companyId)));
  if (!row) throw notFound(approvalMissing);
  return row;
}

/** The company's definition for an approval item, whether enabled or not (null when none). */
export async function findDefinitionForItem(
  db: Db,
  companyId: number,
  oaItemId: number,
): Promise<DefinitionRow | null> {
  const [row] = await db
    .select()
    .from(oaApprovals)
    .where(and(inCompany(oaApprovals, companyId), eq(oaApprovals.oaItemId, oaItemId)));
  return row ?? null;
}

export async function listDefinitionsByGroup(db: Db, session: Session, appType: number | undefined) {
  await requireOaSettings(db, session);
  const [groups, rows] = await Promise.all([
    db
      .select()
      .from(oaGroups)
      .where(inCompany(oaGroups, session.companyId))
      .orderBy(asc(oaGroups.sort), asc(oaGroups.id)),
    db
      .select()
      .from(oaApprovals)
      .where(
        and(
          inCompany(oaApprovals, session.companyId),
          appType === undefined ? undefined : eq(oaApprovals.appType, appType),
        ),
      )
      .orderBy(asc(oaApprovals.oaItemId)),
  ]);
  const summaries = await Promise.all(rows.map((row) => summarise(db, row)));
  return groups.map((group) => ({
    groupId: group.id,
    groupName: group.name,
    sort: group.sort,
    approvals: summaries.filter((summary) => summary.groupId === group.id),
  }));
}

export async function readDefinition(db: Db, session: Session, oaApprovalId: number) {
  await requireOaSettings(db, session);
  return detail(db, await findDefinition(db, session.companyId, oaApprovalId));
}

export async function createDefinition(
  db: Db,
  clock: { now: () => Date },
  session: Session,
  body: BodyOf<'oaApprovalCreate'>,
) {
  await requireOaSettings(db, session);
  const item = findOaItem(body.oaItemId);
  if (!item || item.appType !== body.appType) throw businessError('审批项不属于该应用');
  return db.transaction(async (tx) => {
    await findGroup(tx, session.companyId, body.groupId);
    if (await findDefinitionForItem(tx, session.companyId, body.oaItemId))
      throw businessError('该审批项已设置审批');
    const checked = await checkApprovers(tx, session.companyId, body.approvers, body.sendCopy ?? []);
    const now = clock.now();
    const [row] = await tx
      .insert(oaApprovals)
      .values({
        companyId: session.companyId,
        groupId: body.groupId,
        appType: body.appType,
        oaItemId: body.oaItemId,
        name: body.name.trim(),
        remark: body.remark?.trim() || null,
        state: 1,
        approvers: checked.approvers,
        sendCopy: checked.sendCopy,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    // A racing create of the same item lost on the unique index.
    if (!row) throw businessError('该审批项已设置审批');
    return detail(tx, row);
  });
}

export async function editDefinition(
  db: Db,
  clock: { now: () => Date },
  session: Session,
  body: BodyOf<'oaApprovalEdit'>,
) {
  await requireOaSettings(db, session);
  return db.transaction(async (tx) => {
    await findDefinition(tx, session.companyId, body.oaApprovalId);
    await findGroup(tx, session.companyId, body.groupId);
    const checked = await checkApprovers(tx, session.companyId, body.approvers, body.sendCopy ?? []);
    const [row] = await tx
      .update(oaApprovals)
      .set({
        groupId: body.groupId,
        name: body.name.trim(),
        remark: body.remark?.trim() || null,
        approvers: checked.approvers satisfies OaApproverConfig[],
        sendCopy: checked.sendCopy,
        updatedAt: clock.now(),
      })
      .where(and(eq(oaApprovals.id, body.oaApprovalId), inCompany(oaApprovals, session.companyId)))
      .returning();
    return detail(tx, row!);
  });
}

export async function deleteDefinition(db: Db, session: Session, oaApprovalId: number): Promise<void> {
  await requireOaSettings(db, session);
  await findDefinition(db, session.companyId, oaApprovalId);
  await db
    .delete(oaApprovals)
    .where(and(eq(oaApprovals.id, oaApprovalId), inCompany(oaApprovals, session.companyId)));
}

export async function switchDefinition(
  db: Db,
  clock: { now: () => Date },
  session: Session,
  input: { oaApprovalId: number; state: 0 | 1 },
): Promise<void> {
  await requireOaSettings(db, session);
  await findDefinition(db, session.companyId, input.oaApprovalId);
  await db
    .update(oaApprovals)
    .set({ state: input.state, updatedAt: clock.now() })
    .where(and(eq(oaApprovals.id, input.oaApprovalId), inCompany(oaApprovals, session.companyId)));
}
