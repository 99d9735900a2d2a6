import { describe, expect, it } from 'vitest';
import {
  checkWidgetValues,
  isEmptyValue,
  missingFieldMessage,
  normalizeWidgetFields,
  widgetValueText,
  type WidgetFieldInput,
  type WidgetFieldRule,
} from '../../domain/widget-fields';

const none = new Set<string>();

describe('widget fields', () => {
  describe('saving definitions', () => {
    it('gives new fields the next free fieldsList_<n>, skipping names already taken', () => {
      const result = normalizeWidgetFields(
        [
          { fieldTitle: '车位', type: 1 },
          { fieldTitle: '物业费', type: 1 },
        ],
        new Set(['fieldsList_3', 'fieldsList_4']),
        3,
        '房源设置',
      );
      expect(result).toMatchObject({
        ok: true,
        value: { fields: [{ fieldName: 'fieldsList_5' }, { fieldName: 'fieldsList_6' }], nextSeq: 7 },
      });
    });

    it('keeps the name of a field the owner already has, and does not use up a number for it', () => {
      const result = normalizeWidgetFields(
        [
          { fieldTitle: '车位', fieldName: 'fieldsList_1', type: 1 },
          { fieldTitle: '物业费', type: 1 },
        ],
        new Set(['fieldsList_1']),
        2,
        '房源设置',
      );
      expect(result).toMatchObject({
        ok: true,
        value: { fields: [{ fieldName: 'fieldsList_1' }, { fieldName: 'fieldsList_2' }], nextSeq: 3 },
      });
    });

    it('refuses a fieldName that is not the owner’s, naming the field and the owner', () => {
      expect(
        normalizeWidgetFields(
          [{ fieldTitle: ' 车位 ', fieldName: 'fieldsList_9', type: 1 }],
          none,
          1,
          '该模板',
        ),
      ).toEqual({ ok: false, problem: '字段「车位」不属于该模板' });
    });

    it('refuses definitions the customisation check refuses', () => {
      expect(normalizeWidgetFields([{ fieldTitle: ' ', type: 1 }], none, 1, '该模板')).toEqual({
        ok: false,
        problem: '请输入字段名称',
      });
      expect(
        normalizeWidgetFields([{ fieldTitle: '朝向', type: 4, optionsData: [] }], none, 1, '该模板'),
      ).toEqual({
        ok: false,
        problem: '请填写「朝向」的选项',
      });
    });

    it('stores a text field with its title trimmed and no unit, options or date type', () => {
      const input: WidgetFieldInput = {
        fieldTitle: ' 备注 ',
        type: 2,
        placeholder: '请填写',
        numUnit: '元',
        requiredStatus: 1,
        optionsData: ['甲'],
        optionStatus: 1,
        dateType: 2,
      };
      expect(normalizeWidgetFields([input], none, 1, '该模板')).toEqual({
        ok: true,
        value: {
          fields: [
            {
              fieldTitle: '备注',
              fieldName: 'fieldsList_1',
              type: 2,
              placeholder: '请填写',
              numUnit: null,
              requiredStatus: 1,
              optionsData: [],
              optionStatus: 0,
              dateType: null,
            },
          ],
          nextSeq: 2,
        },
      });
    });

    it('defaults an unset placeholder, require flag, unit, option flag and date type', () => {
      const result = normalizeWidgetFields(
        [
          { fieldTitle: '面积', type: 3 },
          { fieldTitle: '朝向', type: 4, optionsData: ['东'] },
          { fieldTitle: '交房日', type: 6 },
        ],
        none,
        1,
        '该模板',
      );
      expect(result).toMatchObject({
        ok: true,
        value: {
          fields: [
            { placeholder: null, numUnit: null, requiredStatus: 0, optionStatus: 0, dateType: null },
            { optionsData: ['东'], optionStatus: 0, dateType: null },
            { optionsData: [], dateType: 1 },
          ],
        },
      });
    });

    it('keeps a number field’s unit, a choice field’s trimmed options and flag, a date field’s type', () => {
      const result = normalizeWidgetFields(
        [
          { fieldTitle: '押金', type: 7, numUnit: '元' },
          { fieldTitle: '配套', type: 5, optionsData: [' 电梯 ', '车位'], optionStatus: 1 },
          { fieldTitle: '交房时间', type: 6, dateType: 2 },
        ],
        none,
        1,
        '该模板',
      );
      expect(result).toMatchObject({
        ok: true,
        value: {
          fields: [
            { numUnit: '元', optionsData: [], optionStatus: 0 },
            { numUnit: null, optionsData: ['电梯', '车位'], optionStatus: 1 },
            { numUnit: null, dateType: 2 },
          ],
        },
      });
    });
  });

  it('counts missing, blank, empty lists and objects of empty values as empty, and 0 as a value', () => {
    expect(isEmptyValue(undefined)).toBe(true);
    expect(isEmptyValue(null)).toBe(true);
    expect(isEmptyValue('  ')).toBe(true);
    expect(isEmptyValue([])).toBe(true);
    expect(isEmptyValue({ a: '', b: null })).toBe(true);
    expect(isEmptyValue({ a: '', b: 'x' })).toBe(false);
    expect(isEmptyValue(' x ')).toBe(false);
    expect(isEmptyValue(['x'])).toBe(false);
    expect(isEmptyValue(0)).toBe(false);
    expect(isEmptyValue(false)).toBe(false);
  });

  it('asks to pick a choice or date field and to type the others', () => {
    expect(missingFieldMessage({ type: 4, fieldTitle: '朝向' })).toBe('请选择朝向');
    expect(missingFieldMessage({ type: 5, fieldTitle: '配套' })).toBe('请选择配套');
    expect(missingFieldMessage({ type: 6, fieldTitle: '交房日' })).toBe('请选择交房日');
    expect(missingFieldMessage({ type: 1, fieldTitle: '车位' })).toBe('请输入车位');
    expect(missingFieldMessage({ type: 3, fieldTitle: '面积' })).toBe('请输入面积');
    expect(missingFieldMessage({ type: 7, fieldTitle: '押金' })).toBe('请输入押金');
  });

  describe('checking a form’s values', () => {
    const field = (overrides: Partial<WidgetFieldRule> & Pick<WidgetFieldRule, 'type'>): WidgetFieldRule => ({
      fieldTitle: '字段',
      fieldName: 'f',
      requiredStatus: 0,
      ...overrides,
    });
    const check = (rule: WidgetFieldRule, value: unknown) => checkWidgetValues([rule], { f: value });

    it('refuses a required field left empty, naming it', () => {
      expect(check(field({ type: 1, fieldTitle: '车位', requiredStatus: 1 }), ' ')).toEqual({
        ok: false,
        problem: '请输入车位',
      });
      expect(
        checkWidgetValues([field({ type: 4, fieldTitle: '朝向', requiredStatus: 1 })], undefined),
      ).toEqual({
        ok: false,
        problem: '请选择朝向',
      });
    });

    it('stores an optional empty number as 0 and other empty fields as null', () => {
      expect(
        checkWidgetValues(
          [
            field({ type: 3, fieldName: 'a' }),
            field({ type: 7, fieldName: 'b' }),
            field({ type: 1, fieldName: 'c' }),
            field({ type: 6, fieldName: 'd' }),
          ],
          {},
        ),
      ).toEqual({ ok: true, value: { a: 0, b: 0, c: null, d: null } });
    });

    it('stops at the first problem and drops values of fields not defined', () => {
      expect(
        checkWidgetValues(
          [
            field({ type: 1, fieldName: 'a', fieldTitle: '甲', requiredStatus: 1 }),
            field({ type: 1, fieldName: 'b', fieldTitle: '乙', requiredStatus: 1 }),
          ],
          { c: 'x' },
        ),
      ).toEqual({ ok: false, problem: '请输入甲' });
      expect(checkWidgetValues([field({ type: 1 })], { f: ' 有 ', g: 'x' })).toEqual({
        ok: true,
        value: { f: '有' },
      });
    });

    it('takes numbers as numbers or numeric text, an amount rounded to cents', () => {
      expect(check(field({ type: 3 }), ' 12.345 ')).toEqual({ ok: true, value: { f: 12.345 } });
      expect(check(field({ type: 3 }), 8)).toEqual({ ok: true, value: { f: 8 } });
      expect(check(field({ type: 7 }), '12.345')).toEqual({ ok: true, value: { f: 12.35 } });
      expect(check(field({ type: 7 }), 3.14159)).toEqual({ ok: true, value: { f: 3.14 } });
    });

    it('refuses a number field’s text that is not a number, or a value of another kind', () => {
      expect(check(field({ type: 3, fieldTitle: '面积' }), '12平')).toEqual({
        ok: false,
        problem: '面积请输入数字',
      });
      expect(check(field({ type: 7, fieldTitle: '押金' }), ['1'])).toEqual({
        ok: false,
        problem: '押金请输入数字',
      });
    });

    it('takes a single choice among the options, or any text when free input is on', () => {
      const choice = field({ type: 4, fieldTitle: '朝向', optionsData: ['东', '南'] });
      expect(check(choice, '南')).toEqual({ ok: true, value: { f: '南' } });
      expect(check(choice, '北')).toEqual({ ok: false, problem: '朝向的选项无效' });
      expect(check(choice, ['南'])).toEqual({ ok: false, problem: '请选择朝向' });
      expect(check({ ...choice, optionStatus: 1 }, '北')).toEqual({ ok: true, value: { f: '北' } });
      expect(check(field({ type: 4, fieldTitle: '朝向' }), '东')).toEqual({
        ok: false,
        problem: '朝向的选项无效',
      });
    });

    it('takes several choices as a list of texts, all among the options unless free input is on', () => {
      const choice = field({ type: 5, fieldTitle: '配套', optionsData: ['电梯', '车位', '1'] });
      expect(check(choice, ['电梯', '车位'])).toEqual({ ok: true, value: { f: ['电梯', '车位'] } });
      expect(check(choice, '电梯')).toEqual({ ok: true, value: { f: ['电梯'] } });
      expect(check(choice, 1)).toEqual({ ok: true, value: { f: ['1'] } });
      expect(check(choice, ['电梯', '泳池'])).toEqual({ ok: false, problem: '配套的选项无效' });
      expect(check({ ...choice, optionStatus: 1 }, ['泳池'])).toEqual({ ok: true, value: { f: ['泳池'] } });
      expect(check(field({ type: 5, fieldTitle: '配套' }), ['电梯'])).toEqual({
        ok: false,
        problem: '配套的选项无效',
      });
    });

    it('takes a date, or a date and time when the field asks for one', () => {
      const date = field({ type: 6, fieldTitle: '交房日' });
      expect(check(date, ' 2026-11-26 ')).toEqual({ ok: true, value: { f: '2026-11-26' } });
      expect(check(date, '2026-02-30')).toEqual({ ok: false, problem: '交房日日期格式不正确' });
      expect(check(date, '2026-11-26 10:00')).toEqual({ ok: false, problem: '交房日日期格式不正确' });
      const dateTime = { ...date, dateType: 2 };
      expect(check(dateTime, '2026-11-26 10:00')).toEqual({ ok: true, value: { f: '2026-11-26 10:00' } });
      expect(check(dateTime, '2026-11-26 10:00:30')).toEqual({
        ok: true,
        value: { f: '2026-11-26 10:00:30' },
      });
      expect(check(dateTime, '2026-11-26')).toEqual({ ok: false, problem: '交房日日期格式不正确' });
      expect(check(dateTime, '2026-02-30 10:00')).toEqual({ ok: false, problem: '交房日日期格式不正确' });
      expect(check(dateTime, 'x2026-11-26 10:00')).toEqual({ ok: false, problem: '交房日日期格式不正确' });
      expect(check(dateTime, '2026-11-26 10:00x')).toEqual({ ok: false, problem: '交房日日期格式不正确' });
      expect(check(dateTime, '2026-11-26  10:00')).toEqual({ ok: false, problem: '交房日日期格式不正确' });
    });

    it('stores text fields trimmed, and other values as text', () => {
      expect(check(field({ type: 2 }), '  两行\n文本 ')).toEqual({ ok: true, value: { f: '两行\n文本' } });
      expect(check(field({ type: 1 }), 42)).toEqual({ ok: true, value: { f: '42' } });
    });
  });

  it('shows a stored value as the detail page does', () => {
    expect(widgetValueText({ type: 1 }, null)).toBe('--');
    expect(widgetValueText({ type: 5 }, [])).toBe('--');
    expect(widgetValueText({ type: 5 }, ['电梯', '车位'])).toBe('电梯、车位');
    expect(widgetValueText({ type: 3, numUnit: '㎡' }, 90)).toBe('90㎡');
    expect(widgetValueText({ type: 7, numUnit: '元' }, 0)).toBe('0元');
    expect(widgetValueText({ type: 3 }, 90)).toBe('90');
    expect(widgetValueText({ type: 1, numUnit: '㎡' }, '车位')).toBe('车位');
  });
});
