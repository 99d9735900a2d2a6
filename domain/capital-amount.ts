/**
 * Writes an amount in yuan as the capital (大写) amount printed on contracts, e.g.
 * 1234.56 -> 壹仟贰佰叁拾肆元伍角陆分.
 *
 * Rejected input throws a RangeError whose message is shown to the user as is. Throwing (rather
 * than returning null) keeps a bad amount from ever being printed silently as an empty string.
 *
 * Zeros follow the usual rules for financial writing: one 零 stands for any run of zeros between two
 * written digits, including across 万 and 亿 (10001 -> 壹万零壹, 100001000 -> 壹亿零壹仟); trailing
 * zeros are not written; 整 ends an amount without 角 or 分.
 */

/** Amounts of 1e15 yuan or more have no unit above 万亿 to be written with. */
export const CAPITAL_AMOUNT_LIMIT = 1e15;

const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'] as const;
// Indexed by position within a group of four, counted from the right.
const UNITS_IN_GROUP = ['', '拾', '佰', '仟'] as const;
const MAX_INTEGER_DIGITS = String(CAPITAL_AMOUNT_LIMIT).length - 1;

const AMOUNT_TEXT_PATTERN = /^(\d+)(?:\.(\d+))?$/;

/**
 * Accepts a number or a numeric string (`'1234.5'`) of at most 2 decimals. Numbers are read through
 * their shortest decimal form, so a float such as 0.1 + 0.2 is refused: round it first.
 *
 * @throws RangeError 金额过大 (1e15 or more), 金额不能为负数, 金额最多保留两位小数, 金额格式不正确.
 */
export function formatCapitalAmount(amount: number | string): string {
  const { integerDigits, fractionDigits } = parseAmount(amount);
  const yuanWords = writeInteger(integerDigits);
  const jiao = Number(fractionDigits.charAt(0) || '0');
  const fen = Number(fractionDigits.charAt(1) || '0');

  if (jiao === 0 && fen === 0) {
    return `${yuanWords === '' ? DIGITS[0] : yuanWords}元整`;
  }
  let words = yuanWords === '' ? '' : `${yuanWords}元`;
  if (jiao !== 0) {
    words += `${DIGITS[jiao]}角`;
  } else if (yuanWords !== '') {
    // 1.05 reads 壹元零伍分: the 零 marks the missing 角.
    words += DIGITS[0];
  }
  if (fen !== 0) {
    words += `${DIGITS[fen]}分`;
  }
  return words;
}

type ParsedAmount = {
  /** Without leading zeros; empty for less than one yuan. */
  integerDigits: string;
  /** At most two digits. */
  fractionDigits: string;
};

function parseAmount(amount: number | string): ParsedAmount {
  if (typeof amount === 'number') {
    if (Number.isNaN(amount)) {
      throw new RangeError('金额格式不正确');
    }
    if (amount < 0) {
      throw new RangeError('金额不能为负数');
    }
    if (amount >= CAPITAL_AMOUNT_LIMIT) {
      throw new RangeError('金额过大');
    }
  }
  const text = String(amount);
  // Below 1e15, String() uses exponent notation only under 1e-6, which is always too precise.
  if (typeof amount === 'number' && text.includes('e')) {
    throw new RangeError('金额最多保留两位小数');
  }
  if (text.startsWith('-') && AMOUNT_TEXT_PATTERN.test(text.slice(1))) {
    throw new RangeError('金额不能为负数');
  }
  const match = AMOUNT_TEXT_PATTERN.exec(text);
  if (match === null) {
    throw new RangeError('金额格式不正确');
  }
  const integerDigits = (match[1] ?? '').replace(/^0+/, '');
  const fractionDigits = match[2] ?? '';
  if (integerDigits.length > MAX_INTEGER_DIGITS) {
    throw new RangeError('金额过大');
  }
  if (fractionDigits.length > 2) {
    throw new RangeError('金额最多保留两位小数');
  }
  return { integerDigits, fractionDigits };
}

/** Writes a string of at most 15 digits without leading zeros; empty for zero. */
function writeInteger(digits: string): string {
  let words = '';
  let hasPendingZero = false;
  for (let index = 0; index < digits.length; index += 1) {
    const position = digits.length - 1 - index;
    const digit = Number(digits.charAt(index));
    if (digit === 0) {
      // Leading zeros are stripped, so a zero here always follows a written digit.
      hasPendingZero = true;
    } else {
      if (hasPendingZero) {
        words += DIGITS[0];
        hasPendingZero = false;
      }
      words += `${DIGITS[digit]}${UNITS_IN_GROUP[position % 4]}`;
    }
    words += writeGroupUnit(digits, position);
  }
  return words;
}

/**
 * The unit closing the group of four that ends at `position`: 万 when that group has a non-zero
 * digit, 亿 whenever anything at or above it does (1,0000,0000,0000 is 壹万亿).
 */
function writeGroupUnit(digits: string, position: number): string {
  if (position === 0 || position % 4 !== 0) {
    return '';
  }
  const end = digits.length - position;
  if (position === 8) {
    return /[1-9]/.test(digits.slice(0, end)) ? '亿' : '';
  }
  return /[1-9]/.test(digits.slice(Math.max(0, end - 4), end)) ? '万' : '';
}
