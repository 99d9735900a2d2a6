/**
 * The company's listing settings (001 section 3 "Listing setting object"): stored whole, read with
 * defaults until first saved (private to public 30 days, off; custom states A/B/C/D), and the option
 * lists of paramMap. Saving needs 基础设置 (88/8807).
 */
import type { Db } from '../../db/db';
import { housingSettings } from '../../db/schema-house';
import { companyRow, inCompany } from '../../db/company-scope';
import type { BodyOf, ResponseOf, Session } from '../../contract/types';
import type { Clock } from '../../clock';
import { businessError } from '../../contract/envelope';
import { requireAuth } from '../auth/require-auth';
import {
  customStateLabels,
  pictureTypeNames,
  protectionTypeNames,
  publishingTypeNames,
  repeatedFieldNames,
} from '../../../domain/house-rules';

export type HousingSetting = NonNullable<ResponseOf<'getHousingSetting'>['data']>;

const options = (names: Record<number, string>) =>
  Object.entries(names).map(([value, label]) => ({ value: Number(value), label }));

const protectionOptions = [
  { value: 1, label: '查看需写跟进' },
  { value: 0, label: '无' },
];

const maintainer = {
  selected: 0 as const,
  houseOutState: 1 as const,
  followUpDays: 15,
  followUpCount: 1,
  callDays: 15,
  callCount: 1,
  houseOutType: 1 as const,
};

const pictureSettings = Object.entries(pictureTypeNames).map(([type, title]) => ({
  type: Number(type) as 1 | 2 | 3 | 4 | 5,
  title,
  count: type === '1' ? 3 : type === '2' ? 1 : 0,
  selected: type === '1' || type === '2' ? (1 as const) : (0 as const),
}));

export function defaultHousingSetting(): HousingSetting {
  const states = customStateLabels.map((label) => ({ stateName: label, stateLable: label }));
  return {
    publishingType: [1, 2, 3],
    repeatedFields: [1, 2, 3, 4],
    InfoProtection: Object.keys(protectionTypeNames).map((type) => ({
      type: Number(type) as 1 | 2 | 3 | 4,
      options: protectionOptions,
      selected: type === '1' ? 1 : 0,
    })),
    privacyToPublic: { days: 30, selected: 0 },
    sellHousingState: states,
    rentHousingState: states,
    sellTeam: {
      teamMaintainer: maintainer,
      teamClient: { selected: 1 },
      teamKey: { selected: 1 },
      teamSurveyor: { pictureSettings },
      teamSoleAgency: { hideOwnerNumber: 0, selected: 1 },
    },
    rentTeam: {
      teamMaintainer: maintainer,
      teamClient: { selected: 1 },
      teamKey: { selected: 1 },
      teamSurveyor: { pictureSettings },
    },
    paramMap: paramMap(),
  };
}

function paramMap(): NonNullable<HousingSetting['paramMap']> {
  return {
    InfoProtection: protectionOptions,
    pictureSettings: options(pictureTypeNames),
    publishingType: options(publishingTypeNames),
    repeatedFields: options(repeatedFieldNames),
  };
}

export async function readHousingSetting(db: Db, companyId: number): Promise<HousingSetting> {
  const [row] = await db.select().from(housingSettings).where(inCompany(housingSettings, companyId));
  if (!row) return defaultHousingSetting();
  return { ...defaultHousingSetting(), ...(row.setting as Partial<HousingSetting>), paramMap: paramMap() };
}

export async function saveHousingSetting(
  db: Db,
  clock: Clock,
  session: Session,
  body: BodyOf<'housingSetting'>,
): Promise<void> {
  await requireAuth(db, session, 88, 0, 8807);
  const { paramMap: _ignored, ...setting } = body;
  const protectedTypes = setting.InfoProtection.map((row) => row.type);
  if (new Set(protectedTypes).size !== protectedTypes.length)
    throw businessError('关键信息保护中有重复的字段');
  for (const list of [setting.sellHousingState, setting.rentHousingState]) {
    const labels = list.map((row) => row.stateLable);
    if (new Set(labels).size !== labels.length) throw businessError('自定义状态的状态标识不能重复');
  }
  await db
    .insert(housingSettings)
    .values(companyRow(session.companyId, { setting, updatedAt: clock.now() }))
    .onConflictDoUpdate({ target: housingSettings.companyId, set: { setting, updatedAt: clock.now() } });
}
