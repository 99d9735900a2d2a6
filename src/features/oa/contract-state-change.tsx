/**
 * A ledger contract's state: its badge, the change form (the targets the contract states allow, a
 * remark where one is required) and the approval a change waits for.
 */
import { useEffect, useState } from 'react';
import { useMachine } from '@xstate/react';
import { AlertDialog, Badge, Button, Callout, Flex, Text, TextArea } from '@radix-ui/themes';
import { Select } from '../../ui/select';
import type { AnyActorRef } from 'xstate';
import { approvalMachine, approvalMessages } from '../../../machines/approval.machine';
import {
  canChangeRentState,
  canChangeSaleState,
  rentStatesNeedingRemark,
  saleStatesNeedingRemark,
  type RentState,
  type SaleState,
} from '../../../machines/contract-states';
import { inspect } from '../../inspector/inspection-store';
import { approvalActors, type ContractKind, type OaInstanceDetail } from './oa-actors';
import { disableRecordPages, type RecordRef } from '../../core/record-watch';
import { approvalStatusNames, rentStateColors, saleStateColors } from './oa-format';
import { useStateNames } from './ledger-state-names';

function allowedTargets(kind: ContractKind, from: number, frozenFrom: number | null): number[] {
  if (kind === 'sale')
    return [1, 2, 3, 4, 5, 6, 7].filter((to) =>
      canChangeSaleState(from as SaleState, to as SaleState, frozenFrom as SaleState | null),
    );
  return [1, 2, 3, 4].filter((to) => canChangeRentState(from as RentState, to as RentState));
}

function needsRemark(kind: ContractKind, to: number): boolean {
  return kind === 'sale'
    ? (saleStatesNeedingRemark as readonly number[]).includes(to)
    : (rentStatesNeedingRemark as readonly number[]).includes(to);
}

export function StateBadge({ kind, state }: { kind: ContractKind; state: number }) {
  const color = kind === 'sale' ? saleStateColors[state] : rentStateColors[state];
  const names = useStateNames(kind);
  return (
    <Badge size="2" color={color ?? 'gray'} data-testid="contract-state">
      {names[state]}
    </Badge>
  );
}

/** The approval a change waits for, followed with the approval machine; its outcome moves the contract machine. */
export function PendingApproval({
  approvalId,
  targetName,
  contract,
  record,
}: {
  approvalId: number;
  targetName: string;
  contract: AnyActorRef;
  /** The contract the approval changes: a revoke refused by the edit-state check disables its page. */
  record: RecordRef;
}) {
  const [detail, setDetail] = useState<OaInstanceDetail | null>(null);
  const [machine] = useState(() =>
    approvalMachine.provide({
      actors: approvalActors(setDetail),
      actions: { disablePage: () => disableRecordPages(record) },
    }),
  );
  const [state, send] = useMachine(machine, { input: { approvalId }, inspect });
  const outcome = state.matches('approved')
    ? 'approval.approved'
    : state.matches('rejected')
      ? 'approval.rejected'
      : state.matches('revoked')
        ? 'approval.revoked'
        : null;
  useEffect(() => {
    if (outcome) contract.send({ type: outcome });
  }, [outcome, contract]);
  const isBusy = state.matches('loading') || state.matches({ pending: 'revoking' });
  return (
    <Callout.Root color="amber" data-testid="pending-approval">
      <Callout.Text>
        该合同转「{targetName}」已提交审批，审批通过后变更
        {detail &&
          detail.currentApproverNames.length > 0 &&
          `，当前审批人：${detail.currentApproverNames.join('、')}`}
        {detail && detail.status !== 0 && `（${approvalStatusNames[detail.status]}）`}
      </Callout.Text>
      {state.matches('loadFailed') && <Callout.Text color="red">{state.context.notice?.text}</Callout.Text>}
      <Flex gap="2" mt="2">
        <Button size="1" variant="soft" disabled={isBusy} onClick={() => send({ type: 'approval.reload' })}>
          刷新审批状态
        </Button>
        {state.context.record?.canRevoke === 1 && state.matches({ pending: 'idle' }) && (
          <Button size="1" variant="outline" color="gray" onClick={() => send({ type: 'approval.revoke' })}>
            撤回审批
          </Button>
        )}
      </Flex>
      <AlertDialog.Root open={state.matches({ pending: 'confirmingRevoke' })}>
        <AlertDialog.Content maxWidth="400px">
          <AlertDialog.Title>撤回审批</AlertDialog.Title>
          <AlertDialog.Description>{approvalMessages.revokeConfirm}</AlertDialog.Description>
          <Flex gap="3" mt="4" justify="end">
            <AlertDialog.Cancel>
              <Button variant="soft" color="gray" onClick={() => send({ type: 'revoke.cancel' })}>
                取消
              </Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action>
              <Button color="red" onClick={() => send({ type: 'revoke.confirm' })}>
                确定
              </Button>
            </AlertDialog.Action>
          </Flex>
        </AlertDialog.Content>
      </AlertDialog.Root>
    </Callout.Root>
  );
}

export function StateChangeForm({
  kind,
  from,
  frozenFrom,
  disabled,
  onSubmit,
}: {
  kind: ContractKind;
  from: number;
  frozenFrom: number | null;
  disabled: boolean;
  onSubmit: (to: number, remark: string) => void;
}) {
  const targets = allowedTargets(kind, from, frozenFrom);
  const names = useStateNames(kind);
  const [to, setTo] = useState<string>('');
  const [remark, setRemark] = useState('');
  if (targets.length === 0)
    return (
      <Text size="2" color="gray">
        当前状态为终态，不能再变更
      </Text>
    );
  const target = Number(to);
  return (
    <Flex direction="column" gap="2" data-testid="state-change">
      <Flex gap="2" align="center">
        <Text size="2">变更为</Text>
        <Select.Root value={to} onValueChange={setTo}>
          <Select.Trigger aria-label="目标状态" />
          <Select.Content>
            {targets.map((value) => (
              <Select.Item key={value} value={String(value)}>
                {from === 5 ? `解冻（回到${names[value]}）` : names[value]}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
      </Flex>
      {to !== '' && needsRemark(kind, target) && (
        <TextArea
          aria-label="变更原因"
          placeholder={`请填写${names[target]}的原因`}
          value={remark}
          maxLength={140}
          onChange={(e) => setRemark(e.target.value)}
        />
      )}
      <Flex justify="end">
        <Button disabled={disabled || to === ''} onClick={() => onSubmit(target, remark)}>
          提交变更
        </Button>
      </Flex>
    </Flex>
  );
}
