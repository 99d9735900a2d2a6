/** The approval machine's model: payload samples for its events (the same for vitest, Playwright and coverage). */
import { approvalMachine, type ApprovalContext, type ApprovalRecord } from '../../machines/approval.machine';
import type { ModelSpec } from '../support/machine-model';
import { editStateRefusal } from './edit-refusal';

// status first: path descriptions may keep only the start of a payload.
export function approvalRecord(status: 0 | 1 | 2 | 3, canApprove: 0 | 1, canRevoke: 0 | 1): ApprovalRecord {
  return { status, canApprove, canRevoke, approvalId: 1 };
}

export const approvalModel: ModelSpec = {
  machine: approvalMachine,
  serializeContext: (context) => {
    const record = (context as ApprovalContext).record;
    return record ? [record.status, record.canApprove, record.canRevoke] : null;
  },
  // The browser needs only what the guards read: whether the viewer may decide or revoke.
  browserSerializeContext: (context) => {
    const record = (context as ApprovalContext).record;
    return record ? [record.canApprove, record.canRevoke] : null;
  },
  events: {
    'xstate.done.actor.loadApproval': [
      { type: 'xstate.done.actor.loadApproval', output: approvalRecord(0, 1, 0) },
      { type: 'xstate.done.actor.loadApproval', output: approvalRecord(0, 0, 1) },
      { type: 'xstate.done.actor.loadApproval', output: approvalRecord(1, 0, 0) },
      { type: 'xstate.done.actor.loadApproval', output: approvalRecord(2, 0, 0) },
      { type: 'xstate.done.actor.loadApproval', output: approvalRecord(3, 0, 0) },
    ],
    'xstate.error.actor.loadApproval': [
      { type: 'xstate.error.actor.loadApproval', error: new Error('审批记录不存在或已被删除') },
    ],
    'approval.approve': [{ type: 'approval.approve', remark: '同意' }],
    'approval.reject': [
      { type: 'approval.reject', remark: '资料不全' },
      { type: 'approval.reject', remark: ' ' },
    ],
    'xstate.done.actor.approve': [
      { type: 'xstate.done.actor.approve', output: approvalRecord(0, 0, 0) },
      { type: 'xstate.done.actor.approve', output: approvalRecord(1, 0, 0) },
    ],
    // Refused by the edit-state check (decided or withdrawn elsewhere: the page is disabled), or not.
    'xstate.error.actor.approve': [
      { type: 'xstate.error.actor.approve', error: new Error('您不是当前节点的审批人') },
      { type: 'xstate.error.actor.approve', error: editStateRefusal('该审批已结束，不能再操作') },
    ],
    'xstate.done.actor.reject': [{ type: 'xstate.done.actor.reject', output: approvalRecord(2, 0, 0) }],
    'xstate.error.actor.reject': [
      { type: 'xstate.error.actor.reject', error: new Error('您不是当前节点的审批人') },
      { type: 'xstate.error.actor.reject', error: editStateRefusal('该审批已结束，不能再操作') },
    ],
    'xstate.done.actor.revokeApproval': [{ type: 'xstate.done.actor.revokeApproval', output: undefined }],
    'xstate.error.actor.revokeApproval': [
      { type: 'xstate.error.actor.revokeApproval', error: new Error('网络异常，请稍后再试') },
      { type: 'xstate.error.actor.revokeApproval', error: editStateRefusal('该审批已结束，不能撤回') },
    ],
  },
};
