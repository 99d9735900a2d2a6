/** Consumption records: the company's paid orders, newest payment first, 10 per page. */
import { Flex, Heading } from '@radix-ui/themes';
import { ListTable, type Column } from '../../ui/list-page/list-table';
import { useListPage } from '../../ui/list-page/use-list-page';
import { fetchRecords, recordPageSize, type ConsumptionRecord } from './recharge-actors';
import { formatYuan, goodsTypeNames, paymentTypeNames } from './format';

const columns: Column<ConsumptionRecord>[] = [
  { key: 'paidAt', header: '支付时间', cell: (r) => r.paidAt },
  { key: 'title', header: '商品', cell: (r) => r.title },
  { key: 'goodsType', header: '类别', cell: (r) => goodsTypeNames[r.goodsType] },
  { key: 'amount', header: '实付', cell: (r) => `${formatYuan(r.totalAmount)} 元` },
  {
    key: 'payment',
    header: '支付方式',
    cell: (r) => (r.paymentType ? paymentTypeNames[r.paymentType] : '无需支付'),
  },
  { key: 'orderNumber', header: '订单号', cell: (r) => r.orderNumber },
  { key: 'operator', header: '下单人', cell: (r) => r.operatorName },
];

export function RecordsSection() {
  const list = useListPage({ load: fetchRecords, query: {}, pageSize: recordPageSize });
  return (
    <Flex direction="column" gap="3" data-testid="records">
      <Heading size="4">消费记录</Heading>
      <ListTable
        list={list}
        columns={columns}
        rowKey={(r) => r.orderNumber}
        emptyText="暂无消费记录"
        rowTestId="record-row"
        size="1"
        variant="ghost"
      />
    </Flex>
  );
}
