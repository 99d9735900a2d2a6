import { describe, expect, it } from 'vitest';
import {
  isChoiceField,
  isNumberField,
  widgetFieldsProblem,
  widgetFieldTypes,
} from '../../domain/template-customization';

describe("a template's widget fields (001 section 3)", () => {
  it('offers the seven field types in the seed numbering, 7 the amount', () => {
    expect(widgetFieldTypes).toEqual([
      { value: 1, label: '单行文本' },
      { value: 2, label: '多行文本' },
      { value: 3, label: '数字' },
      { value: 7, label: '金额' },
      { value: 4, label: '单选' },
      { value: 5, label: '多选' },
      { value: 6, label: '日期' },
    ]);
  });

  it('asks for options on single and multiple choice only, and a number format on number and amount only', () => {
    expect([1, 2, 3, 4, 5, 6, 7].filter(isChoiceField)).toEqual([4, 5]);
    expect([1, 2, 3, 4, 5, 6, 7].filter(isNumberField)).toEqual([3, 7]);
  });

  it('accepts fields with names of their own and filled, distinct options', () => {
    expect(widgetFieldsProblem([])).toBeNull();
    expect(
      widgetFieldsProblem([
        { fieldTitle: '车位号', type: 1 },
        { fieldTitle: '朝向', type: 4, optionsData: ['南', '北'] },
        { fieldTitle: '配套', type: 5, optionsData: [' 学校 ', '医院'] },
        { fieldTitle: '备注', type: 2, optionsData: [] },
      ]),
    ).toBeNull();
  });

  it('needs a name for every field, a blank name counting as none', () => {
    expect(widgetFieldsProblem([{ fieldTitle: '   ', type: 1 }])).toBe('请输入字段名称');
    expect(
      widgetFieldsProblem([
        { fieldTitle: '车位号', type: 1 },
        { fieldTitle: '', type: 2 },
      ]),
    ).toBe('请输入字段名称');
  });

  it('refuses two fields of the same name, spaces around it ignored', () => {
    expect(
      widgetFieldsProblem([
        { fieldTitle: '车位号', type: 1 },
        { fieldTitle: ' 车位号 ', type: 3 },
      ]),
    ).toBe('字段名称「车位号」重复');
  });

  it('needs at least one option, none blank, on a choice field', () => {
    expect(widgetFieldsProblem([{ fieldTitle: '朝向', type: 4 }])).toBe('请填写「朝向」的选项');
    expect(widgetFieldsProblem([{ fieldTitle: '朝向', type: 4, optionsData: [] }])).toBe(
      '请填写「朝向」的选项',
    );
    expect(widgetFieldsProblem([{ fieldTitle: '配套', type: 5, optionsData: ['学校', '  '] }])).toBe(
      '请填写「配套」的选项',
    );
  });

  it('refuses the same option twice on a choice field, spaces around it ignored', () => {
    expect(widgetFieldsProblem([{ fieldTitle: '朝向', type: 4, optionsData: ['南', ' 南'] }])).toBe(
      '「朝向」的选项重复',
    );
  });
});
