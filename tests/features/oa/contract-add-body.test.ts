/** 新增 of the contract ledger: when the button shows, what is missing first, and the body sent. */
import { describe, expect, it } from 'vitest';
import {
  canAddContract,
  emptyLedgerAddForm,
  missingField,
  rentAddBody,
  saleAddBody,
  type LedgerAddForm,
} from '../../../src/features/oa/contract-add-body';

const filled: LedgerAddForm = {
  ...emptyLedgerAddForm,
  signDate: '2026-11-20',
  province: { id: 44, name: '广东省' },
  city: { id: 4403, name: '深圳市' },
  district: { id: 440305, name: '南山区' },
  houseName: ' 桃源居 ',
  houseBuilding: '15',
  houseRoomNo: '1203',
  partyA: { subjectType: '1', name: ' 王建国 ', certNo: '11010519491231002x', phone: '13612345678' },
  partyB: { subjectType: '2', name: '深圳市好房置业有限公司', certNo: '91440300ma5fgh1234', phone: '' },
  transactionPrice: '5600000',
  paymentMethod: '2',
  startDate: '2026-12-01',
  endDate: '2027-11-30',
  monthlyRent: '6500',
};

describe('the ledger’s 新增', () => {
  it('shows on a tab only with newAddBtn and the flag of that kind', () => {
    const saleOnly = { newAddBtn: true, saleContractNewAdd: true, rentContractNewAdd: false };
    expect(canAddContract('sale', saleOnly)).toBe(true);
    expect(canAddContract('rent', saleOnly)).toBe(false);
    expect(canAddContract('sale', { ...saleOnly, newAddBtn: false })).toBe(false);
  });

  it('names the first missing field before sending', () => {
    expect(missingField('sale', emptyLedgerAddForm)).toBe('请选择签约日期');
    expect(missingField('sale', { ...filled, district: null })).toBe('请选择地区信息');
    expect(missingField('sale', { ...filled, transactionPrice: '0' })).toBe('请输入成交价');
    expect(missingField('rent', { ...filled, endDate: '' })).toBe('请选择租期结束日期');
    expect(missingField('rent', { ...filled, monthlyRent: '' })).toBe('请输入月租金');
    expect(missingField('sale', filled)).toBeNull();
  });

  it('sends a sale with trimmed names, upper-cased certificates, the price as a number and no empty phone', () => {
    const body = saleAddBody(filled);
    expect(body).toEqual({
      signDate: '2026-11-20',
      houseInfo: {
        province: { id: 44, name: '广东省' },
        city: { id: 4403, name: '深圳市' },
        district: { id: 440305, name: '南山区' },
        houseName: '桃源居',
        houseBuilding: '15',
        houseRoomNo: '1203',
      },
      parties: {
        partyA: { subjectType: 1, name: '王建国', certNo: '11010519491231002X', phone: '13612345678' },
        partyB: { subjectType: 2, name: '深圳市好房置业有限公司', certNo: '91440300MA5FGH1234' },
      },
      transaction: { transactionPrice: 5600000, paymentMethod: 2 },
    });
  });

  it('sends a rent with its lease and monthly rent, and a typed contract number', () => {
    const body = rentAddBody({ ...filled, contractNo: ' ZL-1 ' });
    expect(body.contractNo).toBe('ZL-1');
    expect(body.transaction).toEqual({ startDate: '2026-12-01', endDate: '2027-11-30' });
    expect(body.rental).toEqual({ haveRent: 2, monthlyRent: 6500 });
  });
});
