/**
 * One ledger contract bound to the sale or rent contract machine: its form groups, state history
 * and pictures (contractPictureV2), state changes (a change whose approval item is enabled waits
 * for approval; the approval is followed with the approval machine, and its sponsor may revoke it
 * here), and deletion after 是否确定删除该合同？.
 */
import { useState } from 'react';
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
  Heading,
  Spinner,
  Table,
  Tabs,
  Text,
} from '@radix-ui/themes';
import { saleContractMachine } from '../../../machines/sale-contract.machine';
import { useWorkspace } from '../../core/workspace';
import { signPages } from '../../shared/sign-pages';
import { rentContractMachine } from '../../../machines/rent-contract.machine';
import { deletableRentStates, deletableSaleStates } from '../../../machines/contract-states';
import { inspect } from '../../inspector/inspection-store';
import {
  deleteContract,
  ledgerActors,
  ledgerRecord,
  readLedgerState,
  type ContractKind,
  type RentDetail,
  type SaleDetail,
} from './oa-actors';
import { errorText, formatWan, formatYuan } from './oa-format';
import { Pictures } from './contract-pictures';
import { DealLinkItems } from '../../shared/deal-link-items';
import { PendingApproval, StateBadge, StateChangeForm } from './contract-state-change';
import { useStateNames } from './ledger-state-names';
import { usePermissions } from '../../core/permissions';
import { ContractAuth, SignAuth } from '../../../domain/auth-ids';
import { useRecordWatch } from '../../core/record-watch';
import { PageDisabledDialog } from '../../ui/page-disabled-dialog';

/** 作废: nothing can be done with a voided contract (sale 6, rent 3). */
const voidedSaleStates = [6];
const voidedRentStates = [3];

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
  const { can } = usePermissions();
  const stateNames = useStateNames(kind);
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
  // Voided or deleted elsewhere while the detail was open (or a change refused by the state check):
  // 当前页面状态不可操作, and 关闭 closes the detail as a deletion here would.
  const [isDisabled, setDisabled] = useState(false);
  useRecordWatch({
    ...ledgerRecord(kind, contractId),
    shown: current,
    inoperable: kind === 'sale' ? voidedSaleStates : voidedRentStates,
    read: () => readLedgerState(kind, contractId),
    onInoperable: () => setDisabled(true),
  });
  const disabledModal = (
    <PageDisabledDialog
      open={isDisabled}
      onClose={() => {
        setDisabled(false);
        onDeleted();
      }}
    />
  );

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
        {disabledModal}
      </Flex>
    );
  if (!detail || current === null)
    return (
      <Flex gap="2" align="center" data-testid="contract-detail" data-state="loading">
        <Spinner /> <Text color="gray">加载中...</Text>
        {disabledModal}
      </Flex>
    );

  const isAwaiting = state.matches('awaitingApproval');
  const isSubmitting = state.matches('submitting');
  const pendingApprovalId = state.context.approvalId ?? detail.pendingApproval?.approvalId ?? null;
  const canDelete =
    !isAwaiting &&
    can(ContractAuth.appType, ContractAuth.itemId, ContractAuth.remove) &&
    (kind === 'sale'
      ? (deletableSaleStates as readonly number[]).includes(current)
      : (deletableRentStates as readonly number[]).includes(current));
  // 变更合同状态 (504): a role that may only view contracts sees no way to change one.
  const canChangeState = can(ContractAuth.appType, ContractAuth.itemId, ContractAuth.changeState);
  const house = detail.houseInfo;
  // A voided or released contract is no deal to sign any more.
  const canSign =
    can(SignAuth.appType, SignAuth.itemId, SignAuth.start) &&
    (kind === 'sale' ? current !== 6 && current !== 7 : current !== 2 && current !== 3);

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
          targetName={stateNames[requested?.to ?? 0] ?? ''}
          contract={actor}
          record={ledgerRecord(kind, contractId)}
        />
      )}
      {!isAwaiting && canChangeState && (
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
              <DealLinkItems house={detail.house} customer={detail.customer} testIdPrefix="ledger-detail" />
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
                        {stateNames[record.fromState] ?? '—'} → {stateNames[record.toState]}
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
            <Pictures
              kind={kind}
              contractId={contractId}
              canEdit={can(
                ContractAuth.appType,
                ContractAuth.itemId,
                kind === 'sale' ? ContractAuth.addSale : ContractAuth.addRent,
              )}
            />
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
      {disabledModal}
    </Flex>
  );
}
