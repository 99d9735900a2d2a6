/**
 * The company's listing settings (001 section 3 "Listing setting object"): stored whole, read with
 * defaults until first saved (private to public 30 days, off; custom states A/B/C/D), and the option
 * lists of paramMap. Saving needs 基础设置 (88/8807).
 */
import { sql, type SQLWrapper } from 'drizzle-orm';
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
import { normalizeWidgetFields, type WidgetField } from '../../../domain/widget-fields';

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

/**
 * The listing form's widget fields live in the same settings row, beside the setting object (no
 * column of their own): housingSetting saves the object whole and keeps them.
 */
type WidgetFieldsPart = { widgetFields?: WidgetField[]; widgetFieldSeq?: number };

export async function readHousingSetting(db: Db, companyId: number): Promise<HousingSetting> {
  const [row] = await db.select().from(housingSettings).where(inCompany(housingSettings, companyId));
  if (!row) return defaultHousingSetting();
  const {
    widgetFields: _fields,
    widgetFieldSeq: _seq,
    ...setting
  } = row.setting as Partial<HousingSetting> & WidgetFieldsPart;
  return { ...defaultHousingSetting(), ...setting, paramMap: paramMap() };
}

type HouseStateNames = { sell: HousingSetting['sellHousingState']; rent: HousingSetting['rentHousingState'] };

/**
 * The company's own status names (A/B/C/D) by kind, for list rows: only those two parts of the settings
 * row, not the whole object with its widget fields (the house list reads them on every page), as one
 * expression that a list statement selects beside its rows (stateNamesOf gives the defaults).
 */
export function houseStateNamesColumn(companyId: number | SQLWrapper) {
  return sql<Partial<HouseStateNames> | null>`(select jsonb_build_object('sell', ${housingSettings.setting} -> 'sellHousingState', 'rent', ${housingSettings.setting} -> 'rentHousingState') from ${housingSettings} where ${inCompany(housingSettings, companyId)})`;
}

/** The status names selected by houseStateNamesColumn, with the defaults where the company kept them. */
export function stateNamesOf(selected: Partial<HouseStateNames> | null | undefined): HouseStateNames {
  const defaults = defaultHousingSetting();
  return {
    sell: selected?.sell ?? defaults.sellHousingState,
    rent: selected?.rent ?? defaults.rentHousingState,
  };
}

/** The company's widget fields on the listing form (getHousingCustomizeSettings), in form order. */
export async function readHousingWidgetFields(db: Db, companyId: number): Promise<WidgetField[]> {
  const [row] = await db
    .select({ setting: housingSettings.setting })
    .from(housingSettings)
    .where(inCompany(housingSettings, companyId));
  return (row?.setting as WidgetFieldsPart | undefined)?.widgetFields ?? [];
}

/** housingCustomizeSettings: the whole list, checked and named like a template's (domain/widget-fields). */
export async function saveHousingWidgetFields(
  db: Db,
  clock: Clock,
  session: Session,
  body: BodyOf<'housingCustomizeSettings'>,
): Promise<void> {
  await requireAuth(db, session, 88, 0, 8807);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ setting: housingSettings.setting })
      .from(housingSettings)
      .where(inCompany(housingSettings, session.companyId))
      .for('update');
    const current = (row?.setting ?? {}) as WidgetFieldsPart;
    const normalized = normalizeWidgetFields(
      body.fieldsList,
      new Set((current.widgetFields ?? []).map((field) => field.fieldName)),
      current.widgetFieldSeq ?? 1,
      '房源设置',
    );
    if (!normalized.ok) throw businessError(normalized.problem);
    const part = { widgetFields: normalized.value.fields, widgetFieldSeq: normalized.value.nextSeq };
    if (row) {
      await tx
        .update(housingSettings)
        .set({ setting: { ...row.setting, ...part }, updatedAt: clock.now() })
        .where(inCompany(housingSettings, session.companyId));
      return;
    }
    const { paramMap: _ignored, ...setting } = defaultHousingSetting();
    await tx
      .insert(housingSettings)
      .values(companyRow(session.companyId, { setting: { ...setting, ...part }, updatedAt: clock.now() }));
  });
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
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ setting: housingSettings.setting })
      .from(housingSettings)
      .where(inCompany(housingSettings, session.companyId))
      .for('update');
    const { widgetFields, widgetFieldSeq } = (row?.setting ?? {}) as WidgetFieldsPart;
    const kept = {
      ...setting,
      ...(widgetFields ? { widgetFields } : {}),
      ...(widgetFieldSeq ? { widgetFieldSeq } : {}),
    };
    await tx
      .insert(housingSettings)
      .values(companyRow(session.companyId, { setting: kept, updatedAt: clock.now() }))
      .onConflictDoUpdate({
        target: housingSettings.companyId,
        set: { setting: kept, updatedAt: clock.now() },
      });
  });
}
