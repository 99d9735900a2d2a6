/**
 * 合同基础设置 (/views/system/setting/fp-contract-setting; the seed names the page only): the
 * company's contract number rules, default commission and its split, required attachments and the
 * ledger's state names. Stored whole and read with defaults until first saved; saving needs
 * 基础设置 (88/0/8807), as the other basic settings. The ledger asks this module for the next
 * number and for the attachments a state change needs, never the table.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { contractSettings } from '../../db/schema-contract-settings';
import { ledgerContracts, ledgerPictures } from '../../db/schema-contract';
import { companyRow, inCompany } from '../../db/company-scope';
import type { BodyOf, ResponseOf, Session } from '../../contract/types';
import type { Clock } from '../../clock';
import { businessError } from '../../contract/envelope';
import { requireAuth } from '../auth/require-auth';
import {
  checkContractSetting,
  contractNoStem,
  defaultRentStateNames,
  defaultSaleStateNames,
  formatContractNo,
  missingAttachments,
  needsAttachments,
  nextSequence,
} from '../../../domain/contract-settings';

export type ContractSetting = NonNullable<ResponseOf<'getContractSetting'>['data']>;

export function defaultContractSetting(): ContractSetting {
  return {
    saleNumberRule: { prefix: 'XS', dateFormat: 1, digits: 3 },
    rentNumberRule: { prefix: 'ZL', dateFormat: 1, digits: 3 },
    commission: { saleRate: 2, rentRate: 100, dailiFeeA: 50, dailiFeeB: 50 },
    requiredAttachments: [],
    saleStateNames: defaultSaleStateNames.map((stateName, index) => ({ state: index + 1, stateName })),
    rentStateNames: defaultRentStateNames.map((stateName, index) => ({ state: index + 1, stateName })),
  };
}

export async function readContractSetting(db: Db, companyId: number): Promise<ContractSetting> {
  const [row] = await db.select().from(contractSettings).where(inCompany(contractSettings, companyId));
  if (!row) return defaultContractSetting();
  return { ...defaultContractSetting(), ...(row.setting as Partial<ContractSetting>) };
}

export async function saveContractSetting(
  db: Db,
  clock: Clock,
  session: Session,
  body: BodyOf<'contractSetting'>,
): Promise<void> {
  await requireAuth(db, session, 88, 0, 8807);
  const message = checkContractSetting(body);
  if (message) throw businessError(message);
  const setting: ContractSetting = {
    ...body,
    saleNumberRule: { ...body.saleNumberRule, prefix: body.saleNumberRule.prefix.toUpperCase() },
    rentNumberRule: { ...body.rentNumberRule, prefix: body.rentNumberRule.prefix.toUpperCase() },
    requiredAttachments: body.requiredAttachments.map((name) => name.trim()),
    saleStateNames: [...body.saleStateNames]
      .sort((a, b) => a.state - b.state)
      .map((entry) => ({ state: entry.state, stateName: entry.stateName.trim() })),
    rentStateNames: [...body.rentStateNames]
      .sort((a, b) => a.state - b.state)
      .map((entry) => ({ state: entry.state, stateName: entry.stateName.trim() })),
  };
  await db
    .insert(contractSettings)
    .values(companyRow(session.companyId, { setting, updatedAt: clock.now() }))
    .onConflictDoUpdate({ target: contractSettings.companyId, set: { setting, updatedAt: clock.now() } });
}

/** The next contract number under the company's rule for this kind and signing date (not reserved). */
export async function nextContractNumber(
  db: Db,
  companyId: number,
  contractType: 1 | 2,
  signDate: string,
): Promise<string> {
  const setting = await readContractSetting(db, companyId);
  const rule = contractType === 1 ? setting.saleNumberRule : setting.rentNumberRule;
  const stem = contractNoStem(rule, signDate);
  const rows = await db
    .select({ contractNo: ledgerContracts.contractNo })
    .from(ledgerContracts)
    .where(and(inCompany(ledgerContracts, companyId), sql`${ledgerContracts.contractNo} like ${`${stem}%`}`));
  return formatContractNo(
    rule,
    signDate,
    nextSequence(
      stem,
      rows.map((row) => row.contractNo),
    ),
  );
}

/** Refuses (405) a change to a state that needs the required attachments while a category has no picture. */
export async function requireAttachmentsFor(
  db: Db,
  companyId: number,
  contract: { id: number; contractType: 1 | 2 },
  targetState: number,
): Promise<void> {
  if (!needsAttachments(contract.contractType, targetState)) return;
  const { requiredAttachments } = await readContractSetting(db, companyId);
  if (requiredAttachments.length === 0) return;
  const pictures = await db
    .select({ categoryName: ledgerPictures.categoryName })
    .from(ledgerPictures)
    .where(and(eq(ledgerPictures.contractId, contract.id), inCompany(ledgerPictures, companyId)));
  const missing = missingAttachments(
    requiredAttachments,
    pictures.map((picture) => picture.categoryName),
  );
  if (missing.length > 0) throw businessError(`请先上传必备附件：${missing.join('、')}`);
}

/** The company's names of the ledger's states (合同台账状态名称): a lookup by contract type and state. */
export async function ledgerStateNaming(
  db: Db,
  companyId: number,
): Promise<(contractType: 1 | 2, state: number) => string> {
  const { saleStateNames, rentStateNames } = await readContractSetting(db, companyId);
  return (contractType, state) =>
    (contractType === 1 ? saleStateNames : rentStateNames).find((entry) => entry.state === state)
      ?.stateName ?? String(state);
}
