/**
 * The visual signing view's document: the server's contract HTML (rendered here by the server's own
 * renderContractHtml from the shipped templates) parsed into blocks, each placeholder bound to the
 * form values the step-by-step form edits, so the same checks and submission apply; and which view
 * a contract opens in.
 */
import { describe, expect, it } from 'vitest';
import { renderContractHtml } from '../../../server/areas/sign/preview';
import { builtinTemplates } from '../../../server/areas/template/builtin-templates';
import {
  bindField,
  bindingLabel,
  derivedText,
  displayValue,
  documentPaths,
  hasRegionInDocument,
  isBindingShown,
  parseContractDocument,
  readBinding,
  requiredOutsideDocument,
  writeBinding,
  type FieldBinding,
} from '../../../src/features/sign/contract-document';
import { checkForm } from '../../../src/features/sign/contract-form-checks';
import { emptyForm, type FormValues } from '../../../src/features/sign/contract-form-values';
import { submissionBody } from '../../../src/features/sign/contract-form-submit';
import type { SignTemplateItem, SignWidgetField } from '../../../src/features/sign/sign-actors';
import { isVisualSigning, signPages, usableTemplates } from '../../../src/shared/sign-pages';
import { idCard } from '../../support/test-data';

const sale = builtinTemplates.find((t) => t.builtinKey === 'sale')!;
const rent = builtinTemplates.find((t) => t.builtinKey === 'rent')!;
const widgets = (template: typeof sale): SignWidgetField[] => template.fields;

function write(values: FormValues, path: string, value: unknown, contractType: 1 | 2 | 3 = 1): FormValues {
  return writeBinding(values, bindField(contractType, path, widgets(sale)), value);
}

describe('the contract text as a document', () => {
  it('reads headings, paragraphs and blanks from the server HTML, entities decoded', () => {
    const html = renderContractHtml(sale.bodyHtml, { companyName: '安居<房产>' });
    const blocks = parseContractDocument(html);
    expect(blocks[0]).toEqual({ tag: 'h1', parts: [{ kind: 'text', text: '二手房买卖合同' }] });
    const partyA = blocks.find((b) => b.parts.some((p) => p.kind === 'text' && p.text.startsWith('出卖人')));
    expect(partyA?.parts).toEqual([
      { kind: 'text', text: '出卖人（甲方）：' },
      { kind: 'field', path: 'partyA.name', text: '____', isBlank: true },
      { kind: 'text', text: '，证件号码：' },
      { kind: 'field', path: 'partyA.certNo', text: '____', isBlank: true },
      { kind: 'text', text: '，联系电话：' },
      { kind: 'field', path: 'partyA.phone', text: '____', isBlank: true },
    ]);
    const company = blocks
      .flatMap((b) => b.parts)
      .find((p) => p.kind === 'field' && p.path === 'companyName');
    expect(company).toEqual({ kind: 'field', path: 'companyName', text: '安居<房产>', isBlank: false });
  });

  it('keeps a filled value as text, never as markup', () => {
    const html = renderContractHtml(sale.bodyHtml, { partyA: { name: '<img src=x>张三' } });
    const name = parseContractDocument(html)
      .flatMap((b) => b.parts)
      .find((p) => p.kind === 'field' && p.path === 'partyA.name');
    expect(name).toEqual({ kind: 'field', path: 'partyA.name', text: '<img src=x>张三', isBlank: false });
  });

  it('binds every placeholder of the shipped templates to a form value, except the generated ones', () => {
    for (const [template, type] of [
      [sale, 1],
      [rent, 2],
    ] as const) {
      const paths = documentPaths(parseContractDocument(renderContractHtml(template.bodyHtml, {})));
      const fixed = paths.filter((path) => bindField(type, path, widgets(template)).kind === 'fixed');
      expect(fixed.sort()).toEqual(
        type === 1
          ? ['companyName', 'contractNo', 'transaction.transactionPriceCapital']
          : ['companyName', 'contractNo'],
      );
      expect(hasRegionInDocument(paths)).toBe(true);
      // Every required standard field has its blank in the text: nothing left for the side panel.
      expect(requiredOutsideDocument(type, paths, template.requireFlags)).toEqual([]);
      // So has every widget field (房屋产权年限, 租赁用途 …): filled in the text, printed with it.
      const custom = paths.filter((path) => bindField(type, path, widgets(template)).kind === 'custom');
      expect(custom.sort()).toEqual(template.fields.map((field) => field.fieldName).sort());
    }
  });

  it('asks in the side panel for a required field the text leaves out', () => {
    const outside = requiredOutsideDocument(1, ['property.houseName'], {
      'property.houseArea': 1,
      'property.houseName': 1,
    });
    expect(outside.map((f) => `${f.group}.${f.spec.key}`)).toEqual(['property.houseArea']);
  });
});

describe('a blank edits the same values as the step-by-step form', () => {
  it('writes parties, groups, the house type and widget fields where the form keeps them', () => {
    let values = emptyForm();
    values = write(values, 'partyA.certNo', '11010519491231002x');
    values = write(values, 'property.houseName', '翠湖花园');
    values = write(values, 'property.houseType.room', '3');
    values = write(values, 'transaction.paymentMethod', 2);
    values = write(values, 'customFields.fieldsList_1', '70年');
    expect(values.partyA.certNo).toBe('11010519491231002X');
    expect(values.groups.property['houseName']).toBe('翠湖花园');
    expect(values.groups.property['houseType']).toEqual({ room: '3' });
    expect(values.groups.transaction['paymentMethod']).toBe(2);
    expect(values.customFields['fieldsList_1']).toBe('70年');
    const room = bindField(1, 'property.houseType.room', []);
    expect(readBinding(values, room)).toBe('3');
    expect(bindingLabel(room, values)).toBe('户型室');
  });

  it('names inputs as the step-by-step form does, for a person or a company', () => {
    const values = emptyForm();
    const certNo = bindField(1, 'partyB.certNo', []);
    expect(bindingLabel(certNo, values)).toBe('乙方证件号码');
    expect(bindingLabel(certNo, { ...values, partyB: { ...values.partyB, subjectType: 2 } })).toBe(
      '乙方营业执照号',
    );
    expect(bindingLabel(bindField(1, 'property.province.name', []), values)).toBe('省');
  });

  it('shows a choice by its label and hides what the display rules hide', () => {
    const payment = bindField(1, 'transaction.paymentMethod', []);
    expect(displayValue(payment, 2)).toBe('商业贷款');
    const attributes = bindField(1, 'property.buildingCertificateState', []);
    expect(displayValue(attributes, ['已取得房产证', '已抵押'])).toBe('已取得房产证、已抵押');
    const bank: FieldBinding = bindField(1, 'ownership.mortgageBank', []);
    expect(isBindingShown(emptyForm(), bank)).toBe(false);
    expect(isBindingShown(write(emptyForm(), 'ownership.mortgage', 1), bank)).toBe(true);
  });

  it('writes the price in capitals as it is typed, the same words the server prints', () => {
    const path = 'transaction.transactionPriceCapital';
    const priced = write(emptyForm(), 'transaction.transactionPrice', '3200000');
    expect(derivedText(1, path, priced, widgets(sale))).toBe('叁佰贰拾万元整');
    expect(renderContractHtml(sale.bodyHtml, { transaction: { transactionPrice: 3200000 } })).toContain(
      `<span data-field="${path}">叁佰贰拾万元整</span>`,
    );
    expect(derivedText(1, path, emptyForm(), widgets(sale))).toBe('');
    expect(derivedText(1, path, write(emptyForm(), 'transaction.transactionPrice', '1.234'), [])).toBe('');
    expect(derivedText(1, 'contractNo', priced, widgets(sale))).toBeNull();
  });

  it('refuses a price that cannot be written in capitals, naming the field', () => {
    let values = emptyForm();
    values = write(values, 'partyA.name', '张三');
    values = write(values, 'partyA.certNo', idCard('11010519491231002'));
    values = write(values, 'partyA.phone', '13811112222');
    values = write(values, 'partyB.name', '李四');
    values = write(values, 'partyB.certNo', idCard('44030419900101123'));
    values = write(values, 'partyB.phone', '13933334444');
    values = write(values, 'transaction.transactionPrice', '3200000.125');
    expect(checkForm(1, values, {}, [])).toBe('成交价金额最多保留两位小数');
    expect(checkForm(1, write(values, 'transaction.transactionPrice', '3200000.12'), {}, [])).toBeNull();
  });

  it('refuses a bad ID number typed into the text by naming the party, with the same check', () => {
    let values = emptyForm();
    for (const [path, value] of [
      ['partyA.name', '张三'],
      ['partyA.certNo', '110105194912310021'],
      ['partyA.phone', '13800001111'],
      ['partyB.name', '李四'],
      ['partyB.certNo', idCard('44030419900101123')],
      ['partyB.phone', '13900001111'],
    ] as const)
      values = write(values, path, value);
    expect(checkForm(1, values, sale.requireFlags, widgets(sale))).toBe('甲方：身份证号码格式不正确');
    values = write(values, 'partyA.certNo', idCard('11010519491231002'));
    expect(checkForm(1, values, sale.requireFlags, widgets(sale))).toBe('请选择地区信息');
  });
});

describe('the submission body', () => {
  it('carries the draft code and the approval item of the contract type only when asked', () => {
    const values = write(emptyForm(), 'property.houseArea', '89.5');
    const plain = submissionBody({
      boxid: 3,
      contractType: 2,
      values,
      fields: [],
      draftCode: null,
      approval: null,
    });
    expect(plain).not.toHaveProperty('draftCode');
    expect(plain).not.toHaveProperty('oaParam');
    expect(plain['boxid']).toBe(3);
    expect((plain['content'] as { property: { houseArea: number } }).property.houseArea).toBe(89.5);
    const full = submissionBody({
      boxid: 3,
      contractType: 2,
      values,
      fields: [],
      draftCode: 'D1',
      approval: { remark: '  请尽快  ' },
    });
    expect(full['draftCode']).toBe('D1');
    expect(full['oaParam']).toEqual({ oaItemId: 47, oaReamrk: '请尽快' });
  });
});

describe('which view a contract opens in', () => {
  const template = (
    boxId: number,
    contractType: 1 | 2 | 3,
    signingInitiateType: (1 | 2)[],
  ): SignTemplateItem => ({
    boxId,
    boxName: `模板${boxId}`,
    contractType,
    groupName: '常用模板',
    signingInitiateType,
  });

  it('is visual for signing type 2 or a visual template (type 3), else step by step', () => {
    expect(isVisualSigning(2, 1)).toBe(true);
    expect(isVisualSigning(1, 3)).toBe(true);
    expect(isVisualSigning(1, 1)).toBe(false);
    expect(isVisualSigning(null)).toBe(false);
    expect(signPages.contractEditor({ signType: 2 }, { boxId: '5' })).toMatchObject({
      path: '/views/sign/contract-operation',
      params: { boxId: '5' },
    });
    expect(signPages.contractEditor({ signType: 1, contractType: 2 }).path).toBe(
      '/views/sign/sign-operation',
    );
  });

  it('offers the templates allowed for the view, and visual templates in both', () => {
    const templates = [template(1, 1, [1]), template(2, 2, [1, 2]), template(3, 3, [2]), template(4, 1, [2])];
    expect(usableTemplates(templates, false).map((t) => t.boxId)).toEqual([1, 2, 3]);
    expect(usableTemplates(templates, true).map((t) => t.boxId)).toEqual([2, 3, 4]);
  });
});
