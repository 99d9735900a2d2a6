/**
 * One approval record bound to the approval machine: its summary, the flow (every step with its
 * candidates, handler and remark), approve / reject by the current approver (a reject needs a
 * remark) and revoke by the sponsor after 您确认要撤回此条审批记录吗？.
 */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import {
  Badge,
  Box,
  Button,
  Callout,
  DataList,
  Dialog,
  Flex,
  Heading,
  Separator,
  Spinner,
  Text,
  TextArea,
} from '@radix-ui/themes';
import { approvalMachine, approvalMessages } from '../../../machines/approval.machine';
import { inspect } from '../../inspector/inspection-store';
import { approvalActors, approvalRecord, readApprovalStatus, type OaInstanceDetail } from './oa-actors';
import { disableRecordPages, useRecordWatch } from '../../core/record-watch';
import { PageDisabledDialog } from '../../ui/page-disabled-dialog';
import { approvalStatusColors, approvalStatusNames, approverTypeNames, stepStatusNames } from './oa-format';
import { ConfirmDialog } from '../../ui/confirm-dialog';

const stepColors: Record<number, 'gray' | 'amber' | 'green' | 'red'> = {
  0: 'gray',
  1: 'amber',
  2: 'green',
  3: 'red',
  4: 'gray',
};

function FlowSteps({ detail }: { detail: OaInstanceDetail }) {
  return (
    <Flex direction="column" gap="0" data-testid="approval-steps">
      <Flex gap="3" align="start" pb="3">
        <Box mt="1" style={{ width: 10, height: 10, borderRadius: 5, background: 'var(--accent-9)' }} />
        <Box>
          <Text size="2" weight="medium">
            {detail.sponsorName} 发起审批
          </Text>
          <Text as="div" size="1" color="gray">
            {detail.entryTime}
            {detail.remark ? ` · 备注：${detail.remark}` : ''}
          </Text>
        </Box>
      </Flex>
      {detail.steps.map((step) => (
        <Flex key={step.sort} gap="3" align="start" pb="3" data-testid="approval-step">
          <Box
            mt="1"
            style={{
              width: 10,
              height: 10,
              borderRadius: 5,
              background: `var(--${stepColors[step.status] ?? 'gray'}-9)`,
            }}
          />
          <Box style={{ flex: 1 }}>
            <Flex gap="2" align="center">
              <Text size="2" weight="medium">
                第 {step.sort} 级 · {step.name}
              </Text>
              <Badge color={stepColors[step.status] ?? 'gray'} variant="soft">
                {stepStatusNames[step.status]}
              </Badge>
              <Text size="1" color="gray">
                {approverTypeNames[step.approverType]}
              </Text>
            </Flex>
            <Text as="div" size="1" color="gray">
              审批人：{step.candidates.map((c) => c.name).join('、') || '—'}
            </Text>
            {step.handler && (
              <Text as="div" size="1">
                {step.handler.name} {step.handledAt}
                {step.remark ? ` · 意见：${step.remark}` : ''}
              </Text>
            )}
          </Box>
        </Flex>
      ))}
      {detail.sendCopy.length > 0 && (
        <Text size="1" color="gray">
          抄送：{detail.sendCopy.map((c) => c.name).join('、')}
        </Text>
      )}
    </Flex>
  );
}

/** Approved, rejected, revoked: nothing can be done with the record any more. */
const finishedStatuses = [1, 2, 3];

export function ApprovalDetail({
  approvalId,
  onChanged,
  onClose,
}: {
  approvalId: number;
  onChanged?: () => void;
  /** Closes what shows the record (its dialog), after 当前页面状态不可操作. */
  onClose?: () => void;
}) {
  const [detail, setDetail] = useState<OaInstanceDetail | null>(null);
  const [machine] = useState(() =>
    approvalMachine.provide({
      actors: approvalActors((next) => {
        setDetail(next);
      }),
      // A decision or revoke refused by the edit-state check: 当前页面状态不可操作 over the record.
      actions: { disablePage: () => disableRecordPages(approvalRecord(approvalId)) },
    }),
  );
  const [state, send] = useMachine(machine, { input: { approvalId }, inspect });
  const [remark, setRemark] = useState('');
  const record = state.context.record;
  const notice = state.context.notice;
  const isBusy =
    state.matches({ pending: 'approving' }) ||
    state.matches({ pending: 'rejecting' }) ||
    state.matches({ pending: 'revoking' });
  const status = record?.status ?? detail?.status ?? null;
  // Decided or withdrawn elsewhere while the dialog was open (or an action refused by the state check).
  const [isDisabled, setDisabled] = useState(false);
  useRecordWatch({
    ...approvalRecord(approvalId),
    shown: status,
    inoperable: finishedStatuses,
    read: () => readApprovalStatus(approvalId),
    onInoperable: () => setDisabled(true),
  });
  const disabledModal = (
    <PageDisabledDialog
      open={isDisabled}
      onClose={() => {
        setDisabled(false);
        onChanged?.();
        onClose?.();
      }}
    />
  );

  const act = (event: Parameters<typeof send>[0]) => {
    send(event);
    onChanged?.();
  };

  if (state.matches('loadFailed'))
    return (
      <Flex direction="column" gap="3" data-testid="approval-detail" data-state="loadFailed">
        <Callout.Root color="red">
          <Callout.Text data-testid="approval-notice">{notice?.text ?? '加载失败'}</Callout.Text>
        </Callout.Root>
        <Button variant="soft" onClick={() => send({ type: 'approval.reload' })}>
          重新加载
        </Button>
        {disabledModal}
      </Flex>
    );
  if (!detail || state.matches('loading'))
    return (
      <Flex gap="2" align="center" data-testid="approval-detail" data-state="loading">
        <Spinner /> <Text color="gray">加载中...</Text>
        {disabledModal}
      </Flex>
    );

  const isPendingIdle = state.matches({ pending: 'idle' });
  return (
    <Flex direction="column" gap="4" data-testid="approval-detail">
      <Flex justify="between" align="center">
        <Flex gap="2" align="center">
          <Heading size="4">{detail.title}</Heading>
          {status !== null && (
            <Badge size="2" color={approvalStatusColors[status]} data-testid="approval-status">
              {approvalStatusNames[status]}
            </Badge>
          )}
        </Flex>
        <Button size="1" variant="ghost" disabled={isBusy} onClick={() => send({ type: 'approval.reload' })}>
          刷新
        </Button>
      </Flex>
      {notice && (
        <Callout.Root color={notice.kind === 'error' ? 'red' : 'green'} size="1">
          <Callout.Text data-testid="approval-notice">{notice.text}</Callout.Text>
        </Callout.Root>
      )}
      <DataList.Root size="2">
        <DataList.Item>
          <DataList.Label>审批事项</DataList.Label>
          <DataList.Value>{detail.oaItemName}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>发起人</DataList.Label>
          <DataList.Value>
            {detail.sponsorName}
            {detail.sponsorDeptName ? `（${detail.sponsorDeptName}）` : ''}
          </DataList.Value>
        </DataList.Item>
        {detail.fields.map((field) => (
          <DataList.Item key={field.label}>
            <DataList.Label>{field.label}</DataList.Label>
            <DataList.Value>{field.value}</DataList.Value>
          </DataList.Item>
        ))}
        <DataList.Item>
          <DataList.Label>发起时间</DataList.Label>
          <DataList.Value>{detail.entryTime}</DataList.Value>
        </DataList.Item>
        {detail.overTime && (
          <DataList.Item>
            <DataList.Label>结束时间</DataList.Label>
            <DataList.Value>{detail.overTime}</DataList.Value>
          </DataList.Item>
        )}
      </DataList.Root>
      <Separator size="4" />
      <Heading size="3">审批流程</Heading>
      <FlowSteps detail={detail} />
      {state.matches('pending') && (record?.canApprove === 1 || record?.canRevoke === 1) && (
        <>
          <Separator size="4" />
          {record?.canApprove === 1 && (
            <Flex direction="column" gap="2">
              <TextArea
                aria-label="审批意见"
                placeholder="审批意见（拒绝时必填）"
                value={remark}
                maxLength={140}
                onChange={(e) => setRemark(e.target.value)}
              />
              <Flex gap="2" justify="end">
                <Button
                  color="red"
                  variant="soft"
                  disabled={!isPendingIdle}
                  onClick={() => act({ type: 'approval.reject', remark })}
                >
                  拒绝
                </Button>
                <Button
                  disabled={!isPendingIdle}
                  onClick={() =>
                    act({ type: 'approval.approve', ...(remark.trim() ? { remark: remark.trim() } : {}) })
                  }
                >
                  通过
                </Button>
              </Flex>
            </Flex>
          )}
          {record?.canRevoke === 1 && (
            <Flex justify="end">
              <Button
                color="gray"
                variant="outline"
                disabled={!isPendingIdle}
                onClick={() => send({ type: 'approval.revoke' })}
              >
                撤回
              </Button>
            </Flex>
          )}
        </>
      )}
      <ConfirmDialog
        open={state.matches({ pending: 'confirmingRevoke' })}
        title="撤回审批"
        message={approvalMessages.revokeConfirm}
        onConfirm={() => act({ type: 'revoke.confirm' })}
        onCancel={() => send({ type: 'revoke.cancel' })}
      />
      {disabledModal}
    </Flex>
  );
}

/** The record in a dialog over a list. */
export function ApprovalDialog({
  approvalId,
  onClose,
}: {
  approvalId: number | null;
  onClose: (changed: boolean) => void;
}) {
  const [changed, setChanged] = useState(false);
  return (
    <Dialog.Root
      open={approvalId !== null}
      onOpenChange={(open) => {
        if (!open) {
          onClose(changed);
          setChanged(false);
        }
      }}
    >
      <Dialog.Content maxWidth="640px" aria-describedby={undefined}>
        <Dialog.Title>审批详情</Dialog.Title>
        {approvalId !== null && (
          <ApprovalDetail
            key={approvalId}
            approvalId={approvalId}
            onChanged={() => setChanged(true)}
            onClose={() => {
              onClose(true);
              setChanged(false);
            }}
          />
        )}
      </Dialog.Content>
    </Dialog.Root>
  );
}
