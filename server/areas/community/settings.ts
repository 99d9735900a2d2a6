/**
 * The estate basic settings (小区基础设置, /views/system/setting/fp-estate-setting): who may create
 * and who may change a community archive, whether a listing must pick a community of the dictionary,
 * and how many collected listings a person may save a day. Stored whole, read with defaults until
 * first saved; every user of the company reads them (the entry form honours them), saving needs
 * 基础设置 (88/8807).
 */
import type { Db } from '../../db/db';
import { estateSettings } from '../../db/schema-community';
import { companyRow, inCompany } from '../../db/company-scope';
import type { BodyOf, Session } from '../../contract/types';
import type { Clock } from '../../clock';
import { businessError } from '../../contract/envelope';
import { requireAuth } from '../auth/require-auth';
import {
  defaultEstateSetting,
  mustPickCommunityMessage,
  type EstateSetting,
} from '../../../domain/estate-rules';

export async function readEstateSetting(db: Db, companyId: number): Promise<Required<EstateSetting>> {
  const [row] = await db
    .select({ setting: estateSettings.setting })
    .from(estateSettings)
    .where(inCompany(estateSettings, companyId));
  return { ...defaultEstateSetting, ...((row?.setting ?? {}) as Partial<EstateSetting>) };
}

export async function saveEstateSetting(
  db: Db,
  clock: Clock,
  session: Session,
  body: BodyOf<'estateSetting'>,
): Promise<void> {
  await requireAuth(db, session, 88, 0, 8807);
  const setting: Required<EstateSetting> = {
    archiveCreate: body.archiveCreate,
    archiveEdit: body.archiveEdit,
    mustPickCommunity: body.mustPickCommunity,
    collectDailyLimit: body.collectDailyLimit ?? null,
  };
  const now = clock.now();
  await db
    .insert(estateSettings)
    .values(companyRow(session.companyId, { setting, updatedAt: now }))
    .onConflictDoUpdate({ target: estateSettings.companyId, set: { setting, updatedAt: now } });
}

/** Listing entry: a typed community name is refused when the company requires the dictionary. */
export async function requireDictionaryCommunity(
  db: Db,
  companyId: number,
  communityId: number | null | undefined,
): Promise<void> {
  if (communityId) return;
  const setting = await readEstateSetting(db, companyId);
  if (setting.mustPickCommunity === 1) throw businessError(mustPickCommunityMessage);
}
