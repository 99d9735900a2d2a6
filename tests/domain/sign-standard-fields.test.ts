import { describe, expect, it } from 'vitest';
import { standardField, standardFieldsByType } from '../../domain/sign-standard-fields';

const paths = (type: 1 | 2 | 3) => standardFieldsByType[type].map((field) => field.path);
const choices = (type: 1 | 2 | 3) =>
  standardFieldsByType[type].filter((field) => field.choice === true).map((field) => field.path);

describe('the standard fields a template can make required (模板管理 › 必填字段)', () => {
  it('names every field with a label of its own, on a path of a form group', () => {
    for (const type of [1, 2, 3] as const) {
      const fields = standardFieldsByType[type];
      expect(new Set(fields.map((field) => field.path)).size, `type ${type}`).toBe(fields.length);
      for (const field of fields) {
        expect(field.title, field.path).not.toBe('');
        expect(field.path, field.title).toMatch(
          /^(partyA|partyB|(property|ownership|transaction|rental|supplementaryTerms|bankinfo|furniture)\.\w+)$/,
        );
      }
    }
  });

  it('a visual template (3) has only the two parties', () => {
    expect(standardFieldsByType[3]).toEqual([
      { path: 'partyA', title: '甲方信息' },
      { path: 'partyB', title: '乙方信息' },
    ]);
  });

  it('a sale contract (1) has the sale form groups and only the free other terms of the supplementary terms', () => {
    const sale = paths(1);
    expect(sale.slice(0, 2)).toEqual(['partyA', 'partyB']);
    expect(sale).toContain('property.garageCertificate');
    expect(sale).toContain('ownership.mortgageBank');
    expect(sale).toContain('transaction.transactionPrice');
    expect(sale).toContain('transaction.collectionCause');
    expect(sale).toContain('rental.haveRent');
    expect(sale).toContain('bankinfo.bankCardNo');
    expect(sale).toContain('furniture.remark');
    expect(sale.filter((path) => path.startsWith('supplementaryTerms.'))).toEqual([
      'supplementaryTerms.otherTerms',
      'supplementaryTerms.otherTermsContent',
    ]);
    expect(sale).not.toContain('transaction.paymentCycle');
    expect(sale).toHaveLength(2 + 25 + 13 + 31 + 4 + 2 + 4 + 2);
  });

  it('a rent contract (2) drops attic, garage, 丘权号, certificate state and floors up/down, and has no ownership group', () => {
    const rent = paths(2);
    expect(rent.filter((path) => path.startsWith('property.'))).toEqual([
      'property.region',
      'property.address',
      'property.houseName',
      'property.houseBuilding',
      'property.houseUnitNo',
      'property.houseRoomNo',
      'property.buildingCertificate',
      'property.houseUse',
      'property.houseNature',
      'property.houseArea',
      'property.houseType',
      'property.orientation',
      'property.totalFloor',
      'property.floor',
      'property.renovation',
    ]);
    expect(rent.some((path) => path.startsWith('ownership.'))).toBe(false);
    expect(rent.filter((path) => path.startsWith('rental.'))).toEqual([
      'rental.monthlyRent',
      'rental.depositRent',
    ]);
    expect(rent.filter((path) => path.startsWith('supplementaryTerms.'))).toHaveLength(7);
    expect(rent).toContain('transaction.paymentCycle');
    expect(rent).toContain('transaction.dailiFeeB');
    expect(rent).not.toContain('transaction.transactionPrice');
    expect(rent).toHaveLength(2 + 15 + 9 + 2 + 7 + 4 + 2);
  });

  it('asks to choose (请选择) the dates, the 有无 switches and the listed options, to type (请输入) the rest', () => {
    for (const type of [1, 2] as const) {
      for (const field of standardFieldsByType[type]) {
        if (field.title.endsWith('日期') || field.title.startsWith('有无')) {
          expect(field.choice, field.path).toBe(true);
        }
        if (
          /金额|价|费|号|面积|名称|余额|内容|事由|信息|名$/.test(field.title) &&
          !field.title.endsWith('日期')
        ) {
          expect(field.choice, field.path).toBeUndefined();
        }
      }
    }
    expect(choices(1)).toEqual([
      'property.region',
      'property.houseUse',
      'property.houseNature',
      'property.buildingCertificateState',
      'property.orientation',
      'property.renovation',
      'property.atticHave',
      'property.garageHave',
      'property.garageAttribute',
      'ownership.householdRegister',
      'ownership.moveOutDate',
      'ownership.schoolDistrict',
      'ownership.schoolDistrictUsageTime',
      'ownership.mortgage',
      'ownership.repaymentMethodOption',
      'ownership.repaymentDate',
      'ownership.relieveMortgageDate',
      'ownership.haveRent',
      'transaction.paymentMethod',
      'transaction.depositContentOne',
      'transaction.depositContentTwo',
      'transaction.depositContentThree',
      'transaction.paymentContentOne',
      'transaction.paymentContentTwo',
      'transaction.paymentContentThree',
      'transaction.transferDate',
      'transaction.deliveryDate',
      'transaction.collectionTime',
      'rental.haveRent',
      'rental.rentExpire',
      'supplementaryTerms.otherTerms',
    ]);
    expect(choices(2).filter((path) => !path.startsWith('property.'))).toEqual([
      'transaction.startDate',
      'transaction.endDate',
      'transaction.paymentCycle',
      'transaction.deliveryDate',
      'supplementaryTerms.otherTermsFixedOne',
      'supplementaryTerms.otherTermsFixedTwo',
      'supplementaryTerms.otherTermsFixedThree',
      'supplementaryTerms.otherTermsFixedFour',
      'supplementaryTerms.otherTerms',
    ]);
  });

  it("finds a field of the template's type by its path, and none of another type", () => {
    expect(standardField(1, 'transaction.transactionPrice')).toEqual({
      path: 'transaction.transactionPrice',
      title: '成交价',
    });
    expect(standardField(2, 'rental.depositRent')).toEqual({ path: 'rental.depositRent', title: '租赁押金' });
    expect(standardField(2, 'transaction.transactionPrice')).toBeUndefined();
    expect(standardField(3, 'property.address')).toBeUndefined();
    expect(standardField(1, 'property.nothing')).toBeUndefined();
  });
});
