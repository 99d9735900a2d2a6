/**
 * 待办计数 (waitCount): what waits for this user, each counted by the same query as the list it
 * opens — 待我审批 (the approval list's 待我审批 view), 待签字 (the sign list's state 7 within the
 * user's view), the staff applications he may review, his unread messages (the business reminders
 * among them) and the seals whose seal-free authorisation has ended.
 */
import type { Db } from '../../db/db';
import { ApiError } from '../../contract/envelope';
import type { Session } from '../../contract/types';
import { listApprovals } from '../oa/instances';
import { countByState } from '../sign/contract-list';
import { countApplies } from '../org/applications';
import { readMessageMenu } from '../messages/messages';
import { listExpiredAuthSeals } from '../signing/seals';

/** A count the user may not see (no permission for that list) is 0. */
async function orZero(read: () => Promise<number>): Promise<number> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ApiError) return 0;
    throw error;
  }
}

export async function readWaitCount(db: Db, session: Session, now: Date) {
  const [approvalCount, signCount, applyCount, remindCount, sealAuthCount] = await Promise.all([
    orZero(async () => (await listApprovals(db, session, { type: 1, pageindex: 1, pagesize: 1 })).total),
    orZero(async () => (await countByState(db, session, {})).find((row) => row.state === 7)?.count ?? 0),
    orZero(async () => (await countApplies(db, session)).pendingCount),
    orZero(async () => (await readMessageMenu(db, session)).reduce((sum, item) => sum + item.unreadCount, 0)),
    orZero(async () =>
      session.isManager ? (await listExpiredAuthSeals(db, session.companyId, now)).length : 0,
    ),
  ]);
  return { approvalCount, signCount, applyCount, remindCount, sealAuthCount };
}
