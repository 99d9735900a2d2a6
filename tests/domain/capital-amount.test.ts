import { describe, it, expect } from 'vitest';

import { CAPITAL_AMOUNT_LIMIT, formatCapitalAmount } from '../../domain/capital-amount';

describe('formatCapitalAmount', () => {
  it('writes yuan, jiao and fen', () => {
    expect(formatCapitalAmount(1234.56)).toBe('壹仟贰佰叁拾肆元伍角陆分');
  });

  it('ends a whole amount with 整', () => {
    expect(formatCapitalAmount(100)).toBe('壹佰元整');
    expect(formatCapitalAmount(1)).toBe('壹元整');
    expect(formatCapitalAmount(200000)).toBe('贰拾万元整');
  });

  it('writes zero as 零元整', () => {
    expect(formatCapitalAmount(0)).toBe('零元整');
    expect(formatCapitalAmount(-0)).toBe('零元整');
    expect(formatCapitalAmount('0.00')).toBe('零元整');
  });

  it('writes ten and the tens with an explicit 壹', () => {
    expect(formatCapitalAmount(10)).toBe('壹拾元整');
    expect(formatCapitalAmount(110)).toBe('壹佰壹拾元整');
    expect(formatCapitalAmount(100000)).toBe('壹拾万元整');
  });

  it('writes one 零 for a run of zeros inside a group of four', () => {
    expect(formatCapitalAmount(1005.1)).toBe('壹仟零伍元壹角');
    expect(formatCapitalAmount(1010)).toBe('壹仟零壹拾元整');
    expect(formatCapitalAmount(1001)).toBe('壹仟零壹元整');
    expect(formatCapitalAmount(101)).toBe('壹佰零壹元整');
  });

  it('does not write trailing zeros', () => {
    expect(formatCapitalAmount(1500)).toBe('壹仟伍佰元整');
    expect(formatCapitalAmount(1000)).toBe('壹仟元整');
  });

  it('writes 零 when a lower group starts with zeros', () => {
    expect(formatCapitalAmount(10001)).toBe('壹万零壹元整');
    expect(formatCapitalAmount(100500)).toBe('壹拾万零伍佰元整');
    expect(formatCapitalAmount(1001000)).toBe('壹佰万零壹仟元整');
    expect(formatCapitalAmount(100010000)).toBe('壹亿零壹万元整');
  });

  it('writes 零 across a group that is all zeros', () => {
    expect(formatCapitalAmount(100001000)).toBe('壹亿零壹仟元整');
    expect(formatCapitalAmount(100000001)).toBe('壹亿零壹元整');
    expect(formatCapitalAmount(1000010000)).toBe('壹拾亿零壹万元整');
    expect(formatCapitalAmount(1000000000001)).toBe('壹万亿零壹元整');
  });

  it('writes no 零 where a group starts with a non-zero digit', () => {
    expect(formatCapitalAmount(12345678)).toBe('壹仟贰佰叁拾肆万伍仟陆佰柒拾捌元整');
    expect(formatCapitalAmount(10001000)).toBe('壹仟万零壹仟元整');
    expect(formatCapitalAmount(11111111)).toBe('壹仟壹佰壹拾壹万壹仟壹佰壹拾壹元整');
  });

  it('skips 万 for an empty ten-thousands group', () => {
    expect(formatCapitalAmount(100000000)).toBe('壹亿元整');
    expect(formatCapitalAmount(300000000)).toBe('叁亿元整');
    expect(formatCapitalAmount(120000000)).toBe('壹亿贰仟万元整');
  });

  it('keeps 亿 when only the groups above it are non-zero', () => {
    expect(formatCapitalAmount(1000000000000)).toBe('壹万亿元整');
    expect(formatCapitalAmount(100000000000000)).toBe('壹佰万亿元整');
    expect(formatCapitalAmount(1000100000000)).toBe('壹万零壹亿元整');
  });

  it('writes the largest amounts up to 15 integer digits', () => {
    expect(formatCapitalAmount(12345678901234)).toBe(
      '壹拾贰万叁仟肆佰伍拾陆亿柒仟捌佰玖拾万零壹仟贰佰叁拾肆元整',
    );
    expect(formatCapitalAmount(999999999999999)).toBe(
      '玖佰玖拾玖万玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元整',
    );
    expect(formatCapitalAmount('999999999999999.99')).toBe(
      '玖佰玖拾玖万玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分',
    );
  });

  it('writes 零 for a missing jiao between yuan and fen', () => {
    expect(formatCapitalAmount(1.05)).toBe('壹元零伍分');
    expect(formatCapitalAmount(10.05)).toBe('壹拾元零伍分');
  });

  it('writes no 零 before jiao when the yuan digit is zero', () => {
    expect(formatCapitalAmount(1680.32)).toBe('壹仟陆佰捌拾元叁角贰分');
    expect(formatCapitalAmount(10.5)).toBe('壹拾元伍角');
  });

  it('leaves out 元 for amounts below one yuan', () => {
    expect(formatCapitalAmount(0.5)).toBe('伍角');
    expect(formatCapitalAmount(0.56)).toBe('伍角陆分');
    expect(formatCapitalAmount(0.05)).toBe('伍分');
    expect(formatCapitalAmount('0.10')).toBe('壹角');
  });

  it('accepts numeric strings, with or without leading zeros', () => {
    expect(formatCapitalAmount('1234.56')).toBe('壹仟贰佰叁拾肆元伍角陆分');
    expect(formatCapitalAmount('1005.1')).toBe('壹仟零伍元壹角');
    expect(formatCapitalAmount('007')).toBe('柒元整');
  });

  it('rejects 1e15 and above as too large', () => {
    expect(CAPITAL_AMOUNT_LIMIT).toBe(1e15);
    expect(() => formatCapitalAmount(1e15)).toThrow(new RangeError('金额过大'));
    expect(() => formatCapitalAmount('1000000000000000')).toThrow(new RangeError('金额过大'));
    expect(() => formatCapitalAmount('1000000000000000.00')).toThrow(new RangeError('金额过大'));
    expect(() => formatCapitalAmount(Number.POSITIVE_INFINITY)).toThrow(new RangeError('金额过大'));
  });

  it('rejects negative amounts', () => {
    expect(() => formatCapitalAmount(-1)).toThrow(new RangeError('金额不能为负数'));
    expect(() => formatCapitalAmount(-0.01)).toThrow(new RangeError('金额不能为负数'));
    expect(() => formatCapitalAmount('-5')).toThrow(new RangeError('金额不能为负数'));
    expect(() => formatCapitalAmount(Number.NEGATIVE_INFINITY)).toThrow(new RangeError('金额不能为负数'));
  });

  it('rejects more than two decimals, including float noise', () => {
    expect(() => formatCapitalAmount(1.234)).toThrow(new RangeError('金额最多保留两位小数'));
    expect(() => formatCapitalAmount('0.123')).toThrow(new RangeError('金额最多保留两位小数'));
    expect(() => formatCapitalAmount(0.1 + 0.2)).toThrow(new RangeError('金额最多保留两位小数'));
    expect(() => formatCapitalAmount(1e-7)).toThrow(new RangeError('金额最多保留两位小数'));
  });

  it('rejects text that is not a plain decimal number', () => {
    for (const text of ['', 'abc', ' 1', '1 ', '1e3', '+1', '1.', '.5', '1,000', '¥1']) {
      expect(() => formatCapitalAmount(text)).toThrow(new RangeError('金额格式不正确'));
    }
    expect(() => formatCapitalAmount(Number.NaN)).toThrow(new RangeError('金额格式不正确'));
  });
});
