/** 签约份数流水: how the sign-credit balance changed (bought, given, spent by a signing, refunded), 10 per page. */
import { useState } from 'react';
import { Flex, Heading, SegmentedControl, Text } from '@radix-ui/themes';
import { ListTable, type Column } from '../../ui/list-page/list-table';
import { useListPage } from '../../ui/list-page/use-list-page';
import { formatYuan } from './format';
import {
  fetchSignLedger,
  recordPageSize,
  type SignLedgerKind,
  type SignLedgerRecord,
} from './recharge-actors';

export const signLedgerKindNames: Record<SignLedgerKind, string> = {
  1: '购买',
  2: '赠送',
  3: '发起签署扣减',
  4: '作废退还',
};

const columns: Column<SignLedgerRecord>[] = [
  { key: 'time', header: '时间', cell: (r) => r.createTime },
  { key: 'type', header: '类型', cell: (r) => signLedgerKindNames[r.type] },
  {
    key: 'count',
    header: '份数',
    cell: (r) => <Text color={r.count < 0 ? 'red' : 'green'}>{r.count > 0 ? `+${r.count}` : r.count}</Text>,
  },
  { key: 'balance', header: '余额', cell: (r) => r.balance },
  { key: 'contractNo', header: '合同编号', cell: (r) => r.contractNo ?? '—' },
  { key: 'orderNumber', header: '订单号', cell: (r) => r.orderNumber ?? '—' },
  {
    key: 'amount',
    header: '金额',
    cell: (r) => (r.amount === null || r.amount === undefined ? '—' : `${formatYuan(r.amount)} 元`),
  },
  { key: 'remark', header: '说明', cell: (r) => r.remark ?? '' },
];

export function SignLedgerSection() {
  const [kind, setKind] = useState<SignLedgerKind | null>(null);
  const list = useListPage({ load: fetchSignLedger, query: {}, pageSize: recordPageSize });
  return (
    <Flex direction="column" gap="3" data-testid="sign-ledger">
      <Flex justify="between" align="center">
        <Heading size="4">签约份数流水</Heading>
        <SegmentedControl.Root
          value={kind === null ? 'all' : String(kind)}
          onValueChange={(value) => {
            const next = value === 'all' ? null : (Number(value) as SignLedgerKind);
            setKind(next);
            list.setQuery(next ? { type: next } : {});
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
      <ListTable
        list={list}
        columns={columns}
        rowKey={(r) => r.recordId}
        emptyText="暂无签约份数流水"
        rowTestId="sign-ledger-row"
        size="1"
        variant="ghost"
      />
    </Flex>
  );
}
