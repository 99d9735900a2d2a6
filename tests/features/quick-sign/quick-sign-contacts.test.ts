/** 常用联系人: which contacts the record already holds (marked 已添加 instead of 选择). */
import { describe, expect, it } from 'vitest';
import { isInRecord } from '../../../src/features/quick-sign/quick-sign-contacts';
import type { QuickActor } from '../../../machines/quick-file-sign-context';

const person: QuickActor = {
  actorId: 1,
  actorType: 1,
  sortNo: 1,
  name: '陈一',
  phone: '13711112222',
  complete: 1,
};
const company: QuickActor = {
  actorId: 2,
  actorType: 2,
  sortNo: 2,
  name: '王经办',
  phone: '13722223333',
  cropName: '深圳市好房置业有限公司',
  complete: 1,
};

describe('a contact already among the record’s parties', () => {
  it('is a person with the same phone, whatever the name', () => {
    expect(isInRecord([person, company], { phone: '13711112222' })).toBe(true);
    expect(isInRecord([person, company], { phone: '13711113333' })).toBe(false);
  });

  it('is a company with the same name; its operator’s phone on a person does not count', () => {
    expect(isInRecord([person, company], { cropName: '深圳市好房置业有限公司' })).toBe(true);
    expect(isInRecord([person], { cropName: '深圳市好房置业有限公司' })).toBe(false);
    expect(isInRecord([company], { phone: '13722223333' })).toBe(false);
  });
});
