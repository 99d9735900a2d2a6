/**
 * The sign contract lifecycle as data (001 section 4): which state each action may leave from and
 * where it goes, and the detail-page button flags derived from the state and the user's permissions.
 * The services apply a transition with a conditional UPDATE on the `from` states, so of two users
 * acting on one contract at once exactly one wins and the other gets 409.
 */
export const SignStates = {
  toStart: 1,
  pendingApproval: 2,
  rejected: 3,
  voided: 4,
  completed: 6,
  awaitingSignature: 7,
  signed: 8,
} as const;

export type SignState = (typeof SignStates)[keyof typeof SignStates];

export const signStateNames: Record<SignState, string> = {
  1: '待发起',
  2: '待审核',
  3: '被拒绝',
  4: '已作废',
  6: '已完成',
  7: '待签字',
  8: '已签约',
};

export type SignAction =
  | 'edit'
  | 'startApproval'
  | 'startSigning'
  | 'terminate'
  | 'complete'
  | 'invalid'
  | 'invalidRevoke'
  | 'delete';

/** The states an action may start from (paper contracts may also be completed from 1 and 7). */
export function allowedFrom(action: SignAction, signatureType: number): readonly SignState[] {
  switch (action) {
    case 'edit':
      return [1, 3];
    case 'startApproval':
      return [1, 3];
    case 'startSigning':
      return [1];
    case 'terminate':
      return [2, 7];
    case 'complete':
      return signatureType === 2 ? [1, 7, 8] : [8];
    case 'invalid':
      return [1, 3, 7, 8];
    case 'invalidRevoke':
      return [4];
    case 'delete':
      return [1, 3, 4];
  }
}

export function isAllowed(action: SignAction, state: number, signatureType: number): boolean {
  return (allowedFrom(action, signatureType) as readonly number[]).includes(state);
}

/** Where revoking a void goes: back to the state before, except that a voided signing round is gone (7 -> 1). */
export function stateAfterInvalidRevoke(before: number | null): SignState {
  if (before === null || before === SignStates.awaitingSignature) return SignStates.toStart;
  return before as SignState;
}

export type ButtonPermissions = {
  canStart: boolean;
  canInvalid: boolean;
  canDelete: boolean;
  /** The contract's type has an enabled approval flow. */
  approvalEnabled: boolean;
};

export type ButtonContract = { state: number; signatureType: number; approved: boolean };

const flag = (value: boolean): 0 | 1 => (value ? 1 : 0);

export function detailButtons(contract: ButtonContract, permissions: ButtonPermissions) {
  const { state, signatureType } = contract;
  const can = (action: SignAction) => isAllowed(action, state, signatureType);
  const needsApproval = permissions.approvalEnabled && !contract.approved;
  return {
    editState: flag(permissions.canStart && can('edit')),
    signOverState: flag(permissions.canStart && can('complete')),
    startOAState: flag(
      permissions.canStart && permissions.approvalEnabled && !contract.approved && can('startApproval'),
    ),
    startSignState: flag(permissions.canStart && can('startSigning') && !needsApproval),
    terminateState: flag(permissions.canStart && can('terminate')),
    invalidState: flag(permissions.canInvalid && can('invalid')),
    invalidRevokeState: flag(permissions.canInvalid && can('invalidRevoke')),
    deleteState: flag(permissions.canDelete && can('delete')),
  };
}

/**
 * What to offer after a submission (nextType): 2 when the contract's approval flow is enabled and
 * not yet passed, else 1 (start signing); 3 when the submission already started the approval.
 */
export function nextTypeAfterSubmit(input: {
  approvalStarted: boolean;
  approvalEnabled: boolean;
  approved: boolean;
}): 1 | 2 | 3 {
  if (input.approvalStarted) return 3;
  if (input.approvalEnabled && !input.approved) return 2;
  return 1;
}

export const signOaItems: Record<1 | 2 | 3, 45 | 47 | 49> = { 1: 45, 2: 47, 3: 49 };
