import { describe, expect, it } from 'vitest';
import { isFieldShown } from '../../domain/sign-form-display';

const shown = (path: string, content: Parameters<typeof isFieldShown>[1]) => isFieldShown(path, content);

describe('conditional fields of the contract forms (001 section 4)', () => {
  it('shows the attic area with an attic only', () => {
    expect(shown('property.atticArea', { property: { atticHave: 1 } })).toBe(true);
    expect(shown('property.atticArea', { property: { atticHave: 2 } })).toBe(false);
    expect(shown('property.atticArea', {})).toBe(false);
  });

  it('shows the garage attribute with a garage, then its address for a usage right (1) or its certificate (2)', () => {
    expect(shown('property.garageAttribute', { property: { garageHave: 1 } })).toBe(true);
    expect(shown('property.garageAttribute', { property: { garageHave: 2 } })).toBe(false);
    expect(shown('property.garageAddress', { property: { garageHave: 1, garageAttribute: 1 } })).toBe(true);
    expect(shown('property.garageAddress', { property: { garageHave: 1, garageAttribute: 2 } })).toBe(false);
    expect(shown('property.garageAddress', { property: { garageHave: 2, garageAttribute: 1 } })).toBe(false);
    expect(shown('property.garageCertificate', { property: { garageHave: 1, garageAttribute: 2 } })).toBe(
      true,
    );
    expect(shown('property.garageCertificate', { property: { garageHave: 1, garageAttribute: 1 } })).toBe(
      false,
    );
    expect(shown('property.garageCertificate', { property: { garageHave: 2, garageAttribute: 2 } })).toBe(
      false,
    );
  });

  it('shows the move-out date with a household register and the school date with a school place', () => {
    expect(shown('ownership.moveOutDate', { ownership: { householdRegister: 1 } })).toBe(true);
    expect(shown('ownership.moveOutDate', { ownership: { householdRegister: 2 } })).toBe(false);
    expect(shown('ownership.schoolDistrictUsageTime', { ownership: { schoolDistrict: 1 } })).toBe(true);
    expect(shown('ownership.schoolDistrictUsageTime', { ownership: { schoolDistrict: 2 } })).toBe(false);
  });

  it('shows the six mortgage details with a mortgage only', () => {
    const details = [
      'ownership.mortgageBank',
      'ownership.mortgageAmount',
      'ownership.loanBalance',
      'ownership.repaymentMethodOption',
      'ownership.repaymentDate',
      'ownership.relieveMortgageDate',
    ];
    for (const path of details) {
      expect(shown(path, { ownership: { mortgage: 1 } }), path).toBe(true);
      expect(shown(path, { ownership: { mortgage: 2 } }), path).toBe(false);
    }
  });

  it('shows the rent of a sold house unless haveRent is unset, 0 or 1', () => {
    for (const haveRent of [undefined, null, '', 0, 1]) {
      expect(shown('ownership.monthlyRent', { ownership: { haveRent } }), String(haveRent)).toBe(false);
    }
    expect(shown('ownership.monthlyRent', {})).toBe(false);
    expect(shown('ownership.monthlyRent', { ownership: { haveRent: 2 } })).toBe(true);
  });

  it('shows the rental fields when the form has no haveRent, or when it is not 0 or 1', () => {
    for (const path of ['rental.depositRent', 'rental.rentExpire', 'rental.monthlyRent']) {
      expect(shown(path, { rental: {} }), path).toBe(true);
      expect(shown(path, {}), path).toBe(true);
      expect(shown(path, { rental: { haveRent: 2 } }), path).toBe(true);
      expect(shown(path, { rental: { haveRent: 1 } }), path).toBe(false);
      expect(shown(path, { rental: { haveRent: 0 } }), path).toBe(false);
    }
  });

  it('shows the loan fields unless the payment method is unset, 0 or 1 (full payment)', () => {
    for (const path of ['transaction.loanAmount', 'transaction.loanDispute', 'transaction.loanServiceFee']) {
      expect(shown(path, { transaction: { paymentMethod: 2 } }), path).toBe(true);
      expect(shown(path, { transaction: { paymentMethod: 1 } }), path).toBe(false);
      expect(shown(path, { transaction: { paymentMethod: 0 } }), path).toBe(false);
      expect(shown(path, {}), path).toBe(false);
    }
  });

  it('shows the decoration and other-terms texts with their switches on', () => {
    const fixedTwo = 'supplementaryTerms.otherTermsFixedTwoContent';
    expect(shown(fixedTwo, { supplementaryTerms: { otherTermsFixedTwo: 1 } })).toBe(true);
    expect(shown(fixedTwo, { supplementaryTerms: { otherTermsFixedTwo: 0 } })).toBe(false);
    expect(shown(fixedTwo, {})).toBe(false);
    const other = 'supplementaryTerms.otherTermsContent';
    expect(shown(other, { supplementaryTerms: { otherTerms: 1 } })).toBe(true);
    expect(shown(other, { supplementaryTerms: { otherTerms: 0 } })).toBe(false);
    expect(shown(other, { supplementaryTerms: {} })).toBe(true);
  });

  it('shows every other field always', () => {
    expect(shown('property.area', {})).toBe(true);
    expect(shown('transaction.totalPrice', { transaction: { paymentMethod: 1 } })).toBe(true);
  });
});
