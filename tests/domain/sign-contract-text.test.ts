import { describe, expect, it } from 'vitest';
import {
  capitalAmountProblem,
  capitalSourcePath,
  choiceOptionsAt,
  contractChoiceOptions,
  contractFieldText,
} from '../../domain/sign-contract-text';
import { formSteps } from '../../src/features/sign/contract-fields';

describe('contractFieldText: how a contract value reads in its text', () => {
  it('writes a choice by its label, also when the code comes as text', () => {
    const values = { transaction: { paymentMethod: 2, paymentCycle: '3' }, ownership: { mortgage: 0 } };
    expect(contractFieldText(values, 'transaction.paymentMethod')).toBe('商业贷款');
    expect(contractFieldText(values, 'transaction.paymentCycle')).toBe('每 3 个月');
    expect(contractFieldText(values, 'ownership.mortgage')).toBe('无');
    expect(contractFieldText({ property: { garageAttribute: 2 } }, 'property.garageAttribute')).toBe('产权');
    expect(
      contractFieldText({ ownership: { repaymentMethodOption: 3 } }, 'ownership.repaymentMethodOption'),
    ).toBe('第三方垫资还贷');
    expect(
      contractFieldText(
        { supplementaryTerms: { otherTermsFixedTwo: 0 } },
        'supplementaryTerms.otherTermsFixedTwo',
      ),
    ).toBe('不纳入');
  });

  it('writes the parties’ certificate and subject types by their names', () => {
    const values = { partyA: { subjectType: 2, certType: 1, agent: { certType: 3 } } };
    expect(contractFieldText(values, 'partyA.subjectType')).toBe('企业');
    expect(contractFieldText(values, 'partyA.certType')).toBe('居民身份证');
    expect(contractFieldText(values, 'partyA.agent.certType')).toBe('港澳居民来往内地通行证');
  });

  it('keeps a value no option has as it is, and a text or number field as typed', () => {
    expect(contractFieldText({ transaction: { paymentMethod: 9 } }, 'transaction.paymentMethod')).toBe('9');
    expect(contractFieldText({ property: { floor: 2 } }, 'property.floor')).toBe('2');
    expect(contractFieldText({ property: { houseName: '阳光花园' } }, 'property.houseName')).toBe('阳光花园');
  });

  it('writes the price in capitals from the price, never from a stale stored text', () => {
    expect(
      contractFieldText(
        { transaction: { transactionPrice: 3200000 } },
        'transaction.transactionPriceCapital',
      ),
    ).toBe('叁佰贰拾万元整');
    expect(
      contractFieldText(
        { transaction: { transactionPrice: 1234.56, transactionPriceCapital: '壹元整' } },
        'transaction.transactionPriceCapital',
      ),
    ).toBe('壹仟贰佰叁拾肆元伍角陆分');
    expect(contractFieldText({ rental: { monthlyRent: '4500' } }, 'rental.monthlyRentCapital')).toBe(
      '肆仟伍佰元整',
    );
    expect(contractFieldText({ transaction: {} }, 'transaction.transactionPriceCapital')).toBeNull();
    expect(
      contractFieldText({ transaction: { transactionPrice: 1e15 } }, 'transaction.transactionPriceCapital'),
    ).toBeNull();
  });

  it('joins a multiple choice with 、 and reads a widget field by its name alone', () => {
    const values = {
      property: { buildingCertificateState: '已取得房产证,已抵押' },
      customFields: { fieldsList_4: ['家具', '家电'], fieldsList_1: '70年' },
    };
    expect(contractFieldText(values, 'property.buildingCertificateState')).toBe('已取得房产证、已抵押');
    expect(contractFieldText(values, 'customFields.fieldsList_4')).toBe('家具、家电');
    expect(contractFieldText(values, 'fieldsList_1')).toBe('70年');
    expect(contractFieldText(values, 'fieldsList_9')).toBeNull();
  });

  it('leaves an empty value unfilled', () => {
    expect(contractFieldText({ property: { houseName: '' } }, 'property.houseName')).toBeNull();
    expect(contractFieldText({}, 'ownership.mortgage')).toBeNull();
    expect(contractFieldText({ customFields: { fieldsList_4: [] } }, 'customFields.fieldsList_4')).toBeNull();
  });
});

describe('the label tables', () => {
  it('are the options the step-by-step form offers for every choice it has', () => {
    for (const type of [1, 2] as const)
      for (const step of formSteps(type))
        for (const group of step.groups)
          for (const field of group.fields) {
            if (field.kind !== 'select' && field.kind !== 'multi') continue;
            expect(choiceOptionsAt(`${group.group}.${field.key}`), `${group.group}.${field.key}`).toBe(
              field.options,
            );
          }
  });

  it('have no choice without labels and no path outside a known group', () => {
    for (const [path, options] of Object.entries(contractChoiceOptions)) {
      expect(path).toMatch(/^(property|ownership|transaction|rental|supplementaryTerms)\.\w+$/);
      expect(options.length).toBeGreaterThan(0);
      expect(options.every((option) => option.label.trim() !== '')).toBe(true);
    }
  });
});

describe('capital amounts', () => {
  it('are written from the amount beside them', () => {
    expect(capitalSourcePath('transaction.transactionPriceCapital')).toBe('transaction.transactionPrice');
    expect(capitalSourcePath('transaction.transactionPrice')).toBeNull();
    expect(capitalSourcePath('Capital')).toBeNull();
  });

  it('name the field when the price cannot be written in capitals', () => {
    expect(capitalAmountProblem({ transaction: { transactionPrice: 1234.567 } })).toBe(
      '成交价金额最多保留两位小数',
    );
    expect(capitalAmountProblem({ transaction: { transactionPrice: '12a' } })).toBe('成交价金额格式不正确');
    expect(capitalAmountProblem({ transaction: { transactionPrice: -1 } })).toBe('成交价金额不能为负数');
    expect(capitalAmountProblem({ transaction: { transactionPrice: 3200000 } })).toBeNull();
    expect(capitalAmountProblem({ transaction: { transactionPrice: '' } })).toBeNull();
    expect(capitalAmountProblem({})).toBeNull();
  });
});

describe('contractFieldText: the values a saved contract may hold', () => {
  it('names every certificate and subject type, also of a numbered co-owner, and nothing that only looks like one', () => {
    const values = {
      partyA: { certType: 2, subjectType: 1 },
      partyB: {
        certType: 4,
        coOwners: [{ certType: 1 }, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, { certType: 3 }],
      },
    };
    expect(contractFieldText(values, 'partyA.certType')).toBe('护照');
    expect(contractFieldText(values, 'partyB.certType')).toBe('台湾居民来往大陆通行证');
    expect(contractFieldText(values, 'partyA.subjectType')).toBe('个人');
    expect(contractFieldText(values, 'partyB.coOwners.0.certType')).toBe('居民身份证');
    expect(contractFieldText(values, 'partyB.coOwners.12.certType')).toBe('港澳居民来往内地通行证');
    expect(choiceOptionsAt('partyB.coOwners.12.certType')).toBe(choiceOptionsAt('partyA.certType'));
    expect(choiceOptionsAt('partyB.coOwners.x.certType')).toBeUndefined();
    expect(choiceOptionsAt('thirdpartyA.certType')).toBeUndefined();
    expect(choiceOptionsAt('partyA.certTypeName')).toBeUndefined();
  });

  it('reads a region by its name, and an object without a name as unfilled', () => {
    expect(
      contractFieldText({ property: { region: { id: 110105, name: '朝阳区' } } }, 'property.region'),
    ).toBe('朝阳区');
    expect(contractFieldText({ property: { region: { id: 110105 } } }, 'property.region')).toBeNull();
    expect(
      contractFieldText({ property: { region: { id: 110105, name: '' } } }, 'property.region'),
    ).toBeNull();
    expect(contractFieldText({ property: { region: { name: 110105 } } }, 'property.region')).toBeNull();
  });

  it('leaves a null value or a null group unfilled, and skips empty items of a list', () => {
    expect(contractFieldText({ property: { houseName: null } }, 'property.houseName')).toBeNull();
    expect(contractFieldText({ transaction: null }, 'transaction.paymentMethod')).toBeNull();
    expect(contractFieldText({ transaction: 3 }, 'transaction.paymentMethod')).toBeNull();
    expect(
      contractFieldText(
        { customFields: { fieldsList_4: ['家具', '', null, undefined, '家电'] } },
        'customFields.fieldsList_4',
      ),
    ).toBe('家具、家电');
    expect(
      contractFieldText({ customFields: { fieldsList_4: ['', null] } }, 'customFields.fieldsList_4'),
    ).toBeNull();
  });

  it('splits only 房屋权证状态 at its commas, and reads it as a list too', () => {
    expect(contractFieldText({ property: { houseName: '阳光花园,二期' } }, 'property.houseName')).toBe(
      '阳光花园,二期',
    );
    expect(
      contractFieldText(
        { property: { buildingCertificateState: ['已抵押', '已出租'] } },
        'property.buildingCertificateState',
      ),
    ).toBe('已抵押、已出租');
  });

  it('reads a widget field kept at the top by its own value before customFields', () => {
    expect(
      contractFieldText({ fieldsList_1: '70年', customFields: { fieldsList_1: '50年' } }, 'fieldsList_1'),
    ).toBe('70年');
  });

  it('keeps a stored capital text when its amount is missing, null or empty', () => {
    for (const transactionPrice of [undefined, null, '']) {
      expect(
        contractFieldText(
          { transaction: { transactionPrice, transactionPriceCapital: '壹元整' } },
          'transaction.transactionPriceCapital',
        ),
        String(transactionPrice),
      ).toBe('壹元整');
    }
  });

  it('writes an amount typed with spaces around it in capitals', () => {
    expect(contractFieldText({ rental: { monthlyRent: ' 4500 ' } }, 'rental.monthlyRentCapital')).toBe(
      '肆仟伍佰元整',
    );
  });
});

describe('capitalAmountProblem: what may be kept', () => {
  it('accepts a price typed as text, with spaces around it, or only spaces (the required check asks for it)', () => {
    expect(capitalAmountProblem({ transaction: { transactionPrice: '3200000' } })).toBeNull();
    expect(capitalAmountProblem({ transaction: { transactionPrice: ' 3200000 ' } })).toBeNull();
    expect(capitalAmountProblem({ transaction: { transactionPrice: '   ' } })).toBeNull();
    expect(capitalAmountProblem({ transaction: { transactionPrice: null } })).toBeNull();
  });

  it('refuses a price that is neither a number nor text', () => {
    expect(capitalAmountProblem({ transaction: { transactionPrice: { value: 1 } } })).toBe(
      '成交价金额格式不正确',
    );
    expect(capitalAmountProblem({ transaction: { transactionPrice: true } })).toBe('成交价金额格式不正确');
  });
});
