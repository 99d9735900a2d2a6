/**
 * 合同基础设置 rules shared by the settings page (its preview and local check) and the server
 * (number allocation and the save's check): how a number rule turns a signing date and a sequence
 * into a contract number, and what a saved setting must satisfy beyond its schema.
 */

export type ContractNumberRule = { prefix: string; dateFormat: 0 | 1 | 2; digits: number };

export type ContractStateNameEntry = { state: number; stateName: string };

export type ContractSettingRules = {
  commission: { dailiFeeA: number; dailiFeeB: number };
  saleStateNames: ContractStateNameEntry[];
  rentStateNames: ContractStateNameEntry[];
};

/** The seed's state names (001 section 4): sale 1-7, rent 1-4. */
export const defaultSaleStateNames = ['待办理', '办理中', '已办理', '完成', '冻结', '作废', '解除'] as const;
export const defaultRentStateNames = ['正常', '解除', '作废', '完成'] as const;

/** Prefix plus the signing date as the rule writes it (signDate is YYYY-MM-DD). */
export function contractNoStem(rule: ContractNumberRule, signDate: string): string {
  const digits = signDate.replaceAll('-', '');
  const date = rule.dateFormat === 1 ? digits.slice(0, 8) : rule.dateFormat === 2 ? digits.slice(0, 6) : '';
  return `${rule.prefix.toUpperCase()}${date}`;
}

export function formatContractNo(rule: ContractNumberRule, signDate: string, sequence: number): string {
  return `${contractNoStem(rule, signDate)}${String(sequence).padStart(rule.digits, '0')}`;
}

/** The next sequence after the numbers already used under this stem (those that are stem + digits only). */
export function nextSequence(stem: string, usedNumbers: readonly string[]): number {
  const used = usedNumbers
    .filter((no) => no.startsWith(stem) && /^\d+$/.test(no.slice(stem.length)))
    .map((no) => Number(no.slice(stem.length)));
  return Math.max(0, ...used) + 1;
}

function checkStateNames(
  title: string,
  entries: readonly ContractStateNameEntry[],
  count: number,
): string | null {
  const states = new Set(entries.map((entry) => entry.state));
  for (let state = 1; state <= count; state += 1)
    if (!states.has(state)) return `${title}缺少状态 ${state} 的名称`;
  if (states.size !== entries.length || entries.some((entry) => entry.state > count))
    return `${title}的状态有误`;
  const names = entries.map((entry) => entry.stateName.trim());
  if (names.some((name) => name === '')) return `${title}不能为空`;
  if (new Set(names).size !== names.length) return `${title}不能重名`;
  return null;
}

/** What the schema cannot say: the split adds up to 100 % and each ledger state has one distinct name. */
export function checkContractSetting(setting: ContractSettingRules): string | null {
  if (setting.commission.dailiFeeA + setting.commission.dailiFeeB !== 100)
    return '甲方承担比例与乙方承担比例之和须为 100%';
  return (
    checkStateNames('买卖合同状态名称', setting.saleStateNames, 7) ??
    checkStateNames('租赁合同状态名称', setting.rentStateNames, 4)
  );
}

/** The required attachment categories a contract's pictures do not yet cover. */
export function missingAttachments(
  required: readonly string[],
  categories: readonly (string | null)[],
): string[] {
  const present = new Set(
    categories.filter((name): name is string => name !== null).map((name) => name.trim()),
  );
  return required.filter((name) => !present.has(name.trim()));
}

/** Sale 已办理 (3) and 完成 (4), rent 完成 (4): the changes that need the required attachments. */
export function needsAttachments(contractType: 1 | 2, targetState: number): boolean {
  return contractType === 1 ? targetState === 3 || targetState === 4 : targetState === 4;
}

export type DefaultCommission = { saleRate: number; rentRate: number; dailiFeeA: number; dailiFeeB: number };

const cents = (value: number) => Math.round(value * 100) / 100;

/**
 * The commission 合同基础设置 suggests for a new contract of this amount: a sale's 甲方/乙方中介服务费
 * (saleRate % of the price, split A/B), a rent's 代理费 (rentRate % of a month's rent) and its
 * 甲方/乙方代理费比例. Nothing is suggested for an amount not known yet.
 */
export function defaultCommissionFields(
  commission: DefaultCommission,
  contractType: 1 | 2,
  amount: number | null,
): Record<string, number> {
  if (contractType === 2) {
    const shares = { dailiFeeA: commission.dailiFeeA, dailiFeeB: commission.dailiFeeB };
    return amount && amount > 0
      ? { dailiFee: cents((amount * commission.rentRate) / 100), ...shares }
      : shares;
  }
  if (!amount || amount <= 0) return {};
  const total = cents((amount * commission.saleRate) / 100);
  const partyA = cents((total * commission.dailiFeeA) / 100);
  return { partyAAgencyFee: partyA, partyBAgencyFee: cents(total - partyA) };
}
