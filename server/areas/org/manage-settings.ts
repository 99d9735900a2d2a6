/**
 * The company's management settings (管理设置, /ChangeCenter/getManageSetting and manageSetting):
 * everyone in the company reads them (the client draws the watermark from them); only a manager saves.
 * Invitations, adding staff and login read them through readManageSetting.
 */
import { inCompany } from '../../db/company-scope';
import type { Db } from '../../db/db';
import { manageSettings } from '../../db/schema-org';
import { businessError } from '../../contract/envelope';
import type { BodyOf, Session } from '../../contract/types';
import type { Clock } from '../../clock';
import { requireManager } from '../auth/require-auth';
import {
  defaultManageSetting,
  manageSettingProblem,
  type ManageSetting,
} from '../../../domain/manage-settings';

/** A stored setting over the defaults, so a field added later reads as its default. */
function withDefaults(stored: unknown): ManageSetting {
  const value = (stored ?? {}) as Partial<ManageSetting>;
  return {
    ...defaultManageSetting,
    ...value,
    loginTimeLimit: { ...defaultManageSetting.loginTimeLimit, ...value.loginTimeLimit },
    watermark: { ...defaultManageSetting.watermark, ...value.watermark },
  };
}

export async function readManageSetting(db: Db, companyId: number): Promise<ManageSetting> {
  const [row] = await db
    .select({ settings: manageSettings.settings })
    .from(manageSettings)
    .where(inCompany(manageSettings, companyId))
    .limit(1);
  return withDefaults(row?.settings);
}

export async function saveManageSetting(
  db: Db,
  clock: Clock,
  session: Session,
  body: BodyOf<'manageSetting'>,
): Promise<void> {
  requireManager(session);
  const setting: ManageSetting = {
    joinApprove: body.joinApprove,
    addStaffApprove: body.addStaffApprove,
    singleDeviceLogin: body.singleDeviceLogin,
    loginTimeLimit: {
      ...body.loginTimeLimit,
      weekdays: [...new Set(body.loginTimeLimit.weekdays)].sort((a, b) => a - b),
    },
    watermark: { ...body.watermark, text: body.watermark.text.trim() },
  };
  const problem = manageSettingProblem(setting);
  if (problem) throw businessError(problem);
  await db
    .insert(manageSettings)
    .values({
      companyId: session.companyId,
      settings: setting,
      updatedAt: clock.now(),
      updatedBy: session.userId,
    })
    .onConflictDoUpdate({
      target: manageSettings.companyId,
      set: { settings: setting, updatedAt: clock.now(), updatedBy: session.userId },
    });
}
