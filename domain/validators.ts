/**
 * Pure field validators shared by the React client and the Fastify server, so that a value the
 * form accepts is never refused by the server for a different reason (and the other way round).
 *
 * Predicates (`isXxx`) test the exact string they are given: they do not trim. Letters in
 * certificate numbers and car plates are accepted in either case because the forms upper-case them
 * before submitting (`normalizeIdCard`). Nothing here reads the clock, so both sides always agree.
 *
 * Checkers (`checkXxx`) return the Chinese message the user sees, or null when the value is fine.
 */

/** Text inputs cap their length at this many characters unless a field says otherwise. */
export const DEFAULT_TEXT_MAX_LENGTH = 140;

/** Verification codes are this many digits unless the caller says otherwise. */
export const DEFAULT_CODE_LENGTH = 6;

const MOBILE_PATTERN = /^1[2-9]\d{9}$/;

const EMAIL_PATTERN =
  /^[\w!#$%&'*+/=?^`{|}~-]+(?:\.[\w!#$%&'*+/=?^`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;

const URL_SCHEME_PATTERN = /^https?:\/\//i;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

const NUMBER_PATTERN = /^[+-]?\d+(?:\.\d+)?$/;

const DIGITS_PATTERN = /^\d+$/;

// Region code, birth date (century 18, 19 or 20), sequence number, check character.
const ID_CARD_PATTERN = /^[1-9]\d{5}((?:18|19|20)\d{2})(\d{2})(\d{2})\d{3}[\dX]$/i;

// GB 11643: weight of each of the first 17 digits, and the check character for `sum % 11`.
const ID_CARD_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const ID_CARD_CHECK_CHARS = '10X98765432';

// H/M + 8 digits is the current card of Hong Kong and Macau residents; H/M + 10 digits is the older
// booklet (8 digits plus a 2-digit renewal count). C + 8 characters is the mainland-issued permit.
const HONG_KONG_MACAU_PERMIT_PATTERN = /^(?:[HM](?:\d{8}|\d{10})|C[A-Z0-9]\d{7})$/i;

// 8 digits is the current card; 10 digits with an optional letter is the older booklet.
const TAIWAN_PERMIT_PATTERN = /^(?:\d{8}|\d{10}[A-Z]?)$/i;

const PASSPORT_PATTERN = /^[A-Z0-9]{5,17}$/i;

const PLATE_PROVINCES = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼';
// Plates never use I or O (they read as 1 and 0), neither as authority letter nor in the serial.
const PLATE_AUTHORITY = '[A-HJ-NP-Z]';
const PLATE_CHAR = '[A-HJ-NP-Z0-9]';
// 7 characters: the last may mark a trailer, coach, police or Hong Kong/Macau cross-border plate.
const ORDINARY_PLATE_PATTERN = new RegExp(
  `^[${PLATE_PROVINCES}]${PLATE_AUTHORITY}${PLATE_CHAR}{4}(?:${PLATE_CHAR}|[挂学警港澳])$`,
  'i',
);
// 8 characters, new energy: small cars put the energy letter first (D/A/B/C/E electric,
// F/G/H/J/K hybrid), large vehicles put D or F last.
const NEW_ENERGY_PLATE_PATTERN = new RegExp(
  `^[${PLATE_PROVINCES}]${PLATE_AUTHORITY}(?:[A-HJK]${PLATE_CHAR}\\d{4}|\\d{5}[DF])$`,
  'i',
);

const AMOUNT_PATTERN = /^(?:0|[1-9]\d*)(?:\.\d{1,2})?$/;

// Area code of 3 or 4 digits starting with 0, a 7 or 8 digit number, an optional extension.
const LANDLINE_PATTERN = /^0\d{2,3}-\d{7,8}(?:-\d{1,6})?$/;

// The unified social credit code alphabet leaves out I, O, Z, S and V.
const CREDIT_CODE_PATTERN = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/i;
const LEGACY_LICENCE_PATTERN = /^\d{15}$/;

// GB 32100: each character's value is its index here, weights are 3^i mod 31.
const CREDIT_CODE_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_CODE_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28] as const;

export type PartyRole = 'party' | 'agent' | 'coOwner';

export type PartyPersonInput = {
  name?: string | null;
  certNo?: string | null;
  phone?: string | null;
};

export type PartyCompanyInput = {
  name?: string | null;
  certNo?: string | null;
};

export type RegionSelection = {
  id?: string | number | null;
  name?: string | null;
};

const ROLE_LABELS: Record<PartyRole, string> = {
  party: '',
  agent: '代理人',
  coOwner: '共有人',
};

export function isMobile(value: string): boolean {
  return MOBILE_PATTERN.test(value);
}

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}

/** An absolute http or https address with a host. */
export function isUrl(value: string): boolean {
  // The URL parser forgives a missing `//` and stray spaces; the pattern and the space test do not.
  if (!URL_SCHEME_PATTERN.test(value) || /\s/.test(value)) {
    return false;
  }
  try {
    return new URL(value).hostname !== '';
  } catch {
    return false;
  }
}

/** `YYYY-MM-DD` naming a day that exists in the Gregorian calendar. */
export function isDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (match === null) {
    return false;
  }
  return isCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** A plain decimal number, optionally signed: no exponent, no thousands separators. */
export function isNumber(value: string): boolean {
  return NUMBER_PATTERN.test(value);
}

export function isDigits(value: string): boolean {
  return DIGITS_PATTERN.test(value);
}

/** An 18-character resident ID card number with a real birth date and a valid GB 11643 checksum. */
export function isIdCard(value: string): boolean {
  const match = ID_CARD_PATTERN.exec(value);
  if (match === null || !isCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]))) {
    return false;
  }
  return idCardCheckChar(value.slice(0, 17)) === value[17]?.toUpperCase();
}

/** The GB 11643 check character (18th) of the first 17 digits of a resident ID card number. */
export function idCardCheckChar(first17: string): string {
  let sum = 0;
  ID_CARD_WEIGHTS.forEach((weight, index) => {
    sum += Number(first17[index]) * weight;
  });
  return ID_CARD_CHECK_CHARS[sum % 11] ?? '';
}

/** Trims and upper-cases a certificate number, as the forms do before validating and saving. */
export function normalizeIdCard(value: string): string {
  return value.trim().toUpperCase();
}

export function isHongKongMacauPermit(value: string): boolean {
  return HONG_KONG_MACAU_PERMIT_PATTERN.test(value);
}

export function isTaiwanPermit(value: string): boolean {
  return TAIWAN_PERMIT_PATTERN.test(value);
}

export function isPassport(value: string): boolean {
  return PASSPORT_PATTERN.test(value);
}

export function isCarPlate(value: string): boolean {
  return ORDINARY_PLATE_PATTERN.test(value) || NEW_ENERGY_PLATE_PATTERN.test(value);
}

/** A non-negative amount with at most 2 decimals and no leading zeros. */
export function isAmount(value: string): boolean {
  return AMOUNT_PATTERN.test(value);
}

export function isLandline(value: string): boolean {
  return LANDLINE_PATTERN.test(value);
}

/** Exactly `length` digits; throws a RangeError when `length` is not a positive integer. */
export function isCode(value: string, length: number = DEFAULT_CODE_LENGTH): boolean {
  if (!Number.isInteger(length) || length < 1) {
    throw new RangeError(`code length must be a positive integer, got ${length}`);
  }
  return value.length === length && isDigits(value);
}

/**
 * The rule the contract forms apply: an 18-character unified social credit code by shape, or a
 * 15-digit registration number from before 2015. The checksum is deliberately not required here
 * (see `hasValidCreditCodeChecksum`) so the forms accept exactly what the original product accepted.
 */
export function isBusinessLicence(value: string): boolean {
  return CREDIT_CODE_PATTERN.test(value) || LEGACY_LICENCE_PATTERN.test(value);
}

/** The stricter check: an 18-character unified social credit code whose GB 32100 check character matches. */
export function hasValidCreditCodeChecksum(value: string): boolean {
  if (!CREDIT_CODE_PATTERN.test(value)) {
    return false;
  }
  const code = value.toUpperCase();
  let sum = 0;
  CREDIT_CODE_WEIGHTS.forEach((weight, index) => {
    sum += CREDIT_CODE_ALPHABET.indexOf(code.charAt(index)) * weight;
  });
  return CREDIT_CODE_ALPHABET.charAt((31 - (sum % 31)) % 31) === code.charAt(17);
}

/**
 * Counts UTF-16 code units, as the browser's `maxlength` attribute does, so the server never
 * refuses text the input let through.
 */
export function isWithinMaxLength(value: string, maxLength: number = DEFAULT_TEXT_MAX_LENGTH): boolean {
  return value.length <= maxLength;
}

/** The message for the verification-code flow, where a bad number stops the code being sent. */
export function checkMobile(value: string): string | null {
  return isMobile(value) ? null : '手机号格式不正确';
}

/**
 * Checks a contract party who is a person (seller, buyer, their agent or a co-owner), in the order
 * the form shows the fields. The ID number is judged after `normalizeIdCard`.
 */
export function checkPartyPerson(person: PartyPersonInput, role: PartyRole = 'party'): string | null {
  const identityMessage = checkIdentity(person, role);
  if (identityMessage !== null) {
    return identityMessage;
  }
  if (!isMobile((person.phone ?? '').trim())) {
    return '手机号码格式不正确';
  }
  return null;
}

/**
 * The name and ID number alone: what an identity lookup needs before face verification is
 * requested, and the first two checks of `checkPartyPerson`.
 */
export function checkIdentity(
  person: Pick<PartyPersonInput, 'name' | 'certNo'>,
  role: PartyRole = 'party',
): string | null {
  if (isBlank(person.name)) {
    return '请输入姓名';
  }
  if (!isIdCard(normalizeIdCard(person.certNo ?? ''))) {
    return `${ROLE_LABELS[role]}身份证号码格式不正确`;
  }
  return null;
}

/** The certificate types of a signing party (getCertTypeList): 1 ID card, 2 passport, 3 HK/Macau, 4 Taiwan. */
export const CERT_TYPE_NAMES: Record<1 | 2 | 3 | 4, string> = {
  1: '居民身份证',
  2: '护照',
  3: '港澳居民来往内地通行证',
  4: '台湾居民来往大陆通行证',
};

/**
 * A person's own certificate (type and number, the number after `normalizeIdCard`): an ID card by
 * its GB 11643 checksum and birth date, the others by shape.
 */
export function checkCertificate(
  certType: number | null | undefined,
  certNo: string | null | undefined,
): string | null {
  if (certType !== 1 && certType !== 2 && certType !== 3 && certType !== 4) {
    return '请选择证件类型';
  }
  const value = normalizeIdCard(certNo ?? '');
  if (value === '') {
    return '请输入证件号码';
  }
  const valid =
    certType === 1
      ? isIdCard(value)
      : certType === 2
        ? isPassport(value)
        : certType === 3
          ? isHongKongMacauPermit(value)
          : isTaiwanPermit(value);
  return valid ? null : `${CERT_TYPE_NAMES[certType]}号码格式不正确`;
}

/** Checks a contract party that is a company: its name and business licence number. */
export function checkPartyCompany(company: PartyCompanyInput): string | null {
  if (isBlank(company.name)) {
    return '请输入企业名称';
  }
  if (!isBusinessLicence((company.certNo ?? '').trim())) {
    return '企业营业执照号码格式不正确';
  }
  return null;
}

/** A picked province, city or district counts only when it carries both its id and its name. */
export function checkRegion(region: RegionSelection | null | undefined): string | null {
  const id = region?.id;
  const hasId = typeof id === 'number' ? Number.isFinite(id) : !isBlank(id);
  return hasId && !isBlank(region?.name) ? null : '请选择地区信息';
}

export function checkOperatorName(name: string | null | undefined): string | null {
  return isBlank(name) ? '请输入经办人人名' : null;
}

/**
 * Coerces a numeric form field (area, prices) the way the contract forms do: empty gives 0, and so
 * does anything that is not a plain decimal number, since the field has been validated before.
 */
export function toNumberOrZero(value: string | number | null | undefined): number {
  if (typeof value === 'number') {
    return Number.isFinite(value) ? value : 0;
  }
  const text = (value ?? '').trim();
  return isNumber(text) ? Number(text) + 0 : 0;
}

/** As `toNumberOrZero`, dropping any fraction: rooms, halls, baths and floors are whole numbers. */
export function toIntegerOrZero(value: string | number | null | undefined): number {
  // `+ 0` turns the -0 that Math.trunc(-0.5) gives into 0.
  return Math.trunc(toNumberOrZero(value)) + 0;
}

function isBlank(value: string | null | undefined): boolean {
  return value === null || value === undefined || value.trim() === '';
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) {
    return false;
  }
  const isLeapYear = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const daysInMonth = [31, isLeapYear ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return day <= daysInMonth;
}
