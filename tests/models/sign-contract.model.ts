/** The sign-contract machine's model: payload samples for its events (the same for vitest, Playwright and coverage). */
import {
  signContractMachine,
  type LoadedContract,
  type SignContractContext,
  type SignDetailButtons,
  type SignStateCode,
  type SignSubmissionResult,
  type HouseStart,
} from '../../machines/sign-contract.machine';
import type { ModelSpec } from '../support/machine-model';
import { editStateRefusal } from './edit-refusal';

export const contractId = 101;

const noButtons: SignDetailButtons = {
  editState: 0,
  signOverState: 0,
  startOAState: 0,
  startSignState: 0,
  terminateState: 0,
};

// The distinguishing field first: path descriptions keep only the start of a payload.
export function loaded(state: SignStateCode, approved = false): LoadedContract {
  return { state, approved, contractId, contractType: 1, buttons: noButtons };
}

export function submitted(nextType: 1 | 2 | 3): SignSubmissionResult {
  return {
    nextType,
    contractId,
    contractNo: '202611210001',
    state: 1,
    contractType: 1,
    ...(nextType === 2 ? { oaItemId: 45 as const } : {}),
  };
}

/** The edit-state check's answer: the contract was moved elsewhere into a state that does not allow the edit. */
const stateRefused = '当前状态不允许此操作！';

const request = { body: { boxid: 1, signatureType: 1, content: {} } };

/** A sale listing of the company, and what the form reads from it. */
export const house = { houseId: 7, houseType: 1 as const };
export const housePrefill = { partyA: { name: '冯秀英' }, houseInfo: { houseName: '海月花园' } };
/** A contract already running on the listing (the warning names it). */
export const runningOnHouse = { contractNo: 'HT20261120001', running: 1 as const, stateName: '待签字' };

export function houseStart(running: boolean): HouseStart {
  return { contracts: running ? [runningOnHouse] : [], prefill: housePrefill };
}
const stateResult = (state: SignStateCode) => ({ state, contractId });

export const signContractModel: ModelSpec = {
  machine: signContractMachine,
  // The browser tells an edit of a saved contract (修改, refused when it was moved elsewhere) from a
  // new submission (which no state check refuses): both submit, only the edit has a contract.
  browserSerializeContext: (context) =>
    (context as SignContractContext).request?.contractId !== undefined ? 'edit' : null,
  events: {
    'house.open': [{ type: 'house.open', house }],
    // No running contract on the listing, or one (the warning first).
    'xstate.done.actor.prepareHouse': [false, true].map((running) => ({
      type: 'xstate.done.actor.prepareHouse',
      output: houseStart(running),
    })),
    'xstate.error.actor.prepareHouse': [
      { type: 'xstate.error.actor.prepareHouse', error: new Error('房源不存在或已被删除') },
    ],
    'contract.submit': [{ type: 'contract.submit', request }],
    'contract.load': [{ type: 'contract.load', contractId }],
    'contract.edit': [{ type: 'contract.edit', request: { contractId, body: request.body } }],
    'sign.start': [{ type: 'sign.start' }],
    'approval.start': [{ type: 'approval.start', remark: '请审批' }],
    'contract.void': [{ type: 'contract.void', reason: '客户放弃' }],
    'xstate.done.actor.submitContract': [1, 2, 3].map((n) => ({
      type: 'xstate.done.actor.submitContract',
      output: submitted(n as 1 | 2 | 3),
    })),
    'xstate.error.actor.submitContract': [
      { type: 'xstate.error.actor.submitContract', error: new Error('甲方：身份证号码格式不正确') },
      { type: 'xstate.error.actor.submitContract', error: editStateRefusal(stateRefused) },
    ],
    'xstate.done.actor.loadContract': ([1, 2, 3, 4, 6, 7, 8] as const).map((s) => ({
      type: 'xstate.done.actor.loadContract',
      output: loaded(s),
    })),
    'xstate.error.actor.loadContract': [
      { type: 'xstate.error.actor.loadContract', error: new Error('签约合同不存在或已被删除') },
    ],
    // A contract shown as 2 待审核, read again: still waiting, signing started by the passed approval,
    // approved without a credit to start, rejected, or withdrawn.
    'xstate.done.actor.checkApproval': [
      loaded(2),
      loaded(7, true),
      loaded(1, true),
      loaded(3),
      loaded(1),
    ].map((output) => ({ type: 'xstate.done.actor.checkApproval', output })),
    'xstate.error.actor.checkApproval': [
      { type: 'xstate.error.actor.checkApproval', error: new Error('签约合同不存在或已被删除') },
    ],
    'xstate.done.actor.startSigning': [{ type: 'xstate.done.actor.startSigning', output: stateResult(7) }],
    'xstate.error.actor.startSigning': [
      { type: 'xstate.error.actor.startSigning', error: new Error('签约份数不足，请先购买签约份数') },
      { type: 'xstate.error.actor.startSigning', error: editStateRefusal(stateRefused) },
    ],
    'xstate.done.actor.startApproval': [{ type: 'xstate.done.actor.startApproval', output: stateResult(2) }],
    'xstate.error.actor.startApproval': [
      { type: 'xstate.error.actor.startApproval', error: new Error('当前状态不允许此操作！') },
      { type: 'xstate.error.actor.startApproval', error: editStateRefusal(stateRefused) },
    ],
    'xstate.done.actor.terminateContract': [
      { type: 'xstate.done.actor.terminateContract', output: stateResult(1) },
    ],
    'xstate.error.actor.terminateContract': [
      { type: 'xstate.error.actor.terminateContract', error: new Error('当前状态不允许此操作！') },
      { type: 'xstate.error.actor.terminateContract', error: editStateRefusal(stateRefused) },
    ],
    'xstate.done.actor.completeContract': [
      { type: 'xstate.done.actor.completeContract', output: stateResult(6) },
    ],
    'xstate.error.actor.completeContract': [
      { type: 'xstate.error.actor.completeContract', error: new Error('当前状态不允许此操作！') },
      { type: 'xstate.error.actor.completeContract', error: editStateRefusal(stateRefused) },
    ],
    'xstate.done.actor.voidContract': [{ type: 'xstate.done.actor.voidContract', output: stateResult(4) }],
    'xstate.error.actor.voidContract': [
      { type: 'xstate.error.actor.voidContract', error: new Error('您没有权限，请联系管理员设置相关权限') },
      { type: 'xstate.error.actor.voidContract', error: editStateRefusal(stateRefused) },
    ],
    'xstate.done.actor.revokeVoid': [{ type: 'xstate.done.actor.revokeVoid', output: stateResult(1) }],
    'xstate.error.actor.revokeVoid': [
      { type: 'xstate.error.actor.revokeVoid', error: new Error('当前状态不允许此操作！') },
      { type: 'xstate.error.actor.revokeVoid', error: editStateRefusal(stateRefused) },
    ],
    'xstate.done.actor.deleteContract': [{ type: 'xstate.done.actor.deleteContract', output: undefined }],
    'xstate.error.actor.deleteContract': [
      { type: 'xstate.error.actor.deleteContract', error: new Error('当前状态不允许此操作！') },
      { type: 'xstate.error.actor.deleteContract', error: editStateRefusal(stateRefused) },
    ],
  },
};
