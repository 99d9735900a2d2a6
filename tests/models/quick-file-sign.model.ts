/** The quick file-sign machine's model: payload samples for its events (vitest, Playwright and coverage). */
import { quickFileSignMachine } from '../../machines/quick-file-sign.machine';
import {
  type QuickActor,
  type QuickFile,
  type QuickFileSignContext,
  type QuickPosition,
  type QuickRecord,
} from '../../machines/quick-file-sign-context';
import type { ModelSpec } from '../support/machine-model';

const sysId = '0123456789abcdef0123456789abcdef';

export const quickFile: QuickFile = {
  contractsysId: sysId,
  fileName: '房屋租赁合同.pdf',
  fileUrl: '/files/contract.pdf',
  pageCount: 2,
  pages: [
    { pageNo: 1, width: 595.28, height: 841.89, imageUrl: '/files/page1.png' },
    { pageNo: 2, width: 595.28, height: 841.89, imageUrl: '/files/page2.png' },
  ],
};

export const personActor: QuickActor = {
  actorId: 1,
  actorType: 1,
  sortNo: 1,
  name: '陈一',
  phone: '13711112222',
  contactsId: 1,
  fillMethods: 2,
  certType: null,
  certNo: null,
  cropName: null,
  complete: 1,
};

export function companyActor(complete: 0 | 1): QuickActor {
  return {
    actorId: 2,
    actorType: 2,
    sortNo: 2,
    name: complete ? '王经办' : '',
    phone: complete ? '13722223333' : '',
    contactsId: null,
    fillMethods: null,
    certType: null,
    certNo: null,
    cropName: '深圳市好房置业有限公司',
    complete,
  };
}

export const personBox: QuickPosition = {
  actorId: 1,
  pageNo: 2,
  positionType: 1,
  x: 60,
  y: 500,
  width: 150,
  height: 80,
};
export const companySealBox: QuickPosition = {
  actorId: 2,
  pageNo: 2,
  positionType: 2,
  x: 330,
  y: 260,
  width: 150,
  height: 150,
};

function record(actors: QuickActor[], positions: QuickPosition[]): QuickRecord {
  return {
    contractsysId: sysId,
    contractId: null,
    contractName: '房屋租赁合同',
    file: quickFile,
    signDeadline: 7,
    signOrder: 2,
    showSignDate: 1,
    watermarkType: 2,
    watermark: '仅供签约使用',
    actors,
    positions,
    updateTime: '2026-11-23 10:00:00',
  };
}

/** What guards read, compactly: file, parties (count, complete), boxes complete, name, watermark, nextType. */
function project(context: QuickFileSignContext) {
  const positionsOk =
    context.actors.length > 0 &&
    context.actors.every((actor) => {
      const own = context.positions.filter((position) => position.actorId === actor.actorId);
      return own.length > 0 && (actor.actorType === 1 || own.some((position) => position.positionType === 2));
    });
  const parties =
    context.actors.length === 0 ? 0 : context.actors.every((actor) => actor.complete === 1) ? 2 : 1;
  return [
    context.file ? 1 : 0,
    parties,
    positionsOk ? 1 : 0,
    context.settings.contractName.trim() ? 1 : 0,
    context.settings.watermarkType !== 2 || context.settings.watermark.trim() ? 1 : 0,
    context.nextType,
  ];
}

export const quickFileSignModel: ModelSpec = {
  machine: quickFileSignMachine,
  serializeContext: (context) => project(context as QuickFileSignContext),
  browserSerializeContext: (context) => project(context as QuickFileSignContext),
  events: {
    'xstate.done.actor.loadUnfinished': [
      { type: 'xstate.done.actor.loadUnfinished', output: { state: 0, record: null } },
      {
        type: 'xstate.done.actor.loadUnfinished',
        output: {
          state: 1,
          record: {
            contractsysId: sysId,
            contractName: '房屋租赁合同',
            fileName: '房屋租赁合同.pdf',
            actorCount: 2,
            updateTime: '2026-11-23 10:00:00',
          },
        },
      },
    ],
    'xstate.error.actor.loadUnfinished': [
      { type: 'xstate.error.actor.loadUnfinished', error: new Error('请求失败') },
    ],
    'xstate.done.actor.loadRecord': [
      { type: 'xstate.done.actor.loadRecord', output: record([], []) },
      { type: 'xstate.done.actor.loadRecord', output: record([personActor, companyActor(1)], []) },
      {
        type: 'xstate.done.actor.loadRecord',
        output: record([personActor, companyActor(1)], [personBox, companySealBox]),
      },
    ],
    'xstate.error.actor.loadRecord': [
      { type: 'xstate.error.actor.loadRecord', error: new Error('快速签署记录不存在') },
    ],
    'file.choose': [
      { type: 'file.choose', file: { name: '房屋租赁合同.pdf', size: 20_000 } },
      { type: 'file.choose', file: { name: '说明.txt', size: 100 } },
      { type: 'file.choose', file: { name: '扫描件.png', size: 30 * 1024 * 1024 } },
    ],
    'xstate.done.actor.uploadFile': [{ type: 'xstate.done.actor.uploadFile', output: quickFile }],
    'xstate.error.actor.uploadFile': [
      { type: 'xstate.error.actor.uploadFile', error: new Error('文件内容与扩展名不符，请重新选择') },
    ],
    'party.savePersonal': [
      {
        type: 'party.savePersonal',
        actor: { fillMethods: 2, name: '陈一', phone: '13711112222' },
      },
    ],
    'xstate.done.actor.savePersonalActor': [
      { type: 'xstate.done.actor.savePersonalActor', output: personActor },
    ],
    'xstate.error.actor.savePersonalActor': [
      {
        type: 'xstate.error.actor.savePersonalActor',
        error: new Error('请求参数错误：缺少必填字段：手机号（phone）'),
      },
    ],
    'party.addCompany': [
      {
        type: 'party.addCompany',
        company: { cropName: '深圳市好房置业有限公司', name: '王经办', phone: '13722223333' },
      },
    ],
    'xstate.done.actor.addCompany': [{ type: 'xstate.done.actor.addCompany', output: companyActor(0) }],
    'xstate.error.actor.addCompany': [
      {
        type: 'xstate.error.actor.addCompany',
        error: new Error('企业「深圳市好房置业有限公司」已是本合同的签署方'),
      },
    ],
    'xstate.done.actor.addOperator': [{ type: 'xstate.done.actor.addOperator', output: companyActor(1) }],
    'xstate.error.actor.addOperator': [
      { type: 'xstate.error.actor.addOperator', error: new Error('请输入经办人人名') },
    ],
    'party.updateCompany': [
      {
        type: 'party.updateCompany',
        company: { actorId: 2, cropName: '深圳市好房置业有限公司', name: '王经办', phone: '13722223333' },
      },
    ],
    'xstate.done.actor.updateCompany': [{ type: 'xstate.done.actor.updateCompany', output: companyActor(1) }],
    'xstate.error.actor.updateCompany': [
      { type: 'xstate.error.actor.updateCompany', error: new Error('请输入经办人人名') },
    ],
    'party.delete': [{ type: 'party.delete', actorId: 1 }],
    'xstate.done.actor.deleteActor': [{ type: 'xstate.done.actor.deleteActor', output: undefined }],
    'xstate.error.actor.deleteActor': [
      { type: 'xstate.error.actor.deleteActor', error: new Error('当前状态不允许此操作！') },
    ],
    'position.place': [
      { type: 'position.place', position: personBox },
      { type: 'position.place', position: companySealBox },
    ],
    'position.remove': [{ type: 'position.remove', index: 0 }],
    'settings.change': [
      { type: 'settings.change', patch: { contractName: '' } },
      {
        type: 'settings.change',
        patch: { contractName: '房屋租赁合同', watermarkType: 2, watermark: '仅供签约使用' },
      },
    ],
    'xstate.done.actor.savePositions': [{ type: 'xstate.done.actor.savePositions', output: undefined }],
    'xstate.error.actor.savePositions': [
      { type: 'xstate.error.actor.savePositions', error: new Error('第 1 个签署位置超出第 1 页的范围') },
    ],
    'xstate.done.actor.saveSettingsDraft': [
      { type: 'xstate.done.actor.saveSettingsDraft', output: undefined },
    ],
    'xstate.error.actor.saveSettingsDraft': [
      { type: 'xstate.error.actor.saveSettingsDraft', error: new Error('请求失败') },
    ],
    'xstate.done.actor.saveSettings': [
      { type: 'xstate.done.actor.saveSettings', output: { contractId: 7, nextType: 1 } },
      { type: 'xstate.done.actor.saveSettings', output: { contractId: 7, nextType: 2 } },
    ],
    'xstate.error.actor.saveSettings': [
      { type: 'xstate.error.actor.saveSettings', error: new Error('请输入合同名称') },
    ],
    'approval.start': [{ type: 'approval.start', remark: '请审批' }],
    'xstate.done.actor.startSigning': [
      {
        type: 'xstate.done.actor.startSigning',
        output: { contractId: 7, state: 7, approvalId: null, signDeadlineTime: '2026-11-30 10:00:00' },
      },
    ],
    'xstate.error.actor.startSigning': [
      { type: 'xstate.error.actor.startSigning', error: new Error('签约份数不足，请先购买签约份数') },
    ],
    'xstate.done.actor.startApproval': [
      {
        type: 'xstate.done.actor.startApproval',
        output: { contractId: 7, state: 2, approvalId: 3, signDeadlineTime: null },
      },
    ],
    'xstate.error.actor.startApproval': [
      {
        type: 'xstate.error.actor.startApproval',
        error: new Error('快速签署未启用审批流程，请直接发起签署'),
      },
    ],
  },
};
