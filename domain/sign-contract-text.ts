/**
 * How a contract's values read in its text: the labels of the choice fields of the contract form
 * (001 section 3; 付款方式 2 reads 商业贷款, 有无抵押 1 reads 有), the capital amounts derived from
 * their amounts (transaction.transactionPriceCapital from transaction.transactionPrice, 叁佰贰拾万元整
 * for 3200000), lists joined by 、. One table for the form (which offers these options) and for the
 * server (which writes the previews and the PDF the parties sign), so both always say the same.
 */
import { formatCapitalAmount } from './capital-amount';

export type ChoiceOption = { value: string | number; label: string };

const strings = (...values: string[]): ChoiceOption[] => values.map((value) => ({ value, label: value }));

export const yesNoOptions: ChoiceOption[] = [
  { value: 1, label: '有' },
  { value: 0, label: '无' },
];
export const yesOptions: ChoiceOption[] = [
  { value: 1, label: '是' },
  { value: 0, label: '否' },
];
export const includeOptions: ChoiceOption[] = [
  { value: 1, label: '纳入合同' },
  { value: 0, label: '不纳入' },
];
export const houseUseOptions = strings('住宅', '商业', '办公', '车位');
export const houseNatureOptions = strings('商品房', '房改房', '经济适用房', '自建房');
export const buildingCertificateStateOptions = strings('已取得房产证', '未取得房产证', '已抵押', '已出租');
export const orientationOptions = strings(
  '东',
  '南',
  '西',
  '北',
  '南北',
  '东西',
  '东南',
  '西南',
  '东北',
  '西北',
);
export const renovationOptions = strings('毛坯', '简装', '精装', '豪装');
export const garageAttributeOptions: ChoiceOption[] = [
  { value: 1, label: '使用权' },
  { value: 2, label: '产权' },
];
export const haveRentOptions: ChoiceOption[] = [
  { value: 0, label: '未选择' },
  { value: 1, label: '无租约' },
  { value: 2, label: '有租约' },
];
export const repaymentMethodOptions: ChoiceOption[] = [
  { value: 1, label: '卖方自筹资金还贷' },
  { value: 2, label: '以买方首付款还贷' },
  { value: 3, label: '第三方垫资还贷' },
];
export const paymentMethodOptions: ChoiceOption[] = [
  { value: 0, label: '未选择' },
  { value: 1, label: '全款（一次性付款）' },
  { value: 2, label: '商业贷款' },
  { value: 3, label: '公积金贷款' },
  { value: 4, label: '组合贷款' },
];
export const paymentCycleOptions: ChoiceOption[] = [1, 2, 3, 6, 12].map((n) => ({
  value: n,
  label: `每 ${n} 个月`,
}));
export const certTypeOptions: ChoiceOption[] = [
  { value: 1, label: '居民身份证' },
  { value: 2, label: '护照' },
  { value: 3, label: '港澳居民来往内地通行证' },
  { value: 4, label: '台湾居民来往大陆通行证' },
];
export const subjectTypeOptions: ChoiceOption[] = [
  { value: 1, label: '个人' },
  { value: 2, label: '企业' },
];

/** The options of each standard choice field, by its path in SignContractContent. */
export const contractChoiceOptions: Readonly<Record<string, ChoiceOption[]>> = {
  'property.houseUse': houseUseOptions,
  'property.houseNature': houseNatureOptions,
  'property.buildingCertificateState': buildingCertificateStateOptions,
  'property.orientation': orientationOptions,
  'property.renovation': renovationOptions,
  'property.atticHave': yesNoOptions,
  'property.garageHave': yesNoOptions,
  'property.garageAttribute': garageAttributeOptions,
  'ownership.householdRegister': yesNoOptions,
  'ownership.schoolDistrict': yesOptions,
  'ownership.mortgage': yesNoOptions,
  'ownership.repaymentMethodOption': repaymentMethodOptions,
  'ownership.haveRent': haveRentOptions,
  'rental.haveRent': haveRentOptions,
  'transaction.paymentMethod': paymentMethodOptions,
  'transaction.paymentCycle': paymentCycleOptions,
  'supplementaryTerms.otherTermsFixedOne': includeOptions,
  'supplementaryTerms.otherTermsFixedTwo': includeOptions,
  'supplementaryTerms.otherTermsFixedThree': includeOptions,
  'supplementaryTerms.otherTermsFixedFour': includeOptions,
  'supplementaryTerms.otherTerms': yesNoOptions,
};

/** The options of a choice field at a path, also the parties' (partyA.agent.certType). */
export function choiceOptionsAt(path: string): ChoiceOption[] | undefined {
  const direct = contractChoiceOptions[path];
  if (direct) return direct;
  const party = /^party[AB](?:\.(?:agent|legalPerson|coOwners\.\d+))?\.(certType|subjectType)$/.exec(path);
  if (party) return party[1] === 'certType' ? certTypeOptions : subjectTypeOptions;
  return undefined;
}

/** The label of a chosen value; a value no option has reads as itself. */
export function choiceLabel(options: ChoiceOption[] | undefined, value: unknown): string {
  // Numbers may come back as text (a draft, a form input): 2 and '2' choose the same option.
  const option = options?.find((o) => o.value === value || String(o.value) === String(value));
  return option ? option.label : String(value);
}

const capitalSuffix = 'Capital';

/**
 * The amount a capital field is written from: `transaction.transactionPriceCapital` from
 * `transaction.transactionPrice` (any `<amount>Capital` beside its amount); null for other paths.
 */
export function capitalSourcePath(path: string): string | null {
  return path.endsWith(capitalSuffix) && path.length > capitalSuffix.length
    ? path.slice(0, -capitalSuffix.length)
    : null;
}

/** The capital amount of a value, or null when it is not an amount that can be written (empty, too large). */
export function capitalText(amount: unknown): string | null {
  if (typeof amount === 'string' && amount.trim() === '') return null;
  if (typeof amount !== 'number' && typeof amount !== 'string') return null;
  try {
    return formatCapitalAmount(typeof amount === 'string' ? amount.trim() : amount);
  } catch {
    return null;
  }
}

function valueAt(values: Record<string, unknown>, path: string): unknown {
  let value: unknown = values;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

function plainText(value: unknown, options: ChoiceOption[] | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (Array.isArray(value)) {
    const items = value.filter((item) => item !== null && item !== undefined && item !== '');
    return items.length ? items.map((item) => choiceLabel(options, item)).join('、') : null;
  }
  if (typeof value === 'object') {
    const name = (value as Record<string, unknown>)['name'];
    return typeof name === 'string' && name ? name : null;
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return choiceLabel(options, value);
  return null;
}

/**
 * The text a placeholder of the contract reads, or null when it is not filled: a choice by its
 * label, a capital amount written from its amount, a multiple choice (a list, or the form's
 * comma-joined 房屋权证状态) joined by 、, a region by its name. A widget field may be named alone
 * (`fieldsList_1`) or under customFields; its options are their own labels.
 */
export function contractFieldText(values: Record<string, unknown>, path: string): string | null {
  // Written from its amount whenever the amount is there, so the two can never disagree.
  const source = capitalSourcePath(path);
  const amount = source === null ? undefined : valueAt(values, source);
  if (amount !== undefined && amount !== null && amount !== '') return capitalText(amount);
  const options = choiceOptionsAt(path);
  let value = valueAt(values, path);
  if (value === undefined && !path.includes('.')) value = valueAt(values, `customFields.${path}`);
  if (path === 'property.buildingCertificateState' && typeof value === 'string')
    value = value.split(',').filter(Boolean);
  return plainText(value, options);
}

/** The amounts the shipped contract text writes in capitals too (成交价 … 大写：…). */
export const capitalAmountFields = [{ path: 'transaction.transactionPrice', title: '成交价' }] as const;

/**
 * Why an amount written in capitals cannot be written (成交价金额最多保留两位小数), or null: checked
 * before a contract is kept, so its 大写 is never left blank. An empty amount is the required
 * check's business, not this one's.
 */
export function capitalAmountProblem(content: Record<string, unknown>): string | null {
  for (const field of capitalAmountFields) {
    const raw = valueAt(content, field.path);
    if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) continue;
    if (typeof raw !== 'number' && typeof raw !== 'string') return `${field.title}金额格式不正确`;
    try {
      formatCapitalAmount(typeof raw === 'string' ? raw.trim() : raw);
    } catch (error) {
      if (error instanceof RangeError) return `${field.title}${error.message}`;
      throw error;
    }
  }
  return null;
}
