/**
 * Business reminders (消息类型 2) from approvals: the approvers of the step that is now due, and the
 * sponsor (and copy recipients, when approved) once the approval ends. Written in the approval's own
 * transaction, so a reminder exists exactly when its step does.
 */
import type { Db } from '../../db/db';
import { sendMessages } from './messages';

const approvalPage = { appType: 88, appId: 1, path: '/views/office/oa/oa-pending-approval' } as const;

export async function remindApprovers(
  db: Db,
  input: {
    companyId: number;
    userIds: readonly number[];
    title: string;
    senderId: number;
    approvalId: number;
    now: Date;
  },
): Promise<void> {
  await sendMessages(db, {
    companyId: input.companyId,
    userIds: input.userIds,
    messageType: 2,
    title: '待您审批',
    content: `${input.title}，等待您审批`,
    senderId: input.senderId,
    link: { ...approvalPage, params: { approvalId: input.approvalId, type: 1 } },
    now: input.now,
  });
}

export async function remindApprovalResult(
  db: Db,
  input: {
    companyId: number;
    sponsorUserId: number;
    sendCopy: readonly number[];
    title: string;
    approved: boolean;
    senderId: number;
    approvalId: number;
    now: Date;
  },
): Promise<void> {
  const result = input.approved ? '已通过' : '已拒绝';
  await sendMessages(db, {
    companyId: input.companyId,
    userIds: [input.sponsorUserId],
    messageType: 2,
    title: `审批${result}`,
    content: `您提交的${input.title.replace(/^.*?提交的/, '')}${result}`,
    senderId: input.senderId,
    link: { ...approvalPage, params: { approvalId: input.approvalId, type: 3 } },
    now: input.now,
  });
  if (!input.approved) return;
  await sendMessages(db, {
    companyId: input.companyId,
    userIds: input.sendCopy.filter((id) => id !== input.sponsorUserId),
    messageType: 2,
    title: '审批抄送',
    content: `${input.title}已通过，抄送给您`,
    senderId: input.senderId,
    link: { ...approvalPage, params: { approvalId: input.approvalId, type: 4 } },
    now: input.now,
  });
}
