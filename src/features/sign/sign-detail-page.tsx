/**
 * The sign detail (/views/sign/detail?contractId=): the contract's state, parties and signatories,
 * and the actions the server's button flags allow (editState, startOAState, startSignState,
 * terminateState, signOverState, invalid / revoke / delete), each run by the sign-contract machine;
 * below, the operation log, history versions, follow-ups and pictures.
 */
import { useEffect, useState } from 'react';
import { useMachine } from '@xstate/react';
import {
  Badge,
  Box,
  Button,
  Callout,
  Card,
  DataList,
  Dialog,
  Flex,
  Heading,
  Spinner,
  Table,
  Tabs,
  Text,
  TextArea,
} from '@radix-ui/themes';
import { resourceMachine } from '../../../machines/resource.machine';
import { signConfirmations, type SignDetailButtons } from '../../../machines/sign-contract.machine';
import { tabKey } from '../../../machines/tabs.machine';
import type { PageProps } from '../../core/workspace';
import { useWorkspace } from '../../core/workspace';
import { disableRecordPages, useRecordWatch } from '../../core/record-watch';
import { SignPrintPanel } from './sign-print-panel';
import { inspect } from '../../inspector/inspection-store';
import { SigningLinkActions } from '../../shared/signing-link-actions';
import {
  createSignContractMachine,
  loadSignDetail,
  readSignState,
  signSettingResource,
  type SignDetail,
  type SignSettingView,
} from './sign-actors';
import { sealTypeNames, signatoryRoleNames, signStateColors, signStateNames } from '../../shared/sign-format';
import { signPages } from '../../shared/sign-pages';
import {
  AuditTab,
  ContractTextTab,
  FollowUpsTab,
  HistoryTab,
  LogsTab,
  PicturesTab,
  SignRecordsTab,
} from './sign-detail-tabs';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { ApprovalFlowPreview } from './approval-flow-preview';
import { SignSummary } from './sign-summary';

const busyStates = [
  'loading',
  'checkingApproval',
  'startingSigning',
  'startingApproval',
  'terminating',
  'completing',
  'voiding',
  'revokingVoid',
  'deleting',
] as const;

function DetailInfo({ contractId }: { contractId: number }) {
  const [machine] = useState(() => resourceMachine.provide({ actors: { load: loadSignDetail(contractId) } }));
  const [snapshot] = useMachine(machine, { inspect });
  const { openPage } = useWorkspace();
  const detail = snapshot.context.data as SignDetail | null;
  if (snapshot.matches('failed')) return <Text color="red">{snapshot.context.error}</Text>;
  if (!detail) return <Text color="gray">加载中...</Text>;
  return (
    <Flex direction="column" gap="4">
      <Card>
        <SignSummary
          detail={detail}
          testIdPrefix="detail"
          afterSignatureType={
            <>
              {detail.signatureType === 1 && (
                <DataList.Item>
                  <DataList.Label>签约主体与印章</DataList.Label>
                  <DataList.Value data-testid="detail-seal">
                    {detail.signBodyList.length === 0 ? (
                      <Text color="gray">未选择（签署时使用本公司默认印章）</Text>
                    ) : (
                      <Flex direction="column" gap="1">
                        {detail.signBodyList.map((body) => (
                          <Flex key={body.sealId} gap="2" align="center">
                            <img src={body.sealUrl} alt={`${body.sealTitle}印模`} width={40} height={40} />
                            <Text>
                              {body.corpName} · {body.sealTitle}
                              {body.sealTitle === sealTypeNames[body.sealType]
                                ? ''
                                : `（${sealTypeNames[body.sealType]}）`}
                            </Text>
                          </Flex>
                        ))}
                      </Flex>
                    )}
                  </DataList.Value>
                </DataList.Item>
              )}
              <DataList.Item>
                <DataList.Label>经办人</DataList.Label>
                <DataList.Value>
                  {detail.creator.name}
                  {detail.creator.deptName ? `（${detail.creator.deptName}）` : ''}
                </DataList.Value>
              </DataList.Item>
            </>
          }
          afterTimes={
            <>
              {detail.oaApprovalId && (
                <DataList.Item>
                  <DataList.Label>签约审批</DataList.Label>
                  <DataList.Value>
                    <Button
                      size="1"
                      variant="soft"
                      onClick={() => openPage(signPages.approval(detail.oaApprovalId!))}
                    >
                      查看审批记录
                    </Button>
                  </DataList.Value>
                </DataList.Item>
              )}
            </>
          }
          footer={
            <>
              <DataList.Item>
                <DataList.Label>打印次数</DataList.Label>
                <DataList.Value>{detail.printCount}</DataList.Value>
              </DataList.Item>
            </>
          }
        />
      </Card>
      {/* A voided contract does not print. */}
      {detail.state !== 4 && <SignPrintPanel contractId={contractId} contractNo={detail.contractNo} />}
      <Card>
        <Heading size="3" mb="2">
          签署方
        </Heading>
        {detail.signatories.length === 0 ? (
          <Text color="gray" size="2">
            发起签署后生成各签署方
          </Text>
        ) : (
          <Table.Root size="1">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>角色</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>名称</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>手机号</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>签字状态</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>签字时间</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>签署链接</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {detail.signatories.map((s) => (
                <Table.Row key={s.signatoryId}>
                  <Table.Cell>{signatoryRoleNames[s.role]}</Table.Cell>
                  <Table.Cell>{s.name}</Table.Cell>
                  <Table.Cell>{s.phone ?? '—'}</Table.Cell>
                  <Table.Cell>{['未签', '已签', '已拒签'][s.signStatus]}</Table.Cell>
                  <Table.Cell>{s.signTime ?? '—'}</Table.Cell>
                  <Table.Cell>
                    {detail.state === 7 && s.signStatus === 0 && s.hash ? (
                      <SigningLinkActions hash={s.hash} subjectType={s.subjectType} name={s.name} />
                    ) : (
                      '—'
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </Card>
    </Flex>
  );
}

function isShown(buttons: SignDetailButtons | null, flag: keyof SignDetailButtons): boolean {
  return buttons?.[flag] === 1;
}

export default function SignDetailPage({ params }: PageProps) {
  const contractId = Number(params['contractId']);
  if (!Number.isInteger(contractId) || contractId < 1)
    return (
      <Box p="5">
        <Callout.Root color="red">
          <Callout.Text>缺少合同编号</Callout.Text>
        </Callout.Root>
      </Box>
    );
  return <ContractDetail key={contractId} contractId={contractId} />;
}

function ContractDetail({ contractId }: { contractId: number }) {
  const workspace = useWorkspace();
  const [machine] = useState(() =>
    createSignContractMachine({
      navigateToDetail: () => {},
      // The record watch below shows 当前页面状态不可操作 and closes the tab.
      disablePage: (id) => disableRecordPages({ appType: signPages.detail(id).appType, id }),
      navigateToList: () => {
        workspace.openPage(signPages.list());
        workspace.closePage(tabKey(signPages.detail(contractId)));
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, { inspect });
  // 修改 opens the contract in the view its signing type and contract type call for.
  const [setting] = useMachine(signSettingResource, { inspect });
  const signType = (setting.context.data as SignSettingView | null)?.signType ?? null;
  const [voidOpen, setVoidOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [approvalOpen, setApprovalOpen] = useState(false);
  const [remark, setRemark] = useState('');

  useEffect(() => {
    send({ type: 'contract.load', contractId });
  }, [send, contractId]);

  const { state, buttons, notice } = snapshot.context;
  // Voided (4) or deleted elsewhere while this tab was away: 当前页面状态不可操作 closes it.
  useRecordWatch({
    appType: signPages.detail(contractId).appType,
    id: contractId,
    shown: snapshot.matches('deleted') ? null : state,
    inoperable: [4],
    read: () => readSignState(contractId),
  });
  const isBusy = busyStates.some((s) => snapshot.matches(s));
  // The contract is read again (a reload, or a pending approval checked): its tabs are read anew after.
  const isReading = snapshot.matches('loading') || snapshot.matches('checkingApproval');
  const confirmText =
    snapshot.matches({ pendingApproval: 'confirmTerminate' }) ||
    snapshot.matches({ awaitingSignature: 'confirmTerminate' })
      ? signConfirmations.terminate
      : snapshot.matches({ toStart: 'confirmComplete' }) ||
          snapshot.matches({ awaitingSignature: 'confirmComplete' }) ||
          snapshot.matches({ signed: 'confirmComplete' })
        ? signConfirmations.complete
        : snapshot.matches({ toStart: 'confirmDelete' }) ||
            snapshot.matches({ rejected: 'confirmDelete' }) ||
            snapshot.matches({ voided: 'confirmDelete' })
          ? signConfirmations.remove
          : null;

  const canSend = (event: Parameters<typeof send>[0]) => !isBusy && snapshot.can(event);

  return (
    <Box p="5" pb="9" data-testid="sign-detail-page">
      <Flex justify="between" align="center" mb="3" gap="3" wrap="wrap">
        <Flex align="center" gap="3">
          <Heading size="5">签约详情</Heading>
          {state !== null && (
            <Badge size="2" color={signStateColors[state]} data-testid="detail-state">
              {signStateNames[state]}
            </Badge>
          )}
          {isBusy && <Spinner />}
        </Flex>
        <Flex gap="2" wrap="wrap" data-testid="detail-actions">
          {isShown(buttons, 'editState') && canSend({ type: 'contract.edit', request: { body: {} } }) && (
            <Button
              variant="soft"
              onClick={() =>
                workspace.openPage(
                  signPages.contractEditor(
                    { signType, contractType: snapshot.context.contractType },
                    { contractId: String(contractId) },
                  ),
                )
              }
            >
              修改
            </Button>
          )}
          {isShown(buttons, 'startOAState') && canSend({ type: 'approval.start' }) && (
            <Button onClick={() => setApprovalOpen(true)}>发起审批</Button>
          )}
          {isShown(buttons, 'startSignState') && canSend({ type: 'sign.start' }) && (
            <Button onClick={() => send({ type: 'sign.start' })}>发起签署</Button>
          )}
          {isShown(buttons, 'terminateState') && canSend({ type: 'contract.terminate' }) && (
            <Button color="orange" variant="soft" onClick={() => send({ type: 'contract.terminate' })}>
              终止
            </Button>
          )}
          {isShown(buttons, 'signOverState') && canSend({ type: 'contract.complete' }) && (
            <Button color="green" onClick={() => send({ type: 'contract.complete' })}>
              签约完成
            </Button>
          )}
          {isShown(buttons, 'invalidState') && canSend({ type: 'contract.void', reason: 'x' }) && (
            <Button color="red" variant="soft" onClick={() => setVoidOpen(true)}>
              作废
            </Button>
          )}
          {isShown(buttons, 'invalidRevokeState') && canSend({ type: 'void.revoke' }) && (
            <Button variant="soft" onClick={() => send({ type: 'void.revoke' })}>
              撤销作废
            </Button>
          )}
          {isShown(buttons, 'deleteState') && canSend({ type: 'contract.delete' }) && (
            <Button color="red" variant="outline" onClick={() => send({ type: 'contract.delete' })}>
              删除
            </Button>
          )}
          {!snapshot.matches('loadFailed') && canSend({ type: 'contract.refresh' }) && (
            <Button variant="soft" color="gray" onClick={() => send({ type: 'contract.refresh' })}>
              刷新
            </Button>
          )}
        </Flex>
      </Flex>
      {notice && (
        <Callout.Root color={notice.kind === 'error' ? 'red' : 'green'} mb="3">
          <Callout.Text data-testid="detail-notice">{notice.text}</Callout.Text>
        </Callout.Root>
      )}
      {snapshot.matches('started') && (
        <Callout.Root color="blue" mb="3">
          <Callout.Text data-testid="detail-started">正在打开合同详情...</Callout.Text>
        </Callout.Root>
      )}
      {snapshot.matches('deleted') && (
        <Callout.Root color="blue" mb="3">
          <Callout.Text data-testid="detail-deleted">合同已删除，即将返回签约列表</Callout.Text>
        </Callout.Root>
      )}
      {snapshot.matches('loadFailed') && (
        <Button variant="soft" mb="3" onClick={() => send({ type: 'contract.refresh' })}>
          重新加载
        </Button>
      )}
      {state !== null && !isReading && !snapshot.matches('deleted') && (
        <>
          <DetailInfo contractId={contractId} />
          <Tabs.Root defaultValue="logs" mt="4">
            <Tabs.List>
              <Tabs.Trigger value="logs">操作日志</Tabs.Trigger>
              <Tabs.Trigger value="records">签字记录</Tabs.Trigger>
              <Tabs.Trigger value="text">合同文本</Tabs.Trigger>
              <Tabs.Trigger value="history">历史版本</Tabs.Trigger>
              <Tabs.Trigger value="audit">审计记录</Tabs.Trigger>
              <Tabs.Trigger value="follow">跟进记录</Tabs.Trigger>
              <Tabs.Trigger value="pictures">签约图片</Tabs.Trigger>
            </Tabs.List>
            <Box pt="3">
              <Tabs.Content value="logs">
                <LogsTab contractId={contractId} />
              </Tabs.Content>
              <Tabs.Content value="records">
                <SignRecordsTab contractId={contractId} />
              </Tabs.Content>
              <Tabs.Content value="text">
                <ContractTextTab contractId={contractId} />
              </Tabs.Content>
              <Tabs.Content value="history">
                <HistoryTab contractId={contractId} />
              </Tabs.Content>
              <Tabs.Content value="audit">
                <AuditTab contractId={contractId} />
              </Tabs.Content>
              <Tabs.Content value="follow">
                <FollowUpsTab contractId={contractId} />
              </Tabs.Content>
              <Tabs.Content value="pictures">
                <PicturesTab contractId={contractId} />
              </Tabs.Content>
            </Box>
          </Tabs.Root>
        </>
      )}

      <ConfirmDialog
        open={confirmText !== null}
        title="提示"
        message={confirmText ?? ''}
        isDanger={false}
        onConfirm={() => send({ type: 'confirm.yes' })}
        onCancel={() => send({ type: 'confirm.no' })}
      />

      <Dialog.Root open={voidOpen} onOpenChange={setVoidOpen}>
        <Dialog.Content maxWidth="420px">
          <Dialog.Title>作废合同</Dialog.Title>
          <TextArea
            aria-label="作废原因"
            placeholder="请输入作废原因"
            maxLength={140}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
          <Flex gap="3" justify="end" mt="4">
            <Dialog.Close>
              <Button variant="soft" color="gray">
                取消
              </Button>
            </Dialog.Close>
            <Button
              color="red"
              disabled={reason.trim() === ''}
              onClick={() => {
                send({ type: 'contract.void', reason: reason.trim() });
                setVoidOpen(false);
                setReason('');
              }}
            >
              确定作废
            </Button>
          </Flex>
        </Dialog.Content>
      </Dialog.Root>

      <Dialog.Root open={approvalOpen} onOpenChange={setApprovalOpen}>
        <Dialog.Content maxWidth="420px">
          <Dialog.Title>发起审批</Dialog.Title>
          {approvalOpen && <ApprovalFlowPreview contractId={contractId} />}
          <TextArea
            aria-label="审批备注"
            placeholder="请输入审批备注（选填）"
            maxLength={140}
            value={remark}
            onChange={(e) => setRemark(e.target.value)}
          />
          <Flex gap="3" justify="end" mt="4">
            <Dialog.Close>
              <Button variant="soft" color="gray">
                取消
              </Button>
            </Dialog.Close>
            <Button
              onClick={() => {
                send({ type: 'approval.start', ...(remark.trim() ? { remark: remark.trim() } : {}) });
                setApprovalOpen(false);
                setRemark('');
              }}
            >
              确定发起
            </Button>
          </Flex>
        </Dialog.Content>
      </Dialog.Root>
    </Box>
  );
}
