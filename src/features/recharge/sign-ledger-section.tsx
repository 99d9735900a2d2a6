/** 签约份数流水: how the sign-credit balance changed (bought, given, spent by a signing, refunded), 10 per page. */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { Button, Flex, Heading, SegmentedControl, Table, Text } from '@radix-ui/themes';
import { resourceMachine } from '../../../machines/resource.machine';
import { inspect } from '../../inspector/inspection-store';
import { Pager } from '../../ui/pager';
import { formatYuan } from './format';
import {
  loadSignLedger,
  recordPageSize,
  type Page,
  type SignLedgerKind,
  type SignLedgerRecord,
} from './recharge-actors';

export const signLedgerKindNames: Record<SignLedgerKind, string> = {
  1: '购买',
  2: '赠送',
  3: '发起签署扣减',
  4: '作废退还',
};

function LedgerPage({
  kind,
  page,
  onPage,
}: {
  kind: SignLedgerKind | null;
  page: number;
  onPage: (page: number) => void;
}) {
  const [machine] = useState(() => resourceMachine.provide({ actors: { load: loadSignLedger(kind, page) } }));
  const [state, send] = useMachine(machine, { inspect });
  const data = state.context.data as Page<SignLedgerRecord> | null;
  if (state.matches('failed'))
    return (
      <Flex gap="2" align="center">
        <Text color="red">{state.context.error}</Text>
        <Button size="1" variant="soft" onClick={() => send({ type: 'retry' })}>
          重试
        </Button>
      </Flex>
    );
  if (!data) return <Text color="gray">加载中...</Text>;
  if (data.list.length === 0) return <Text color="gray">暂无签约份数流水</Text>;
  return (
    <>
      <Table.Root size="1">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>时间</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>类型</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>份数</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>余额</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>合同编号</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>订单号</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>金额</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>说明</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {data.list.map((record) => (
            <Table.Row key={record.recordId} data-testid="sign-ledger-row">
              <Table.Cell>{record.createTime}</Table.Cell>
              <Table.Cell>{signLedgerKindNames[record.type]}</Table.Cell>
              <Table.Cell>
                <Text color={record.count < 0 ? 'red' : 'green'}>
                  {record.count > 0 ? `+${record.count}` : record.count}
                </Text>
              </Table.Cell>
              <Table.Cell>{record.balance}</Table.Cell>
              <Table.Cell>{record.contractNo ?? '—'}</Table.Cell>
              <Table.Cell>{record.orderNumber ?? '—'}</Table.Cell>
              <Table.Cell>
                {record.amount === null || record.amount === undefined
                  ? '—'
                  : `${formatYuan(record.amount)} 元`}
              </Table.Cell>
              <Table.Cell>{record.remark ?? ''}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      <Pager page={page} pageSize={recordPageSize} total={data.total} onPage={onPage} />
    </>
  );
}

export function SignLedgerSection() {
  const [kind, setKind] = useState<SignLedgerKind | null>(null);
  const [page, setPage] = useState(1);
  return (
    <Flex direction="column" gap="3" data-testid="sign-ledger">
      <Flex justify="between" align="center">
        <Heading size="4">签约份数流水</Heading>
        <SegmentedControl.Root
          value={kind === null ? 'all' : String(kind)}
          onValueChange={(value) => {
            setKind(value === 'all' ? null : (Number(value) as SignLedgerKind));
            setPage(1);
          }}
        >
          <SegmentedControl.Item value="all">全部</SegmentedControl.Item>
          {([1, 2, 3, 4] as const).map((k) => (
            <SegmentedControl.Item key={k} value={String(k)}>
              {signLedgerKindNames[k]}
            </SegmentedControl.Item>
          ))}
        </SegmentedControl.Root>
      </Flex>
      <LedgerPage key={`${kind ?? 'all'}-${page}`} kind={kind} page={page} onPage={setPage} />
    </Flex>
  );
}
