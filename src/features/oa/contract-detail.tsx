/**
 * One ledger contract bound to the sale or rent contract machine: its form groups, state history
 * and pictures (contractPictureV2), state changes (a change whose approval item is enabled waits
 * for approval; the approval is followed with the approval machine, and its sponsor may revoke it
 * here), and deletion after 是否确定删除该合同？.
 */
import { useEffect, useState } from 'react';
import { useMachine } from '@xstate/react';
import {
  AlertDialog,
  Badge,
  Box,
  Button,
  Callout,
  Card,
  DataList,
  Flex,
  Grid,
  Heading,
  Inset,
  Select,
  Spinner,
  Table,
  Tabs,
  Text,
  TextArea,
} from '@radix-ui/themes';
import type { AnyActorRef } from 'xstate';
import { saleContractMachine } from '../../../machines/sale-contract.machine';
import { useWorkspace } from '../../core/workspace';
import { signPages } from '../../shared/sign-pages';
import { rentContractMachine } from '../../../machines/rent-contract.machine';
import { approvalMachine, approvalMessages } from '../../../machines/approval.machine';
import {
  canChangeRentState,
  canChangeSaleState,
  deletableRentStates,
  deletableSaleStates,
  rentStatesNeedingRemark,
  saleStatesNeedingRemark,
  type RentState,
  type SaleState,
} from '../../../machines/contract-states';
import { resourceMachine } from '../../../machines/resource.machine';
import { inspect } from '../../inspector/inspection-store';
import {
  approvalActors,
  deleteContract,
  ledgerActors,
  loadPictures,
  type ContractKind,
  type ContractPicture,
  type OaInstanceDetail,
  type RentDetail,
  type SaleDetail,
} from './oa-actors';
import {
  approvalStatusNames,
  errorText,
  formatWan,
  formatYuan,
  rentStateColors,
  rentStateNames,
  saleStateColors,
  saleStateNames,
} from './oa-format';

const stateNames = (kind: ContractKind) => (kind === 'sale' ? saleStateNames : rentStateNames);

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

function StateBadge({ kind, state }: { kind: ContractKind; state: number }) {
  const color = kind === 'sale' ? saleStateColors[state] : rentStateColors[state];
  return (
    <Badge size="2" color={color ?? 'gray'} data-testid="contract-state">
      {stateNames(kind)[state]}
    </Badge>
  );
}

function Pictures({ kind, contractId }: { kind: ContractKind; contractId: number }) {
  const [machine] = useState(() =>
    resourceMachine.provide({ actors: { load: loadPictures(kind, contractId) } }),
  );
  const [state, send] = useMachine(machine, { inspect });
  const pictures = state.context.data as ContractPicture[] | null;
  if (state.matches('failed'))
    return (
      <Flex gap="2" align="center">
        <Text color="red">{state.context.error}</Text>
        <Button size="1" variant="soft" onClick={() => send({ type: 'retry' })}>
          重试
        </Button>
      </Flex>
    );
  if (!pictures) return <Text color="gray">加载中...</Text>;
  if (pictures.length === 0) return <Text color="gray">暂无图片</Text>;
  return (
    <Grid columns="4" gap="3" data-testid="contract-pictures">
      {pictures.map((picture) => (
        <Card key={picture.pictureId} size="1">
          <Inset clip="padding-box" side="top" pb="current">
            <a href={picture.url} target="_blank" rel="noreferrer">
              <img
                src={picture.url}
                alt={picture.name ?? '合同图片'}
                style={{
                  display: 'block',
                  objectFit: 'cover',
                  width: '100%',
                  height: 110,
                  background: 'var(--gray-3)',
                }}
              />
            </a>
          </Inset>
          <Text as="div" size="1" weight="medium" truncate>
            {picture.name ?? '合同图片'}
          </Text>
          <Text as="div" size="1" color="gray">
            {picture.categoryName ?? '未分类'} · {picture.createTime.slice(0, 10)}
          </Text>
        </Card>
      ))}
    </Grid>
  );
}

function PartyValue({ party }: { party: SaleDetail['parties']['partyA'] }) {
  return (
    <Box>
      <Text>{party.name}</Text>
      <Text as="div" size="1" color="gray">
        {party.subjectType === 2 ? '营业执照' : '证件号'} {party.certNo}
        {party.phone ? ` · ${party.phone}` : ''}
      </Text>
      {party.agent && (
        <Text as="div" size="1" color="gray">
          代理人 {party.agent.name} · {party.agent.phone}
        </Text>
      )}
      {party.coOwners.length > 0 && (
        <Text as="div" size="1" color="gray">
          共有人 {party.coOwners.map((p) => p.name).join('、')}
        </Text>
      )}
    </Box>
  );
}

/** The approval a change waits for, followed with the approval machine; its outcome moves the contract machine. */
function PendingApproval({
  approvalId,
  targetName,
  contract,
}: {
  approvalId: number;
  targetName: string;
  contract: AnyActorRef;
}) {
  const [detail, setDetail] = useState<OaInstanceDetail | null>(null);
  const [machine] = useState(() => approvalMachine.provide({ actors: approvalActors(setDetail) }));
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

function StateChangeForm({
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
          <Select.Trigger aria-label="目标状态" placeholder="选择状态" />
          <Select.Content>
            {targets.map((value) => (
              <Select.Item key={value} value={String(value)}>
                {from === 5 ? `解冻（回到${stateNames(kind)[value]}）` : stateNames(kind)[value]}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
      </Flex>
      {to !== '' && needsRemark(kind, target) && (
        <TextArea
          aria-label="变更原因"
          placeholder={`请填写${stateNames(kind)[target]}的原因`}
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

export function ContractDetail({
  kind,
  contractId,
  onChanged,
  onDeleted,
}: {
  kind: ContractKind;
  contractId: number;
  onChanged: () => void;
  onDeleted: () => void;
}) {
  const [detail, setDetail] = useState<SaleDetail | RentDetail | null>(null);
  const [machine] = useState(() =>
    (kind === 'sale' ? saleContractMachine : rentContractMachine).provide({
      actors: ledgerActors(kind, setDetail),
    }),
  );
  const [state, send, actor] = useMachine(machine, { input: { contractId }, inspect });
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const { openPage } = useWorkspace();
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const { notice, requested } = state.context;
  const current = state.context.state;

  if (state.matches('loadFailed'))
    return (
      <Flex direction="column" gap="3" data-testid="contract-detail" data-state="loadFailed">
        <Callout.Root color="red">
          <Callout.Text data-testid="contract-notice">{notice?.text ?? '加载失败'}</Callout.Text>
        </Callout.Root>
        <Flex>
          <Button variant="soft" onClick={() => send({ type: 'contract.reload' })}>
            重新加载
          </Button>
        </Flex>
      </Flex>
    );
  if (!detail || current === null)
    return (
      <Flex gap="2" align="center" data-testid="contract-detail" data-state="loading">
        <Spinner /> <Text color="gray">加载中...</Text>
      </Flex>
    );

  const isAwaiting = state.matches('awaitingApproval');
  const isSubmitting = state.matches('submitting');
  const pendingApprovalId = state.context.approvalId ?? detail.pendingApproval?.approvalId ?? null;
  const canDelete =
    !isAwaiting &&
    (kind === 'sale'
      ? (deletableSaleStates as readonly number[]).includes(current)
      : (deletableRentStates as readonly number[]).includes(current));
  const house = detail.houseInfo;
  // A voided or released contract is no deal to sign any more.
  const canSign = kind === 'sale' ? current !== 6 && current !== 7 : current !== 2 && current !== 3;

  return (
    <Flex direction="column" gap="4" data-testid="contract-detail">
      <Flex justify="between" align="start">
        <Box>
          <Flex gap="2" align="center">
            <Heading size="5">{detail.contractNo}</Heading>
            <StateBadge kind={kind} state={current} />
            {isSubmitting && <Spinner />}
          </Flex>
          <Text size="2" color="gray">
            {house.city.name}
            {house.district.name} · {house.houseName} {house.houseBuilding}栋{house.houseRoomNo}
          </Text>
        </Box>
        <Flex gap="2">
          <Button size="1" variant="soft" onClick={() => send({ type: 'contract.reload' })}>
            刷新
          </Button>
          {canSign && (
            <Button
              size="1"
              variant="soft"
              onClick={() =>
                openPage(
                  signPages.operation({
                    ledgerType: kind === 'sale' ? '1' : '2',
                    ledgerId: String(contractId),
                  }),
                )
              }
            >
              发起电子签约
            </Button>
          )}
          {canDelete && (
            <Button size="1" variant="soft" color="red" onClick={() => setConfirmingDelete(true)}>
              删除
            </Button>
          )}
        </Flex>
      </Flex>
      {notice && (
        <Callout.Root color={notice.kind === 'error' ? 'red' : 'green'} size="1">
          <Callout.Text data-testid="contract-notice">{notice.text}</Callout.Text>
        </Callout.Root>
      )}
      {deleteError && (
        <Callout.Root color="red" size="1">
          <Callout.Text>{deleteError}</Callout.Text>
        </Callout.Root>
      )}
      {isAwaiting && pendingApprovalId !== null && (
        <PendingApproval
          key={pendingApprovalId}
          approvalId={pendingApprovalId}
          targetName={stateNames(kind)[requested?.to ?? 0] ?? ''}
          contract={actor}
        />
      )}
      {!isAwaiting && (
        <Card size="1">
          <StateChangeForm
            key={`${current}-${state.context.frozenFromState}`}
            kind={kind}
            from={current}
            frozenFrom={state.context.frozenFromState}
            disabled={isSubmitting || state.matches('loading')}
            onSubmit={(to, remark) => {
              send({ type: 'state.change', to, ...(remark.trim() ? { remark } : {}) });
              onChanged();
            }}
          />
        </Card>
      )}
      <Tabs.Root defaultValue="info">
        <Tabs.List>
          <Tabs.Trigger value="info">合同信息</Tabs.Trigger>
          <Tabs.Trigger value="records">状态记录</Tabs.Trigger>
          <Tabs.Trigger value="pictures">合同图片</Tabs.Trigger>
        </Tabs.List>
        <Box pt="3">
          <Tabs.Content value="info">
            <DataList.Root size="2">
              <DataList.Item>
                <DataList.Label>{kind === 'sale' ? '卖方（甲方）' : '出租方（甲方）'}</DataList.Label>
                <DataList.Value>
                  <PartyValue party={detail.parties.partyA} />
                </DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label>{kind === 'sale' ? '买方（乙方）' : '承租方（乙方）'}</DataList.Label>
                <DataList.Value>
                  <PartyValue party={detail.parties.partyB} />
                </DataList.Value>
              </DataList.Item>
              {'transactionPrice' in detail.transaction && (
                <DataList.Item>
                  <DataList.Label>成交价</DataList.Label>
                  <DataList.Value>{formatWan(detail.transaction.transactionPrice)}</DataList.Value>
                </DataList.Item>
              )}
              {'startDate' in detail.transaction && (
                <DataList.Item>
                  <DataList.Label>租期</DataList.Label>
                  <DataList.Value>
                    {detail.transaction.startDate} 至 {detail.transaction.endDate}
                  </DataList.Value>
                </DataList.Item>
              )}
              {detail.rental.monthlyRent !== null && detail.rental.monthlyRent !== undefined && (
                <DataList.Item>
                  <DataList.Label>月租金</DataList.Label>
                  <DataList.Value>{formatYuan(detail.rental.monthlyRent)} 元</DataList.Value>
                </DataList.Item>
              )}
              <DataList.Item>
                <DataList.Label>签约日期</DataList.Label>
                <DataList.Value>{detail.signDate}</DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label>签约人</DataList.Label>
                <DataList.Value>
                  {detail.userName} · {detail.deptName}
                </DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label>标签</DataList.Label>
                <DataList.Value>
                  <Flex gap="1">
                    {detail.tags.length === 0 && '—'}
                    {detail.tags.map((tag) => (
                      <Badge key={tag.tagId} variant="soft" color="gray">
                        {tag.tagName}
                      </Badge>
                    ))}
                  </Flex>
                </DataList.Value>
              </DataList.Item>
              {detail.remark && (
                <DataList.Item>
                  <DataList.Label>备注</DataList.Label>
                  <DataList.Value>{detail.remark}</DataList.Value>
                </DataList.Item>
              )}
            </DataList.Root>
          </Tabs.Content>
          <Tabs.Content value="records">
            {detail.stateRecords.length === 0 ? (
              <Text color="gray">暂无状态变更</Text>
            ) : (
              <Table.Root size="1">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeaderCell>时间</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>变更</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>原因</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>操作人</Table.ColumnHeaderCell>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {detail.stateRecords.map((record, index) => (
                    <Table.Row key={index}>
                      <Table.Cell>{record.createTime}</Table.Cell>
                      <Table.Cell>
                        {stateNames(kind)[record.fromState] ?? '—'} → {stateNames(kind)[record.toState]}
                        {record.approvalId ? '（经审批）' : ''}
                      </Table.Cell>
                      <Table.Cell>{record.remark ?? '—'}</Table.Cell>
                      <Table.Cell>{record.userName}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            )}
          </Tabs.Content>
          <Tabs.Content value="pictures">
            <Pictures kind={kind} contractId={contractId} />
          </Tabs.Content>
        </Box>
      </Tabs.Root>
      <AlertDialog.Root open={confirmingDelete} onOpenChange={setConfirmingDelete}>
        <AlertDialog.Content maxWidth="400px">
          <AlertDialog.Title>删除合同</AlertDialog.Title>
          <AlertDialog.Description>是否确定删除该合同？</AlertDialog.Description>
          <Flex gap="3" mt="4" justify="end">
            <AlertDialog.Cancel>
              <Button variant="soft" color="gray">
                取消
              </Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action>
              <Button
                color="red"
                onClick={() => {
                  deleteContract(kind, contractId).then(onDeleted, (error: unknown) =>
                    setDeleteError(errorText(error)),
                  );
                }}
              >
                确定
              </Button>
            </AlertDialog.Action>
          </Flex>
        </AlertDialog.Content>
      </AlertDialog.Root>
    </Flex>
  );
}
