/**
 * /views/customer/index (客源, 001 sections 2-4): the customer book in two tabs, 私客 (the private
 * customers the user sees) and 公客 (the public pool), searched by phone, customer number or name and
 * filtered by kind, state, level, deal, price and area ranges, layout, entry date and sort, 15 a page
 * (customerPosts). A row opens the customer's detail; 录入客户 and 拣入私客 show only with their
 * permissions.
 */
import { useState } from 'react';
import { Badge, Box, Button, Card, Flex, Heading, Tabs, Text } from '@radix-ui/themes';
import { SearchField } from '../../ui/search-field';
import type { PageProps } from '../../core/workspace';
import { emitFeedback } from '../../api/feedback';
import { usePermissions } from '../../core/permissions';
import { DateRangeFilter, FilterBar, RangeFilter } from '../../ui/list-page/filter-bar';
import { FilterSelect, namedOptions } from '../../ui/list-page/filter-select';
import { ListTable, type Column } from '../../ui/list-page/list-table';
import { DetailDialog } from '../../ui/list-page/detail-dialog';
import { useFilterDraft, useListPage } from '../../ui/list-page/use-list-page';
import { CustomerAuth } from '../../../domain/auth-ids';
import { customerPickBackMessages } from '../../../machines/customer-pick-back.machine';
import { customerKindNames, customerStateNames } from '../../../domain/customer-rules';
import {
  customerPageSize,
  fetchCustomers,
  type CustomerListItem,
  type CustomerQuery,
} from './customer-actors';
import { kindName, levelNames, roomNames } from './customer-format';
import { CustomerDetailView } from './customer-detail';
import { CustomerForm } from './customer-form';
import { CustomerPickBack } from './customer-pick-back';

type Filters = {
  searchType: string;
  keyword: string;
  customerType: string;
  state: string;
  level: string;
  dealStatus: string;
  priceMin: string;
  priceMax: string;
  areaMin: string;
  areaMax: string;
  room: string;
  entryStart: string;
  entryEnd: string;
  sort: string;
};
const all = 'all';
const emptyFilters: Filters = {
  searchType: '1',
  keyword: '',
  customerType: all,
  state: all,
  level: all,
  dealStatus: all,
  priceMin: '',
  priceMax: '',
  areaMin: '',
  areaMax: '',
  room: all,
  entryStart: '',
  entryEnd: '',
  sort: '0',
};

const number = (value: string) => (value.trim() === '' || Number.isNaN(Number(value)) ? null : Number(value));

function toQuery(filters: Filters, attribution: 1 | 2): CustomerQuery {
  const range = (min: string, max: string) =>
    number(min) === null && number(max) === null ? undefined : { min: number(min), max: number(max) };
  const price = range(filters.priceMin, filters.priceMax);
  const area = range(filters.areaMin, filters.areaMax);
  return {
    customerAttribution: attribution,
    sort: Number(filters.sort) as 0,
    customerType: (filters.customerType === all ? 0 : Number(filters.customerType)) as 0,
    ...(filters.keyword.trim()
      ? { searchType: Number(filters.searchType) as 1, keyword: filters.keyword.trim() }
      : {}),
    ...(filters.state !== all ? { state: [Number(filters.state) as 1] } : {}),
    ...(filters.level !== all ? { level: [filters.level as 'A'] } : {}),
    ...(filters.dealStatus !== all ? { dealStatus: Number(filters.dealStatus) as 0 } : {}),
    ...(price ? { price } : {}),
    ...(area ? { area } : {}),
    ...(filters.room !== all ? { room: [Number(filters.room) as 1] } : {}),
    ...(filters.entryStart || filters.entryEnd
      ? { entryTime: { start: filters.entryStart || null, end: filters.entryEnd || null } }
      : {}),
  };
}

function columns(
  attribution: 1 | 2,
  onOpen: (row: CustomerListItem) => void,
  onPick: ((row: CustomerListItem) => void) | null,
): Column<CustomerListItem>[] {
  return [
    {
      key: 'name',
      header: '客户',
      isRowHeader: true,
      cell: (row) => (
        <Box>
          <Button variant="ghost" size="2" onClick={() => onOpen(row)}>
            {row.name}
            {row.gender ? (row.gender === 1 ? ' 先生' : ' 女士') : ''}
          </Button>
          <Text as="div" size="1" color="gray">
            {row.customerNo} · {row.phone ?? '—'}
          </Text>
        </Box>
      ),
    },
    { key: 'kind', header: '类型', cell: (row) => <Badge color="blue">{kindName(row.customerType)}</Badge> },
    {
      key: 'demand',
      header: '需求',
      cell: (row) => (
        <Box style={{ maxWidth: 280 }}>
          <Text size="2">{row.demandSummary ?? '—'}</Text>
        </Box>
      ),
    },
    {
      key: 'state',
      header: '状态',
      cell: (row) => (
        <Flex gap="1" wrap="wrap">
          <Badge color={row.state === 1 ? 'green' : 'gray'}>{row.stateName}</Badge>
          {row.dealStatus === 1 && <Badge color="red">已成交</Badge>}
          {row.level && <Badge color="amber">{row.level}</Badge>}
        </Flex>
      ),
    },
    attribution === 1
      ? { key: 'holder', header: '维护人', cell: (row) => row.userName ?? '—' }
      : { key: 'tags', header: '标签', cell: (row) => (row.tags ?? []).join('、') || '—' },
    { key: 'followUp', header: '最近跟进', cell: (row) => row.followUpTime?.slice(0, 10) ?? '—' },
    attribution === 1
      ? { key: 'public', header: '预计转公', cell: (row) => row.publicTime?.slice(0, 10) ?? '—' }
      : {
          key: 'actions',
          header: '操作',
          cell: (row) =>
            onPick ? (
              <Button size="1" variant="soft" onClick={() => onPick(row)}>
                拣入私客
              </Button>
            ) : (
              '—'
            ),
        },
  ];
}

export default function CustomerPage({ params }: PageProps) {
  // customerId (a contract's 查看客户) opens that customer's detail at once.
  const initialId = Number(params['customerId']);
  const permissions = usePermissions();
  const can = (authId: number) => permissions.can(CustomerAuth.appType, CustomerAuth.itemId, authId);
  const [attribution, setAttribution] = useState<1 | 2>(1);
  const { draft, set, reset } = useFilterDraft(emptyFilters);
  const [applied, setApplied] = useState<Filters>(emptyFilters);
  const list = useListPage({
    load: fetchCustomers,
    query: toQuery(emptyFilters, 1),
    pageSize: customerPageSize,
  });
  const [openId, setOpenId] = useState<number | null>(
    Number.isInteger(initialId) && initialId > 0 ? initialId : null,
  );
  const [isEntering, setIsEntering] = useState(false);
  const [picking, setPicking] = useState<CustomerListItem | null>(null);
  const apply = (filters: Filters) => {
    setApplied(filters);
    list.setQuery(toQuery(filters, attribution));
  };

  return (
    <Flex direction="column" gap="4" p="5" data-testid="customer-page">
      <Flex justify="between" align="end">
        <Box>
          <Heading size="6">客源</Heading>
          <Text size="2" color="gray">
            求购、求租与新房客户：私客由维护人跟进，公客全员可拣入
          </Text>
        </Box>
        {can(CustomerAuth.add) && <Button onClick={() => setIsEntering(true)}>录入客户</Button>}
      </Flex>
      <Card size="2">
        <Tabs.Root
          value={String(attribution)}
          onValueChange={(value) => {
            const next = Number(value) as 1 | 2;
            setAttribution(next);
            list.setQuery(toQuery(applied, next));
          }}
        >
          <Tabs.List>
            <Tabs.Trigger aria-controls="customer-list" value="1">
              私客
            </Tabs.Trigger>
            <Tabs.Trigger aria-controls="customer-list" value="2">
              公客
            </Tabs.Trigger>
          </Tabs.List>
        </Tabs.Root>
      </Card>
      <FilterBar
        testId="customer-search"
        applyText="搜索"
        onApply={() => apply(draft)}
        onReset={() => apply(reset())}
      >
        <FilterSelect
          label="搜索类型"
          value={draft.searchType}
          options={[
            { value: 1, label: '电话' },
            { value: 2, label: '客户编号' },
            { value: 3, label: '姓名' },
          ]}
          onChange={(searchType) => set({ searchType })}
        />
        <SearchField
          historyKey="customer"
          label="关键字"
          placeholder={['电话或后 4 位', '客户编号', '客户姓名'][Number(draft.searchType) - 1]}
          value={draft.keyword}
          maxLength={50}
          onChange={(keyword) => set({ keyword })}
          onSearch={(keyword) => apply({ ...draft, keyword })}
          width={170}
        />
        <FilterSelect
          label="客户类型"
          allLabel="全部类型"
          value={draft.customerType}
          options={namedOptions(customerKindNames)}
          onChange={(customerType) => set({ customerType })}
        />
        <FilterSelect
          label="客户状态"
          allLabel="全部状态"
          value={draft.state}
          options={namedOptions(customerStateNames)}
          onChange={(state) => set({ state })}
        />
        <FilterSelect
          label="客户等级"
          allLabel="全部等级"
          value={draft.level}
          options={namedOptions(levelNames)}
          onChange={(level) => set({ level })}
        />
        <FilterSelect
          label="成交"
          allLabel="成交与未成交"
          value={draft.dealStatus}
          options={[
            { value: 1, label: '已成交' },
            { value: 0, label: '未成交' },
          ]}
          onChange={(dealStatus) => set({ dealStatus })}
        />
        <RangeFilter
          names={['最低价格', '最高价格']}
          placeholders={['价格从', '到']}
          min={draft.priceMin}
          max={draft.priceMax}
          onChange={(priceMin, priceMax) => set({ priceMin, priceMax })}
        />
        <RangeFilter
          names={['最小面积', '最大面积']}
          placeholders={['面积 ㎡', '面积 ㎡']}
          min={draft.areaMin}
          max={draft.areaMax}
          onChange={(areaMin, areaMax) => set({ areaMin, areaMax })}
        />
        <FilterSelect
          label="意向居室"
          allLabel="全部居室"
          value={draft.room}
          options={namedOptions(roomNames)}
          onChange={(room) => set({ room })}
        />
        <DateRangeFilter
          label="录入时间"
          start={draft.entryStart}
          end={draft.entryEnd}
          onChange={(entryStart, entryEnd) => set({ entryStart, entryEnd })}
        />
        <FilterSelect
          label="排序"
          value={draft.sort}
          options={[
            { value: 0, label: '最近跟进' },
            { value: 1, label: '最新录入' },
            { value: 2, label: '最早录入' },
            { value: 3, label: '价格从高到低' },
            { value: 4, label: '价格从低到高' },
            { value: 5, label: '最久未跟进' },
          ]}
          onChange={(sort) => set({ sort })}
        />
      </FilterBar>
      <ListTable
        id="customer-list"
        list={list}
        columns={columns(
          attribution,
          (row) => setOpenId(row.customerId),
          can(CustomerAuth.pools) ? setPicking : null,
        )}
        rowKey={(row) => row.customerId}
        emptyText={attribution === 1 ? '没有找到私客' : '公客池中没有找到客户'}
        testId="customer-list"
        rowTestId="customer-row"
        showTotal
      />
      <DetailDialog
        title="客户详情"
        openKey={openId}
        maxWidth="980px"
        onClose={(changed) => {
          setOpenId(null);
          if (changed) list.reload();
        }}
      >
        {(customerId, onChanged) => <CustomerDetailView customerId={customerId} onChanged={onChanged} />}
      </DetailDialog>
      {isEntering && (
        <CustomerForm
          onClose={(saved) => {
            setIsEntering(false);
            if (!saved) return;
            list.reload();
            setOpenId(saved.customerId);
          }}
        />
      )}
      {picking && (
        <CustomerPickBack
          customerId={picking.customerId}
          customerType={picking.customerType}
          onDone={(isPicked) => {
            setPicking(null);
            if (!isPicked) return;
            emitFeedback({ kind: 'toast', text: customerPickBackMessages.picked, tone: 'success' });
            list.reload();
          }}
        />
      )}
    </Flex>
  );
}
