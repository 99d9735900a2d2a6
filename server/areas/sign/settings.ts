/** The company's sign setting (signing type 1 分步 / 2 可视化, service fada); without one nothing can be started. */

import { inCompany } from '../../db/company-scope';
import type { Db } from '../../db/db';
import { signSettings } from '../../db/schema-sign';
import { businessError } from '../../contract/envelope';

export const noSignSettingMessage = '您还未设置签署方式,请前往设置!';

export async function readSignSetting(db: Db, companyId: number) {
  const [row] = await db.select().from(signSettings).where(inCompany(signSettings, companyId));
  return { signType: (row?.signType ?? null) as 1 | 2 | null, signLabel: 'fada' as const };
}

export async function saveSignSetting(
  db: Db,
  companyId: number,
  userId: number,
  signType: 1 | 2,
): Promise<void> {
  await db
    .insert(signSettings)
    .values({ companyId, signType, signLabel: 'fada', updatedBy: userId })
    .onConflictDoUpdate({
      target: signSettings.companyId,
      set: { signType, updatedBy: userId, updatedAt: new Date() },
    });
}

/** 405 您还未设置签署方式,请前往设置! unless the company has chosen its signing type. */
export async function requireSignSetting(db: Db, companyId: number): Promise<1 | 2> {
  const { signType } = await readSignSetting(db, companyId);
  if (signType === null) throw businessError(noSignSettingMessage);
  return signType;
}
