/**
 * The corporate registration form (企业认证, regCompanyInfo; 001 sections 3 and 5): its fields, the
 * Chinese message of each field that is wrong, and the request the form sends. The rules are the
 * shared validators', so the form refuses what the server would refuse, field by field, before a
 * picture is uploaded or a face check is asked for.
 */
import {
  checkOperatorName,
  isBusinessLicence,
  isIdCard,
  isMobile,
  normalizeIdCard,
} from '../../../domain/validators';
import type { SignRegCompany } from './identity-actors';

export type CorpIdentType = SignRegCompany['corpIdentType'];
export type CorpIdentMethod = SignRegCompany['corpIdentMethod'];

export const corpIdentTypeNames: Record<CorpIdentType, string> = {
  1: '企业',
  2: '个体工商户',
  3: '其他组织',
};
export const corpIdentMethodNames: Record<CorpIdentMethod, string> = { 1: '法定代表人认证', 2: '代理人认证' };

export type RegistrationForm = {
  corpIdentType: CorpIdentType;
  corpName: string;
  corpIdentNo: string;
  corpIdentMethod: CorpIdentMethod;
  legalRepName: string;
  legalPhone: string;
  /** The legal representative's ID number: only for the face check (the contract does not carry it). */
  legalRepIdNo: string;
  oprUserName: string;
  oprUserIdentNo: string;
  oprUserMobile: string;
  licence: File | null;
};

export type RegistrationField = Exclude<keyof RegistrationForm, 'corpIdentType' | 'corpIdentMethod'> | 'face';

export const emptyRegistration: RegistrationForm = {
  corpIdentType: 1,
  corpName: '',
  corpIdentNo: '',
  corpIdentMethod: 1,
  legalRepName: '',
  legalPhone: '',
  legalRepIdNo: '',
  oprUserName: '',
  oprUserIdentNo: '',
  oprUserMobile: '',
  licence: null,
};

const licenceKinds = /\.(png|jpe?g|webp)$/i;
const licenceMaxBytes = 10 * 1024 * 1024;

/** The person who verifies their face: the legal representative, or the agent (经办人) when the agent registers. */
export function verifyingPerson(form: RegistrationForm): { role: string; name: string; idNo: string } {
  return form.corpIdentMethod === 2
    ? { role: '经办人', name: form.oprUserName.trim(), idNo: normalizeIdCard(form.oprUserIdentNo) }
    : { role: '法定代表人', name: form.legalRepName.trim(), idNo: normalizeIdCard(form.legalRepIdNo) };
}

/** Every wrong field with its message, in the order the form shows them; empty when the form may be sent. */
export function checkRegistration(
  form: RegistrationForm,
  isFacePassed: boolean,
): Partial<Record<RegistrationField, string>> {
  const errors: Partial<Record<RegistrationField, string>> = {};
  if (!form.corpName.trim()) errors.corpName = '请输入企业名称';
  const licenceNo = form.corpIdentNo.trim().toUpperCase();
  if (!licenceNo) errors.corpIdentNo = '请输入统一社会信用代码';
  else if (!isBusinessLicence(licenceNo))
    errors.corpIdentNo = '统一社会信用代码格式不正确（18 位统一社会信用代码或 15 位营业执照注册号）';
  if (!form.legalRepName.trim()) errors.legalRepName = '请输入法定代表人姓名';
  if (!isMobile(form.legalPhone.trim())) errors.legalPhone = '法定代表人手机号格式不正确';
  if (form.corpIdentMethod === 1) {
    if (!isIdCard(normalizeIdCard(form.legalRepIdNo))) errors.legalRepIdNo = '法定代表人身份证号格式不正确';
  } else {
    const operatorName = checkOperatorName(form.oprUserName);
    if (operatorName) errors.oprUserName = operatorName;
    if (!isIdCard(normalizeIdCard(form.oprUserIdentNo))) errors.oprUserIdentNo = '经办人身份证号格式不正确';
    if (!isMobile(form.oprUserMobile.trim())) errors.oprUserMobile = '经办人手机号格式不正确';
  }
  if (!form.licence) errors.licence = '请上传营业执照图片';
  else if (!licenceKinds.test(form.licence.name)) errors.licence = '营业执照图片须为 PNG、JPG 或 WEBP';
  else if (form.licence.size > licenceMaxBytes) errors.licence = '营业执照图片不能超过 10 MB';
  if (!isFacePassed) errors.face = `请先完成${verifyingPerson(form).role}实名认证（人脸核身）`;
  return errors;
}

/**
 * The regCompanyInfo body: trimmed, certificate numbers upper-cased, the agent's fields only for the
 * agent method, the legal representative's ID number for the legal-representative method, and the
 * verifying person's passed face check.
 */
export function registrationRequest(
  form: RegistrationForm,
  faceId: string,
): Omit<SignRegCompany, 'licenseUrl'> {
  return {
    faceId,
    corpIdentType: form.corpIdentType,
    corpName: form.corpName.trim(),
    corpIdentNo: form.corpIdentNo.trim().toUpperCase(),
    corpIdentMethod: form.corpIdentMethod,
    legalRepName: form.legalRepName.trim(),
    legalPhone: form.legalPhone.trim(),
    ...(form.corpIdentMethod === 2
      ? {
          oprUserName: form.oprUserName.trim(),
          oprUserIdentNo: normalizeIdCard(form.oprUserIdentNo),
          oprUserMobile: form.oprUserMobile.trim(),
        }
      : { legalRepIdNo: normalizeIdCard(form.legalRepIdNo) }),
  };
}
