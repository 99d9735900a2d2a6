/**
 * Which approval flow applies before a business action (the preview the client shows and what
 * startApproval uses): a sign template's own setting (source 2), the quick-sign setting (source 3),
 * or the company's definition for the approval item (source 1); none enabled means no approval
 * (source 0, oaState 0). Also the template and quick-sign approval settings themselves.
 */
import { and, eq } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import type { Db } from '../../db/db';
import { oaFileSignSettings, oaSignSettings, type OaApproverConfig } from '../../db/schema-oa';
import { businessError } from '../../contract/envelope';
import type { BodyOf, Session } from '../../contract/types';
import { formatDateTime } from '../../format';
import { findDefinitionForItem } from './definitions';
import { requireOaSettings } from './groups';
import { findOaItem, oaItemName, signTypeItems, type OaItemId } from './items';
import { checkApprovers, describeApprovers, describeCopies } from './people';

export type FlowOptions = { boxId?: number | undefined; fileSign?: boolean | undefined };

export type ResolvedFlow = {
  oaItemId: OaItemId;
  source: 0 | 1 | 2 | 3;
  oaApprovalId: number | null;
  approvers: OaApproverConfig[];
  sendCopy: number[];
};

type SignBoxLookup = (db: Db, companyId: number, boxId: number) => Promise<{ boxName: string } | null>;

let signBoxLookup: SignBoxLookup | null = null;

/** The sign area tells the approvals which templates exist and their names (until then any boxId is accepted). */
export function setSignBoxLookup(lookup: SignBoxLookup): void {
  signBoxLookup = lookup;
}

async function boxNameOf(db: Db, companyId: number, boxId: number): Promise<string> {
  if (!signBoxLookup) return `签约模板 ${boxId}`;
  const box = await signBoxLookup(db, companyId, boxId);
  if (!box) throw businessError('签约模板不存在或已被删除');
  return box.boxName;
}

export async function resolveFlow(
  db: Db,
  companyId: number,
  oaItemId: OaItemId,
  options: FlowOptions = {},
): Promise<ResolvedFlow> {
  if (options.boxId !== undefined) {
    const [setting] = await db
      .select()
      .from(oaSignSettings)
      .where(and(inCompany(oaSignSettings, companyId), eq(oaSignSettings.boxId, options.boxId)));
    if (setting?.oaState === 1 && setting.approvers.length > 0) {
      return {
        oaItemId,
        source: 2,
        oaApprovalId: null,
        approvers: setting.approvers,
        sendCopy: setting.sendCopy,
      };
    }
  }
  if (options.fileSign) {
    const [setting] = await db
      .select()
      .from(oaFileSignSettings)
      .where(inCompany(oaFileSignSettings, companyId));
    if (setting?.oaState === 1 && setting.approvers.length > 0) {
      return {
        oaItemId,
        source: 3,
        oaApprovalId: null,
        approvers: setting.approvers,
        sendCopy: setting.sendCopy,
      };
    }
  }
  const definition = await findDefinitionForItem(db, companyId, oaItemId);
  if (definition?.state === 1) {
    return {
      oaItemId,
      source: 1,
      oaApprovalId: definition.id,
      approvers: definition.approvers,
      sendCopy: definition.sendCopy,
    };
  }
  return { oaItemId, source: 0, oaApprovalId: null, approvers: [], sendCopy: [] };
}

export async function describeFlow(db: Db, companyId: number, flow: ResolvedFlow) {
  return {
    oaItemId: flow.oaItemId,
    oaItemName: oaItemName(flow.oaItemId),
    oaState: flow.source === 0 ? (0 as const) : (1 as const),
    source: flow.source,
    oaApprovalId: flow.oaApprovalId,
    approvers: await describeApprovers(db, companyId, flow.approvers),
    sendCopy: await describeCopies(db, companyId, flow.sendCopy),
  };
}

export async function readSignFlow(
  db: Db,
  session: Session,
  query: { type: 1 | 2 | 3; boxId?: number | undefined },
) {
  const flow = await resolveFlow(db, session.companyId, signTypeItems[query.type], { boxId: query.boxId });
  return describeFlow(db, session.companyId, flow);
}

export async function readAppFlow(db: Db, session: Session, query: { appType: number; oaItemId: number }) {
  const item = findOaItem(query.oaItemId);
  if (!item || item.appType !== query.appType) throw businessError('审批项不属于该应用');
  return describeFlow(db, session.companyId, await resolveFlow(db, session.companyId, item.oaItemId));
}

async function describeSetting(
  db: Db,
  companyId: number,
  setting:
    { oaState: number; approvers: OaApproverConfig[]; sendCopy: number[]; updatedAt: Date } | undefined,
) {
  return {
    oaState: setting?.oaState === 1 ? (1 as const) : (0 as const),
    approvers: await describeApprovers(db, companyId, setting?.approvers ?? []),
    sendCopy: await describeCopies(db, companyId, setting?.sendCopy ?? []),
    updatedAt: setting ? formatDateTime(setting.updatedAt) : null,
  };
}

export async function readSignSetting(db: Db, session: Session, boxId: number) {
  const boxName = await boxNameOf(db, session.companyId, boxId);
  const [setting] = await db
    .select()
    .from(oaSignSettings)
    .where(and(inCompany(oaSignSettings, session.companyId), eq(oaSignSettings.boxId, boxId)));
  return { boxId, boxName, ...(await describeSetting(db, session.companyId, setting)) };
}

export async function saveSignSetting(
  db: Db,
  clock: { now: () => Date },
  session: Session,
  body: BodyOf<'oaApprovalSignUpdate'>,
) {
  await requireOaSettings(db, session);
  await boxNameOf(db, session.companyId, body.boxId);
  const checked = await checkApprovers(db, session.companyId, body.approvers, body.sendCopy ?? []);
  const values = {
    oaState: body.oaState,
    approvers: checked.approvers,
    sendCopy: checked.sendCopy,
    updatedAt: clock.now(),
  };
  await db
    .insert(oaSignSettings)
    .values({ companyId: session.companyId, boxId: body.boxId, ...values })
    .onConflictDoUpdate({ target: [oaSignSettings.companyId, oaSignSettings.boxId], set: values });
  return readSignSetting(db, session, body.boxId);
}

export async function readFileSignSetting(db: Db, session: Session) {
  const [setting] = await db
    .select()
    .from(oaFileSignSettings)
    .where(inCompany(oaFileSignSettings, session.companyId));
  return describeSetting(db, session.companyId, setting);
}

export async function saveFileSignSetting(
  db: Db,
  clock: { now: () => Date },
  session: Session,
  body: BodyOf<'oaApprovalFileSignUpdate'>,
) {
  await requireOaSettings(db, session);
  const checked = await checkApprovers(db, session.companyId, body.approvers, body.sendCopy ?? []);
  const values = {
    oaState: body.oaState,
    approvers: checked.approvers,
    sendCopy: checked.sendCopy,
    updatedAt: clock.now(),
  };
  await db
    .insert(oaFileSignSettings)
    .values({ companyId: session.companyId, ...values })
    .onConflictDoUpdate({ target: oaFileSignSettings.companyId, set: values });
  return readFileSignSetting(db, session);
}
