/** The contract form's checks before submitting (001 section 5), with domain/validators.ts. */
import { capitalAmountProblem } from '../../../domain/sign-contract-text';
import { isFieldShown } from '../../../domain/sign-form-display';
import {
  checkPartyCompany,
  checkPartyPerson,
  checkRegion,
  isHongKongMacauPermit,
  isMobile,
  isPassport,
  isTaiwanPermit,
  normalizeIdCard,
  type PartyRole,
} from '../../../domain/validators';
import type { SignWidgetField } from './sign-actors';
import { formSteps } from './contract-fields';
import { type FormValues, type PartyValues, type PersonValues, isEmpty } from './contract-form-values';

function checkPerson(values: PersonValues, role: PartyRole): string | null {
  if (values.certType === 1) return checkPartyPerson(values, role);
  if (!values.name.trim()) return '请输入姓名';
  const certNo = normalizeIdCard(values.certNo);
  const valid =
    values.certType === 2
      ? isPassport(certNo)
      : values.certType === 3
        ? isHongKongMacauPermit(certNo)
        : isTaiwanPermit(certNo);
  if (!valid) return `${role === 'agent' ? '代理人' : role === 'coOwner' ? '共有人' : ''}证件号码格式不正确`;
  return isMobile(values.phone.trim()) ? null : '手机号码格式不正确';
}

/** Section 5 for one side; the message names the side (甲方：… / 乙方：…). */
export function checkParty(label: '甲方' | '乙方', values: PartyValues): string | null {
  const prefixed = (message: string | null) => (message ? `${label}：${message}` : null);
  if (values.subjectType === 2) {
    const message = checkPartyCompany({ name: values.name, certNo: values.certNo.toUpperCase() });
    if (message) return prefixed(message);
    if (values.phone.trim() && !isMobile(values.phone.trim())) return prefixed('手机号码格式不正确');
    if (!values.hasLegalPerson && !values.hasAgent) return prefixed('请填写法定代表人或代理人');
    if (values.hasLegalPerson) {
      const legal = checkPerson(values.legalPerson, 'party');
      if (legal) return `${label}法定代表人：${legal}`;
    }
  } else {
    const message = checkPerson(values, 'party');
    if (message) return prefixed(message);
    for (const owner of values.coOwners) {
      const ownerMessage = checkPerson(owner, 'coOwner');
      if (ownerMessage) return prefixed(ownerMessage === '请输入姓名' ? '请输入共有人姓名' : ownerMessage);
    }
  }
  if (values.hasAgent) {
    const agentMessage = checkPerson(values.agent, 'agent');
    if (agentMessage) return prefixed(agentMessage === '请输入姓名' ? '请输入代理人姓名' : agentMessage);
  }
  return null;
}

/**
 * Section 5 before submitting: both parties, the region, the template's required standard fields
 * (only the shown ones) and its required widget fields. The first problem, or null.
 */
export function checkForm(
  contractType: 1 | 2 | 3,
  values: FormValues,
  requireFlags: Record<string, number>,
  fields: SignWidgetField[],
): string | null {
  const party = checkParty('甲方', values.partyA) ?? checkParty('乙方', values.partyB);
  if (party) return party;
  if (requireFlags['property.region'] === 1 || values.region.province.id) {
    for (const region of [values.region.province, values.region.city, values.region.district]) {
      const message = checkRegion(region);
      if (message) return message;
    }
  }
  const raw = values.groups as unknown as Record<string, Record<string, unknown>>;
  for (const step of formSteps(contractType)) {
    for (const spec of step.groups) {
      for (const field of spec.fields) {
        const path = `${spec.group}.${field.key}`;
        if (requireFlags[path] !== 1 || !isFieldShown(path, raw)) continue;
        if (isEmpty(raw[spec.group]?.[field.key]))
          return `${field.kind === 'select' || field.kind === 'date' || field.kind === 'multi' ? '请选择' : '请输入'}${field.title}`;
      }
    }
  }
  const amount = capitalAmountProblem(raw);
  if (amount) return amount;
  for (const field of fields) {
    if (field.requiredStatus === 1 && isEmpty(values.customFields[field.fieldName])) {
      const isChoice = field.type === 4 || field.type === 5 || field.type === 6;
      return `${isChoice ? '请选择' : '请输入'}${field.fieldTitle}`;
    }
  }
  return null;
}
