/** The template-customize machine's model: payload samples for its events (vitest, Playwright and coverage). */
import {
  customizationProblem,
  templateCustomizeMachine,
  type TemplateCustomization,
  type TemplateCustomizeContext,
} from '../../machines/template-customize.machine';
import type { ModelSpec } from '../support/machine-model';

/** The shipped sale template as it is read. */
export const shippedSale: TemplateCustomization = {
  boxId: 7,
  boxName: '二手房买卖合同',
  fields: [
    {
      fieldTitle: '房屋产权年限',
      fieldName: 'fieldsList_1',
      type: 4,
      requiredStatus: 1,
      optionsData: ['40年', '50年', '70年'],
      optionStatus: 0,
    },
  ],
  requireFlags: { partyA: 1, 'bankinfo.bankName': 0 },
  other: {
    mainTitle: 'property.houseName',
    subTitle: 'partyB.name',
    user: 1,
    dept: 1,
    role: 1,
    sendtime: 1,
    updatetime: 1,
  },
  range: { dept: [], role: [] },
  approval: { oaState: 0, approvers: [], sendCopy: [] },
};

/** A new widget field, 车位编号 (text, required). */
export const withParkingField: TemplateCustomization = {
  ...shippedSale,
  fields: [...shippedSale.fields, { fieldTitle: '车位编号', type: 1, requiredStatus: 1, optionStatus: 0 }],
};

/** A new widget field without a title: 请输入字段名称. */
export const withUntitledField: TemplateCustomization = {
  ...shippedSale,
  fields: [...shippedSale.fields, { fieldTitle: '', type: 1, requiredStatus: 0, optionStatus: 0 }],
};

const failure = (code: number, message: string) => Object.assign(new Error(message), { code });
const project = (context: unknown) => {
  const c = context as TemplateCustomizeContext;
  return [c.draft !== null && customizationProblem(c.draft) === null, c.error === null ? 0 : 1];
};

export const templateCustomizeModel: ModelSpec = {
  machine: templateCustomizeMachine,
  serializeContext: project,
  browserSerializeContext: project,
  events: {
    'xstate.done.actor.loadCustomization': [
      { type: 'xstate.done.actor.loadCustomization', output: shippedSale },
    ],
    'xstate.error.actor.loadCustomization': [
      { type: 'xstate.error.actor.loadCustomization', error: failure(0, '网络异常，请检查网络连接') },
    ],
    edit: [
      { type: 'edit', draft: withParkingField },
      { type: 'edit', draft: withUntitledField },
    ],
    'xstate.done.actor.saveCustomization': [
      {
        type: 'xstate.done.actor.saveCustomization',
        output: {
          ...withParkingField,
          fields: withParkingField.fields.map((f, i) => (i === 1 ? { ...f, fieldName: 'fieldsList_6' } : f)),
        },
      },
    ],
    'xstate.error.actor.saveCustomization': [
      { type: 'xstate.error.actor.saveCustomization', error: failure(404, '合同模板不存在或已被删除') },
    ],
  },
};
