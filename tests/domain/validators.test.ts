import { describe, it, expect } from 'vitest';

import {
  DEFAULT_CODE_LENGTH,
  DEFAULT_TEXT_MAX_LENGTH,
  checkCertificate,
  checkIdentity,
  checkMobile,
  checkOperatorName,
  checkPartyCompany,
  checkPartyPerson,
  checkRegion,
  hasValidCreditCodeChecksum,
  isAmount,
  isBusinessLicence,
  isCarPlate,
  isCode,
  isDate,
  isDigits,
  isEmail,
  isHongKongMacauPermit,
  isIdCard,
  isLandline,
  isMobile,
  isNumber,
  isPassport,
  isTaiwanPermit,
  isUrl,
  isWithinMaxLength,
  normalizeIdCard,
  toIntegerOrZero,
  toNumberOrZero,
} from '../../domain/validators';

// Check characters below were computed independently with the GB 11643 / GB 32100 formulas.
const VALID_ID_CARDS = [
  '11010519491231002X',
  '440524188001010014',
  '320106199003071517',
  '110101200002290018', // 2000 is a leap year
];
const VALID_CREDIT_CODE = '91350100M000100Y43';

function expectAll(predicate: (value: string) => boolean, values: string[], expected: boolean): void {
  for (const value of values) {
    expect({ value, result: predicate(value) }).toEqual({ value, result: expected });
  }
}

describe('isMobile', () => {
  it('accepts 11 digits starting with 1 and a second digit from 2 to 9', () => {
    expectAll(isMobile, ['13800138000', '12012345678', '19912345678', '16612345678'], true);
  });

  it('rejects a second digit of 0 or 1, wrong lengths and non-digits', () => {
    expectAll(
      isMobile,
      [
        '10012345678',
        '11012345678',
        '1380013800',
        '138001380001',
        '23800138000',
        '1380013800a',
        '',
        ' 13800138000',
      ],
      false,
    );
  });
});

describe('checkMobile', () => {
  it('returns the toast of the verification-code flow for a bad number', () => {
    expect(checkMobile('1234')).toBe('手机号格式不正确');
    expect(checkMobile('')).toBe('手机号格式不正确');
  });

  it('returns null for a good number', () => {
    expect(checkMobile('13800138000')).toBeNull();
  });
});

describe('isEmail', () => {
  it('accepts ordinary addresses', () => {
    expectAll(isEmail, ['a@b.cn', 'zhang.san+deals@fang-ke.com.cn', 'user_1@mail.example.org'], true);
  });

  it('rejects addresses without a domain, a dot in the domain, or with spaces', () => {
    expectAll(
      isEmail,
      ['', 'a@b', 'a.b.cn', '@b.cn', 'a@.cn', 'a@b..cn', 'a b@c.cn', 'a@b.cn ', 'a@-b.cn', 'a.@b.cn'],
      false,
    );
  });
});

describe('isUrl', () => {
  it('accepts absolute http and https addresses', () => {
    expectAll(
      isUrl,
      ['http://example.com', 'https://www.example.com/a/b?c=1#d', 'https://localhost:8080/'],
      true,
    );
  });

  it('rejects other schemes, relative paths and addresses with spaces', () => {
    expectAll(
      isUrl,
      [
        '',
        'example.com',
        'ftp://example.com',
        'http:example.com',
        'http://',
        'https://exa mple.com',
        '/path',
        'javascript:alert(1)',
      ],
      false,
    );
  });
});

describe('isDate', () => {
  it('accepts real calendar dates in YYYY-MM-DD', () => {
    expectAll(isDate, ['2024-01-31', '2024-02-29', '2000-02-29', '1999-12-31', '2023-04-30'], true);
  });

  it('rejects days that do not exist', () => {
    expectAll(
      isDate,
      ['2023-02-29', '1900-02-29', '2024-04-31', '2024-13-01', '2024-00-10', '2024-01-00', '2024-01-32'],
      false,
    );
  });

  it('rejects other layouts', () => {
    expectAll(
      isDate,
      ['', '2024-1-31', '2024/01/31', '20240131', '24-01-31', '2024-01-31 ', '2024-01-31T00:00'],
      false,
    );
  });
});

describe('isNumber', () => {
  it('accepts plain signed decimals', () => {
    expectAll(isNumber, ['0', '12', '-3', '+4', '3.14', '-0.5', '007'], true);
  });

  it('rejects exponents, separators, bare points and blanks', () => {
    expectAll(isNumber, ['', ' ', '1e3', '1,000', '.5', '1.', '-', 'NaN', 'Infinity', '1 2', '0x10'], false);
  });
});

describe('isDigits', () => {
  it('accepts only digits', () => {
    expectAll(isDigits, ['0', '0123', '9876543210'], true);
    expectAll(isDigits, ['', '-1', '1.0', '12a', ' 1'], false);
  });
});

describe('isIdCard', () => {
  it('accepts 18-character numbers with a real birth date and a matching check character', () => {
    expectAll(isIdCard, VALID_ID_CARDS, true);
  });

  it('accepts a lower-case x as the check character', () => {
    expect(isIdCard('11010519491231002x')).toBe(true);
  });

  it('rejects a wrong check character', () => {
    expectAll(isIdCard, ['110105194912310021', '440524188001010015', '32010619900307151X'], false);
  });

  it('rejects a birth date that does not exist even when the checksum matches', () => {
    // Both carry the check character their first 17 digits compute to.
    expectAll(isIdCard, ['11010119990230001X', '110101199013010012', '110101190002290011'], false);
  });

  it('rejects birth years outside 1800 to 2099 and region codes starting with 0', () => {
    expectAll(isIdCard, ['110101179901010012', '010101199001010011'], false);
  });

  it('rejects wrong lengths, the old 15-digit card and stray characters', () => {
    expectAll(
      isIdCard,
      [
        '',
        '110105491231002',
        '11010519491231002',
        '11010519491231002XX',
        '1101051949123100X2',
        ' 11010519491231002X',
      ],
      false,
    );
  });
});

describe('normalizeIdCard', () => {
  it('trims and upper-cases, as the forms do', () => {
    expect(normalizeIdCard(' 11010519491231002x ')).toBe('11010519491231002X');
    expect(normalizeIdCard('e12345678')).toBe('E12345678');
  });
});

describe('isHongKongMacauPermit', () => {
  it('accepts H or M followed by 8 or 10 digits', () => {
    expectAll(isHongKongMacauPermit, ['H12345678', 'M12345678', 'H1234567890', 'M1234567801'], true);
  });

  it('accepts the mainland-issued C form', () => {
    expectAll(isHongKongMacauPermit, ['C12345678', 'CA1234567', 'c12345678'], true);
  });

  it('rejects other letters and lengths', () => {
    expectAll(
      isHongKongMacauPermit,
      [
        '',
        'H1234567',
        'H123456789',
        'H12345678901',
        'A12345678',
        'CA123456',
        'CAB123456',
        '12345678',
        'H 12345678',
      ],
      false,
    );
  });
});

describe('isTaiwanPermit', () => {
  it('accepts 8 digits, or 10 digits with an optional letter', () => {
    expectAll(isTaiwanPermit, ['12345678', '1234567890', '1234567890B', '1234567890b'], true);
  });

  it('rejects other lengths and letters elsewhere', () => {
    expectAll(
      isTaiwanPermit,
      ['', '1234567', '123456789', '12345678901', '1234567890BC', 'T12345678', 'B1234567890'],
      false,
    );
  });
});

describe('isPassport', () => {
  it('accepts 5 to 17 letters and digits', () => {
    expectAll(
      isPassport,
      ['E12345678', 'G12345678', 'EA1234567', 'P1234', '123456789', 'AB1234567890CDEFG'],
      true,
    );
  });

  it('rejects too short, too long and punctuation', () => {
    expectAll(isPassport, ['', 'E123', 'AB1234567890CDEFGH', 'E1234-5678', 'E 12345678', '护照12345'], false);
  });
});

describe('isCarPlate', () => {
  it('accepts ordinary 7-character plates', () => {
    expectAll(
      isCarPlate,
      ['京A12345', '沪B1C2D3', '粤BD1234', '川A1234学', '京A1234警', '粤Z1234港', '辽A1234挂', '京a12345'],
      true,
    );
  });

  it('accepts 8-character new-energy plates', () => {
    expectAll(isCarPlate, ['京AD12345', '沪AF12345', '粤BDA1234', '京A12345D', '苏E12345F'], true);
  });

  it('rejects unknown provinces, I and O, and wrong lengths', () => {
    expectAll(
      isCarPlate,
      [
        '',
        'A12345',
        '港A12345',
        'XA12345',
        '京112345',
        '京IA1234',
        '京A1234I',
        '京AO1234',
        '京A1234',
        '京A123456',
        '京A123456X',
        '京AD1234A',
        '京A12345DD',
      ],
      false,
    );
  });
});

describe('isAmount', () => {
  it('accepts non-negative amounts with at most two decimals', () => {
    expectAll(isAmount, ['0', '0.5', '0.05', '12', '1234.56', '100.00'], true);
  });

  it('rejects negatives, three decimals, leading zeros and separators', () => {
    expectAll(isAmount, ['', '-1', '1.234', '01', '1.', '.5', '1,000', '1e3', ' 1'], false);
  });
});

describe('isLandline', () => {
  it('accepts an area code, a number and an optional extension', () => {
    expectAll(isLandline, ['010-12345678', '0755-1234567', '021-87654321-123', '0571-88888888-8'], true);
  });

  it('rejects a missing area code, a mobile number and wrong digit counts', () => {
    expectAll(
      isLandline,
      [
        '',
        '12345678',
        '13800138000',
        '10-12345678',
        '010-123456',
        '010-123456789',
        '01012345678',
        '010-12345678-',
      ],
      false,
    );
  });
});

describe('isCode', () => {
  it('accepts exactly six digits by default', () => {
    expect(DEFAULT_CODE_LENGTH).toBe(6);
    expect(isCode('123456')).toBe(true);
    expectAll(isCode, ['12345', '1234567', '12345a', ''], false);
  });

  it('takes the expected length as a parameter', () => {
    expect(isCode('1234', 4)).toBe(true);
    expect(isCode('123456', 4)).toBe(false);
  });

  it('throws for a length that is not a positive integer', () => {
    expect(() => isCode('1', 0)).toThrow(RangeError);
    expect(() => isCode('1', 1.5)).toThrow(RangeError);
  });
});

describe('isBusinessLicence', () => {
  it('accepts an 18-character credit code shaped as the seed describes', () => {
    expectAll(isBusinessLicence, [VALID_CREDIT_CODE, '91110000100003000F', '91440300MA5F0WXX04'], true);
  });

  it('accepts a shaped credit code even when its check character is wrong', () => {
    expect(isBusinessLicence('91350100M000100Y44')).toBe(true);
  });

  it('accepts a 15-digit registration number', () => {
    expect(isBusinessLicence('110108000000016')).toBe(true);
  });

  it('rejects I, O, Z, S and V, letters among the six digits, and other lengths', () => {
    expectAll(
      isBusinessLicence,
      [
        '',
        'I1350100M000100Y43',
        '91350100M000100O43',
        '91350100M000100Z43',
        '91350100S000100Y43',
        '9V350100M000100Y43',
        '913501A0M000100Y43',
        '91350100M000100Y4',
        '91350100M000100Y431',
        '11010800000001',
        '11010800000001A',
      ],
      false,
    );
  });
});

describe('hasValidCreditCodeChecksum', () => {
  it('accepts credit codes whose GB 32100 check character matches', () => {
    expectAll(
      hasValidCreditCodeChecksum,
      [VALID_CREDIT_CODE, '91110000100003000F', '91440300MA5F0WXX04', '12100000400010275N'],
      true,
    );
  });

  it('rejects a wrong check character', () => {
    expectAll(hasValidCreditCodeChecksum, ['91350100M000100Y44', '91110000100003000G'], false);
  });

  it('rejects 15-digit registration numbers and malformed codes', () => {
    expectAll(
      hasValidCreditCodeChecksum,
      ['110108000000016', '', '91350100M000100Y4', '91350100M000100O43'],
      false,
    );
  });
});

describe('isWithinMaxLength', () => {
  it('allows 140 characters by default', () => {
    expect(DEFAULT_TEXT_MAX_LENGTH).toBe(140);
    expect(isWithinMaxLength('房'.repeat(140))).toBe(true);
    expect(isWithinMaxLength('房'.repeat(141))).toBe(false);
  });

  it('takes another limit as a parameter', () => {
    expect(isWithinMaxLength('abc', 3)).toBe(true);
    expect(isWithinMaxLength('abcd', 3)).toBe(false);
  });
});

describe('checkPartyPerson', () => {
  const person = { name: '张三', certNo: '11010519491231002X', phone: '13800138000' };

  it('returns null for a complete person', () => {
    expect(checkPartyPerson(person)).toBeNull();
  });

  it('asks for the name first', () => {
    expect(checkPartyPerson({ ...person, name: '  ', certNo: '', phone: '' })).toBe('请输入姓名');
    expect(checkPartyPerson({ ...person, name: undefined })).toBe('请输入姓名');
  });

  it('reports a bad or missing ID number', () => {
    expect(checkPartyPerson({ ...person, certNo: '110105194912310021' })).toBe('身份证号码格式不正确');
    expect(checkPartyPerson({ ...person, certNo: null })).toBe('身份证号码格式不正确');
  });

  it('names the agent or co-owner in the ID number message', () => {
    expect(checkPartyPerson({ ...person, certNo: '123' }, 'agent')).toBe('代理人身份证号码格式不正确');
    expect(checkPartyPerson({ ...person, certNo: '123' }, 'coOwner')).toBe('共有人身份证号码格式不正确');
  });

  it('judges the ID number after trimming and upper-casing it', () => {
    expect(checkPartyPerson({ ...person, certNo: ' 11010519491231002x ' })).toBeNull();
  });

  it('reports a bad or missing phone number', () => {
    expect(checkPartyPerson({ ...person, phone: '1380013800' })).toBe('手机号码格式不正确');
    expect(checkPartyPerson({ ...person, phone: '' })).toBe('手机号码格式不正确');
  });
});

describe('checkIdentity', () => {
  it('needs a name and a valid ID number but no phone', () => {
    expect(checkIdentity({ name: '张三', certNo: '440524188001010014' })).toBeNull();
    expect(checkIdentity({ name: '', certNo: '440524188001010014' })).toBe('请输入姓名');
    expect(checkIdentity({ name: '张三', certNo: '440524188001010015' }, 'agent')).toBe(
      '代理人身份证号码格式不正确',
    );
  });
});

describe('checkPartyCompany', () => {
  it('returns null for a named company with a well-formed licence number', () => {
    expect(checkPartyCompany({ name: '某某房产经纪有限公司', certNo: VALID_CREDIT_CODE })).toBeNull();
    expect(checkPartyCompany({ name: '某某房产经纪有限公司', certNo: '110108000000016' })).toBeNull();
  });

  it('asks for the company name', () => {
    expect(checkPartyCompany({ name: '', certNo: VALID_CREDIT_CODE })).toBe('请输入企业名称');
  });

  it('reports a bad or missing licence number', () => {
    expect(checkPartyCompany({ name: '某公司', certNo: '91350100M000100O43' })).toBe(
      '企业营业执照号码格式不正确',
    );
    expect(checkPartyCompany({ name: '某公司', certNo: undefined })).toBe('企业营业执照号码格式不正确');
  });
});

describe('checkRegion', () => {
  it('returns null when the region has both an id and a name', () => {
    expect(checkRegion({ id: '110000', name: '北京市' })).toBeNull();
    expect(checkRegion({ id: 0, name: '全部' })).toBeNull();
  });

  it('asks for a region when the id or the name is missing', () => {
    for (const region of [
      null,
      undefined,
      {},
      { id: '110000' },
      { name: '北京市' },
      { id: '', name: '北京市' },
      { id: '110000', name: ' ' },
      { id: Number.NaN, name: '北京市' },
    ]) {
      expect(checkRegion(region)).toBe('请选择地区信息');
    }
  });
});

describe('checkOperatorName', () => {
  it('asks for the operator name when it is blank', () => {
    expect(checkOperatorName('')).toBe('请输入经办人人名');
    expect(checkOperatorName('   ')).toBe('请输入经办人人名');
    expect(checkOperatorName(null)).toBe('请输入经办人人名');
  });

  it('returns null for a given name', () => {
    expect(checkOperatorName('李四')).toBeNull();
  });
});

describe('toNumberOrZero', () => {
  it('turns an empty field into 0', () => {
    expect(toNumberOrZero('')).toBe(0);
    expect(toNumberOrZero('   ')).toBe(0);
    expect(toNumberOrZero(null)).toBe(0);
    expect(toNumberOrZero(undefined)).toBe(0);
  });

  it('reads decimal text as a number', () => {
    expect(toNumberOrZero('89.5')).toBe(89.5);
    expect(toNumberOrZero(' 120 ')).toBe(120);
    expect(toNumberOrZero('-2')).toBe(-2);
  });

  it('gives 0 for text that is not a plain decimal and for non-finite numbers', () => {
    expect(toNumberOrZero('abc')).toBe(0);
    expect(toNumberOrZero('1e3')).toBe(0);
    expect(toNumberOrZero(Number.NaN)).toBe(0);
    expect(toNumberOrZero(Number.POSITIVE_INFINITY)).toBe(0);
  });

  it('passes finite numbers through', () => {
    expect(toNumberOrZero(3.25)).toBe(3.25);
  });

  it('never returns negative zero', () => {
    expect(Object.is(toNumberOrZero('-0'), 0)).toBe(true);
  });
});

describe('toIntegerOrZero', () => {
  it('turns an empty field into 0', () => {
    expect(toIntegerOrZero('')).toBe(0);
    expect(toIntegerOrZero(undefined)).toBe(0);
  });

  it('drops the fraction toward zero', () => {
    expect(toIntegerOrZero('3')).toBe(3);
    expect(toIntegerOrZero('3.7')).toBe(3);
    expect(toIntegerOrZero('-1.5')).toBe(-1);
    expect(toIntegerOrZero(2.9)).toBe(2);
  });

  it('never returns negative zero', () => {
    expect(Object.is(toIntegerOrZero('-0.5'), 0)).toBe(true);
  });
});

describe('checkCertificate', () => {
  it('asks for the type, then the number', () => {
    expect(checkCertificate(undefined, '11010519491231002X')).toBe('请选择证件类型');
    expect(checkCertificate(5, '11010519491231002X')).toBe('请选择证件类型');
    expect(checkCertificate(1, '  ')).toBe('请输入证件号码');
  });

  it('checks an ID card by its check digit after normalising, the others by shape', () => {
    expect(checkCertificate(1, ' 11010519491231002x ')).toBeNull();
    expect(checkCertificate(1, '110105194912310021')).toBe('居民身份证号码格式不正确');
    expect(checkCertificate(2, 'E12345678')).toBeNull();
    expect(checkCertificate(2, 'E1')).toBe('护照号码格式不正确');
    expect(checkCertificate(3, 'H12345678')).toBeNull();
    expect(checkCertificate(3, '12345678')).toBe('港澳居民来往内地通行证号码格式不正确');
    expect(checkCertificate(4, '12345678')).toBeNull();
    expect(checkCertificate(4, 'T1234')).toBe('台湾居民来往大陆通行证号码格式不正确');
  });
});

describe('what the forms accept around the value', () => {
  it('takes the value alone: nothing typed before an address, a date, a permit, a phone or a licence', () => {
    expect(isUrl('xhttps://fang-ke.com')).toBe(false);
    expect(isDate('12024-01-31')).toBe(false);
    expect(isHongKongMacauPermit('XH12345678')).toBe(false);
    expect(isLandline('9010-12345678')).toBe(false);
    expect(isBusinessLicence(`X${VALID_CREDIT_CODE}`)).toBe(false);
    expect(isBusinessLicence('1101080000000160')).toBe(false);
    expect(isBusinessLicence('110108000000016X')).toBe(false);
  });

  it('refuses day 00 of a month', () => {
    expect(isDate('2024-01-00')).toBe(false);
  });

  it('accepts a plate typed in lower case, ordinary or new energy', () => {
    expect(isCarPlate('京a12345')).toBe(true);
    expect(isCarPlate('粤bda1234')).toBe(true);
    expect(isCarPlate('京a12345d')).toBe(true);
  });

  it('accepts a one-digit code and says why a length is refused', () => {
    expect(isCode('7', 1)).toBe(true);
    expect(() => isCode('1', 0)).toThrow('code length must be a positive integer, got 0');
  });

  it('ignores spaces around a phone number and a licence number, and asks for a missing certificate number', () => {
    expect(
      checkPartyPerson({ name: '张三', certNo: '11010519491231002X', phone: ' 13800138000 ' }),
    ).toBeNull();
    expect(checkPartyCompany({ name: '房客地产', certNo: ` ${VALID_CREDIT_CODE} ` })).toBeNull();
    expect(checkCertificate(1, null)).toBe('请输入证件号码');
    expect(checkCertificate(2, undefined)).toBe('请输入证件号码');
  });
});
