/** Consumption records: the company's paid orders, newest payment first, 10 per page. */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { Button, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { resourceMachine } from '../../../machines/resource.machine';
import { inspect } from '../../inspector/inspection-store';
import { Pager } from '../../ui/pager';
import { loadRecords, recordPageSize, type ConsumptionRecord, type Page } from './recharge-actors';
import { formatYuan, goodsTypeNames, paymentTypeNames } from './format';

function RecordPage({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const [machine] = useState(() => resourceMachine.provide({ actors: { load: loadRecords(page) } }));
  const [state, send] = useMachine(machine, { inspect });
  const data = state.context.data as Page<ConsumptionRecord> | null;
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
  if (data.list.length === 0) return <Text color="gray">暂无消费记录</Text>;
  return (
    <>
      <Table.Root size="1">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>支付时间</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>商品</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>类别</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>实付</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>支付方式</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>订单号</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>下单人</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {data.list.map((record) => (
            <Table.Row key={record.orderNumber} data-testid="record-row">
              <Table.Cell>{record.paidAt}</Table.Cell>
              <Table.Cell>{record.title}</Table.Cell>
              <Table.Cell>{goodsTypeNames[record.goodsType]}</Table.Cell>
              <Table.Cell>{formatYuan(record.totalAmount)} 元</Table.Cell>
              <Table.Cell>
                {record.paymentType ? paymentTypeNames[record.paymentType] : '无需支付'}
              </Table.Cell>
              <Table.Cell>{record.orderNumber}</Table.Cell>
              <Table.Cell>{record.operatorName}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      <Pager page={page} pageSize={recordPageSize} total={data.total} onPage={onPage} />
    </>
  );
}

export function RecordsSection() {
  const [page, setPage] = useState(1);
  return (
    <Flex direction="column" gap="3" data-testid="records">
      <Heading size="4">消费记录</Heading>
      <RecordPage key={page} page={page} onPage={setPage} />
    </Flex>
  );
}
