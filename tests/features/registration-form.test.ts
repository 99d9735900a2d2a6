import { describe, expect, it } from 'vitest';
import {
  checkRegistration,
  emptyRegistration,
  registrationRequest,
  verifyingPerson,
  type RegistrationForm,
} from '../../src/features/signing/registration-form';
import { idCard } from '../support/test-data';

const licence = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'licence.png', { type: 'image/png' });
const byLegalRep: RegistrationForm = {
  ...emptyRegistration,
  corpName: ' 安居房产经纪有限公司 ',
  corpIdentNo: '91440300ma5f000001',
  legalRepName: '张经理',
  legalPhone: '13800000000',
  legalRepIdNo: idCard('44030419800101123').toLowerCase(),
  licence,
};
const byAgent: RegistrationForm = {
  ...byLegalRep,
  corpIdentMethod: 2,
  oprUserName: '王店长',
  oprUserIdentNo: idCard('44030419850101123'),
  oprUserMobile: '13800000001',
};

describe('corporate registration form', () => {
  it('names every wrong field in Chinese, in the order of the form', () => {
    expect(checkRegistration(emptyRegistration, false)).toEqual({
      corpName: '请输入企业名称',
      corpIdentNo: '请输入统一社会信用代码',
      legalRepName: '请输入法定代表人姓名',
      legalPhone: '法定代表人手机号格式不正确',
      legalRepIdNo: '法定代表人身份证号格式不正确',
      licence: '请上传营业执照图片',
      face: '请先完成法定代表人实名认证（人脸核身）',
    });
  });

  it('takes an 18-character credit code without I, O, Z, S, V or a 15-digit licence number, nothing else', () => {
    const codeError = (corpIdentNo: string) =>
      checkRegistration({ ...byLegalRep, corpIdentNo }, true).corpIdentNo;
    expect(codeError('91440300MA5F000001')).toBeUndefined();
    expect(codeError('440301123456789')).toBeUndefined();
    for (const bad of ['91440300MA5F00000', '9144030OMA5F000001', '91440300MA5F0000I1', '44030112345678X'])
      expect(codeError(bad)).toBe(
        '统一社会信用代码格式不正确（18 位统一社会信用代码或 15 位营业执照注册号）',
      );
  });

  it('asks the agent method for the agent, with the seed message for a missing operator name', () => {
    const errors = checkRegistration(
      { ...byAgent, oprUserName: ' ', oprUserIdentNo: '123', oprUserMobile: '1' },
      true,
    );
    expect(errors).toEqual({
      oprUserName: '请输入经办人人名',
      oprUserIdentNo: '经办人身份证号格式不正确',
      oprUserMobile: '经办人手机号格式不正确',
    });
    expect(checkRegistration(byAgent, false).face).toBe('请先完成经办人实名认证（人脸核身）');
    expect(verifyingPerson(byAgent)).toEqual({
      role: '经办人',
      name: '王店长',
      idNo: byAgent.oprUserIdentNo,
    });
  });

  it('refuses a licence that is not a picture', () => {
    const pdf = new File(['%PDF'], 'licence.pdf', { type: 'application/pdf' });
    expect(checkRegistration({ ...byLegalRep, licence: pdf }, true).licence).toBe(
      '营业执照图片须为 PNG、JPG 或 WEBP',
    );
  });

  it('sends trimmed fields, upper-cased numbers, the face check, and the agent fields only for the agent method', () => {
    expect(checkRegistration(byLegalRep, true)).toEqual({});
    expect(registrationRequest(byLegalRep, 'F1')).toEqual({
      faceId: 'F1',
      legalRepIdNo: byLegalRep.legalRepIdNo.toUpperCase(),
      corpIdentType: 1,
      corpName: '安居房产经纪有限公司',
      corpIdentNo: '91440300MA5F000001',
      corpIdentMethod: 1,
      legalRepName: '张经理',
      legalPhone: '13800000000',
    });
    expect(registrationRequest(byAgent, 'F2')).not.toHaveProperty('legalRepIdNo');
    expect(registrationRequest(byAgent, 'F2')).toMatchObject({
      faceId: 'F2',
      corpIdentMethod: 2,
      oprUserName: '王店长',
      oprUserIdentNo: byAgent.oprUserIdentNo,
      oprUserMobile: '13800000001',
    });
  });
});
