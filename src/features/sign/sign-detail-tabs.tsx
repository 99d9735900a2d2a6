/**
 * The lower tabs of the sign detail: operation log (10 per page), 签字记录 (3 per page, with the
 * signing progress), the contract text and its signing document, history versions with their text,
 * the signing audit trail, follow-ups, pictures (uploaded, replaced and filed by category).
 */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { Badge, Button, Flex, Link, Table, Text } from '@radix-ui/themes';
import { resourceMachine } from '../../../machines/resource.machine';
import { inspect } from '../../inspector/inspection-store';
import { Pager } from '../../ui/pager';
import { ContractTextDialog, LoadedContractText } from './contract-text-view';
import { FollowUpPanel } from './sign-follow-ups';
import { ContractPictures } from './sign-pictures';
import { signatoryRoleNames } from '../../shared/sign-format';
import {
  loadAuditTrail,
  loadContractView,
  loadHistory,
  loadHistoryView,
  loadSignRecords,
  loadSigningView,
  signRecordPageSize,
  type SignInfo,
  type SignPreview,
  type SignRecord,
  type SigningAuditEvent,
  loadLogs,
  logPageSize,
  type Page,
  type SignHistoryItem,
  type SignOperationLog,
} from './sign-actors';
import { LoadFailed, Loading } from '../../ui/load-state';

function LogPage({
  contractId,
  page,
  onPage,
}: {
  contractId: number;
  page: number;
  onPage: (p: number) => void;
}) {
  const [machine] = useState(() => resourceMachine.provide({ actors: { load: loadLogs(contractId, page) } }));
  const [snapshot, send] = useMachine(machine, { inspect });
  const data = snapshot.context.data as Page<SignOperationLog> | null;
  if (snapshot.matches('failed'))
    return <LoadFailed error={snapshot.context.error} onRetry={() => send({ type: 'retry' })} />;
  if (!data) return <Loading />;
  if (data.list.length === 0) return <Text color="gray">暂无操作日志</Text>;
  return (
    <>
      <Table.Root size="1" data-testid="operation-logs">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>时间</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>操作</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>内容</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>操作人</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {data.list.map((log) => (
            <Table.Row key={log.logId} data-testid="log-row">
              <Table.Cell>{log.createTime}</Table.Cell>
              <Table.Cell>
                <Badge variant="soft">{log.action}</Badge>
              </Table.Cell>
              <Table.Cell>{log.content}</Table.Cell>
              <Table.Cell>{log.operatorName}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      <Pager page={page} pageSize={logPageSize} total={data.total} onPage={onPage} />
    </>
  );
}

export function LogsTab({ contractId }: { contractId: number }) {
  const [page, setPage] = useState(1);
  return <LogPage key={page} contractId={contractId} page={page} onPage={setPage} />;
}

const recordActions: Record<SignRecord['action'], string> = {
  1: '查看',
  2: '实名认证',
  3: '签字',
  4: '拒签',
};

type SignRecordsPage = { info: SignInfo | null; list: SignRecord[]; total: number };

function SignRecordsPage({
  contractId,
  page,
  onPage,
}: {
  contractId: number;
  page: number;
  onPage: (p: number) => void;
}) {
  const [machine] = useState(() =>
    resourceMachine.provide({ actors: { load: loadSignRecords(contractId, page) } }),
  );
  const [snapshot, send] = useMachine(machine, { inspect });
  const data = snapshot.context.data as SignRecordsPage | null;
  if (snapshot.matches('failed'))
    return <LoadFailed error={snapshot.context.error} onRetry={() => send({ type: 'retry' })} />;
  if (!data) return <Loading />;
  return (
    <Flex direction="column" gap="3">
      {data.info && (
        <Flex gap="3" align="center" data-testid="sign-progress">
          <Text size="2">
            签署进度：已签 {data.info.signedCount} / {data.info.signerCount} 方
          </Text>
          {data.info.signDeadline && (
            <Text size="2" color="gray">
              截止 {data.info.signDeadline}
            </Text>
          )}
          <Button size="1" variant="ghost" onClick={() => send({ type: 'reload' })}>
            刷新
          </Button>
        </Flex>
      )}
      {data.list.length === 0 ? (
        <Text color="gray">暂无签字记录</Text>
      ) : (
        <Table.Root size="1" data-testid="sign-records">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>时间</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>签署方</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>记录</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>说明</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data.list.map((record) => (
              <Table.Row key={record.recordId} data-testid="sign-record">
                <Table.Cell>{record.createTime}</Table.Cell>
                <Table.Cell>
                  {record.signatoryName}（{signatoryRoleNames[record.role] ?? '签署方'}）
                </Table.Cell>
                <Table.Cell>
                  <Badge variant="soft">{recordActions[record.action]}</Badge>
                </Table.Cell>
                <Table.Cell>{record.remark ?? '—'}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
      <Pager page={page} pageSize={signRecordPageSize} total={data.total} onPage={onPage} />
    </Flex>
  );
}

/** 签字记录: what the parties did on their links, 3 a page, and the signing progress. */
export function SignRecordsTab({ contractId }: { contractId: number }) {
  const [page, setPage] = useState(1);
  return <SignRecordsPage key={page} contractId={contractId} page={page} onPage={setPage} />;
}

function pdfViewHref(url: string, name: string): string {
  return `#/views/public/pdf-view?${new URLSearchParams({ url, type: 'pdf', print: '1', download: '1', name }).toString()}`;
}

/** 合同文本: the contract's current text, and the signing document once signing started. */
export function ContractTextTab({ contractId }: { contractId: number }) {
  const [machine] = useState(() =>
    resourceMachine.provide({ actors: { load: loadSigningView(contractId) } }),
  );
  const [snapshot] = useMachine(machine, { inspect });
  const signing = snapshot.context.data as SignPreview | null;
  return (
    <Flex direction="column" gap="3">
      {signing?.pdfUrl && (
        <Flex gap="3" align="center" data-testid="signing-document">
          <Text size="2">签署文件已生成</Text>
          <Link href={pdfViewHref(signing.pdfUrl, signing.title)} target="_blank">
            查看签署文件
          </Link>
        </Flex>
      )}
      <div style={{ background: 'var(--gray-3)', padding: 12 }}>
        <LoadedContractText load={loadContractView(contractId)} testId="contract-current-text" />
      </div>
    </Flex>
  );
}

/** 审计记录: the append-only trail the 签署证明 page prints. */
export function AuditTab({ contractId }: { contractId: number }) {
  const [machine] = useState(() => resourceMachine.provide({ actors: { load: loadAuditTrail(contractId) } }));
  const [snapshot, send] = useMachine(machine, { inspect });
  const events = snapshot.context.data as SigningAuditEvent[] | null;
  if (snapshot.matches('failed'))
    return <LoadFailed error={snapshot.context.error} onRetry={() => send({ type: 'retry' })} />;
  if (!events) return <Loading />;
  if (events.length === 0) return <Text color="gray">发起签署后记录各方的每一步操作</Text>;
  return (
    <Table.Root size="1" data-testid="audit-trail">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>时间</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>操作人</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>操作</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>内容</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>来源 IP</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>文件摘要（SHA-256）</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {events.map((event) => (
          <Table.Row key={event.eventId}>
            <Table.Cell>{event.createTime}</Table.Cell>
            <Table.Cell>{event.actor}</Table.Cell>
            <Table.Cell>{event.action}</Table.Cell>
            <Table.Cell>{event.detail}</Table.Cell>
            <Table.Cell>{event.ip || '—'}</Table.Cell>
            <Table.Cell>
              <Text size="1" style={{ fontFamily: 'monospace' }}>
                {event.hashAfter ? `${event.hashAfter.slice(0, 16)}…` : '—'}
              </Text>
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

export function HistoryTab({ contractId }: { contractId: number }) {
  const [machine] = useState(() => resourceMachine.provide({ actors: { load: loadHistory(contractId) } }));
  const [snapshot, send] = useMachine(machine, { inspect });
  const [viewing, setViewing] = useState<SignHistoryItem | null>(null);
  const data = snapshot.context.data as Page<SignHistoryItem> | null;
  if (snapshot.matches('failed'))
    return <LoadFailed error={snapshot.context.error} onRetry={() => send({ type: 'retry' })} />;
  if (!data) return <Loading />;
  if (data.list.length === 0) return <Text color="gray">暂无历史版本（每次修改合同时保存修改前的一版）</Text>;
  return (
    <Table.Root size="1" data-testid="history">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>版本</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>修改人</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>备注</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>时间</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>合同文本</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {data.list.map((item) => (
          <Table.Row key={item.historyId} data-testid="history-row">
            <Table.Cell>第 {item.version} 版</Table.Cell>
            <Table.Cell>{item.operator.name}</Table.Cell>
            <Table.Cell>{item.remark ?? '—'}</Table.Cell>
            <Table.Cell>{item.createTime}</Table.Cell>
            <Table.Cell>
              <Button size="1" variant="soft" onClick={() => setViewing(item)}>
                查看
              </Button>
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
      {viewing && (
        <ContractTextDialog
          title={`第 ${viewing.version} 版合同文本`}
          load={loadHistoryView(viewing.historyId)}
          onClose={() => setViewing(null)}
        />
      )}
    </Table.Root>
  );
}

export function FollowUpsTab({ contractId }: { contractId: number }) {
  return <FollowUpPanel contractId={contractId} source="sign" />;
}

/** 签约图片: editable for whoever sees the contract; the categories for holders of 351. */
export function PicturesTab({ contractId }: { contractId: number }) {
  return <ContractPictures contractId={contractId} />;
}
