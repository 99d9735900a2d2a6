/**
 * 日志记录 (/views/manager/log; 001 section 7): the operation log (who did what to which record, when
 * and from which address; 10 a page), the login records (time, address, device, success or failure)
 * and the sign records (each signing with the credits it consumed), each with its filters, within the
 * user's scope. Built on the list-page kit.
 */
import { useState } from 'react';
import { Badge, Box, Flex, Heading, Tabs } from '@radix-ui/themes';
import { api, ok } from '../../api/client';
import type { PageProps } from '../../core/workspace';
import { FilterBar } from '../../ui/list-page/filter-bar';
import { FilterSelect, type FilterOption } from '../../ui/list-page/filter-select';
import { ListTable, type Column } from '../../ui/list-page/list-table';
import { useFilterDraft, useListPage } from '../../ui/list-page/use-list-page';
import { SearchField } from '../../ui/search-field';
import { useResource } from '../../ui/use-resource';
import { signStateNames } from '../../shared/sign-format';

const dateOptions: FilterOption[] = [
  { value: 1, label: '今天' },
  { value: 2, label: '昨天' },
  { value: 3, label: '近 7 天' },
  { value: 4, label: '近 30 天' },
  { value: 5, label: '本月' },
  { value: 6, label: '上月' },
  { value: 7, label: '本年' },
];
const logPageSize = 10;

type Filters = { categoryId: string; keywords: string; dateType: string };
const emptyFilters: Filters = { categoryId: 'all', keywords: '', dateType: '4' };
type Query = { categoryId?: number; keywords?: string; dateType: 1 | 2 | 3 | 4 | 5 | 6 | 7 };
const toQuery = (filters: Filters): Query => ({
  ...(filters.categoryId === 'all' ? {} : { categoryId: Number(filters.categoryId) }),
  ...(filters.keywords.trim() ? { keywords: filters.keywords.trim() } : {}),
  dateType: Number(filters.dateType) as Query['dateType'],
});

type OperationRow = {
  logId: number;
  categoryId: number;
  userName: string;
  deptName: string;
  categoryName: string;
  content: string;
  ip: string;
  createTime: string;
};
type LoginRow = {
  recordId: number;
  userName: string;
  mobile: string;
  deptName: string;
  ip: string;
  device: string;
  result: number;
  loginTime: string;
};
type SignRow = {
  recordId: number;
  contractNo: string;
  contractName: string;
  signKind: number;
  state: number;
  initiatorName: string;
  deptName: string;
  consumeCount: number;
  createTime: string;
};

function Filters({
  filters,
  set,
  categories,
  categoryLabel,
  allLabel,
  keywordLabel,
  onApply,
  onReset,
}: {
  filters: Filters;
  set: (patch: Partial<Filters>) => void;
  categories: FilterOption[];
  categoryLabel: string;
  allLabel: string;
  keywordLabel: string;
  onApply: () => void;
  onReset: () => void;
}) {
  return (
    <FilterBar onApply={onApply} onReset={onReset}>
      <FilterSelect
        label={categoryLabel}
        allLabel={allLabel}
        value={filters.categoryId}
        options={categories}
        onChange={(categoryId) => set({ categoryId })}
      />
      <FilterSelect
        label="时间范围"
        value={filters.dateType}
        options={dateOptions}
        onChange={(dateType) => set({ dateType })}
      />
      <SearchField
        historyKey={`log-${categoryLabel}`}
        label={keywordLabel}
        placeholder={keywordLabel}
        maxLength={30}
        value={filters.keywords}
        onChange={(keywords) => set({ keywords })}
      />
    </FilterBar>
  );
}

function OperationLog() {
  const categories = useResource(async () => {
    const reply = await ok(
      api.GET('/ManagementCenter/recordCategoryList', { params: { query: { type: 1 } } }),
    );
    return (reply.data ?? []).map((c) => ({ value: c.categoryId, label: c.categoryName }));
  });
  const list = useListPage<OperationRow, Query>({
    query: toQuery(emptyFilters),
    pageSize: logPageSize,
    load: async (query, pageindex, pagesize) => {
      const reply = await ok(
        api.POST('/ManagementCenter/operationLog', { body: { ...query, pageindex, pagesize } }),
      );
      return { rows: reply.data ?? [], total: reply.total ?? 0 };
    },
  });
  const { draft, set, reset } = useFilterDraft(emptyFilters);
  const columns: Column<OperationRow>[] = [
    { key: 'time', header: '时间', cell: (row) => row.createTime },
    { key: 'user', header: '操作人', cell: (row) => row.userName, isRowHeader: true },
    { key: 'dept', header: '部门', cell: (row) => row.deptName || '—' },
    { key: 'category', header: '分类', cell: (row) => row.categoryName },
    { key: 'content', header: '操作内容', cell: (row) => row.content },
    { key: 'ip', header: 'IP 地址', cell: (row) => row.ip || '—' },
  ];
  return (
    <Flex direction="column" gap="3">
      <Filters
        filters={draft}
        set={set}
        categories={(categories.data as FilterOption[] | null) ?? []}
        categoryLabel="日志分类"
        allLabel="全部分类"
        keywordLabel="操作内容或操作人"
        onApply={() => list.setQuery(toQuery(draft))}
        onReset={() => list.setQuery(toQuery(reset()))}
      />
      <ListTable
        list={list}
        columns={columns}
        rowKey={(row) => `${row.categoryId}-${row.logId}`}
        emptyText="暂无操作日志"
        testId="operation-log"
        showTotal
      />
    </Flex>
  );
}

const resultOptions: FilterOption[] = [
  { value: 1, label: '成功' },
  { value: 2, label: '失败' },
];

function LoginRecords() {
  const list = useListPage<LoginRow, Query>({
    query: toQuery(emptyFilters),
    pageSize: logPageSize,
    load: async (query, pageindex, pagesize) => {
      const { categoryId, ...rest } = query;
      const reply = await ok(
        api.POST('/ManagementCenter/loginRecord', {
          body: { ...rest, ...(categoryId ? { result: categoryId as 1 | 2 } : {}), pageindex, pagesize },
        }),
      );
      return { rows: reply.data ?? [], total: reply.total ?? 0 };
    },
  });
  const { draft, set, reset } = useFilterDraft(emptyFilters);
  const columns: Column<LoginRow>[] = [
    { key: 'time', header: '登录时间', cell: (row) => row.loginTime },
    { key: 'user', header: '员工', cell: (row) => row.userName, isRowHeader: true },
    { key: 'mobile', header: '手机号', cell: (row) => row.mobile },
    { key: 'dept', header: '部门', cell: (row) => row.deptName || '—' },
    { key: 'ip', header: 'IP 地址', cell: (row) => row.ip },
    { key: 'device', header: '设备', cell: (row) => row.device },
    {
      key: 'result',
      header: '结果',
      cell: (row) => (
        <Badge color={row.result === 1 ? 'green' : 'red'}>{row.result === 1 ? '成功' : '失败'}</Badge>
      ),
    },
  ];
  return (
    <Flex direction="column" gap="3">
      <Filters
        filters={draft}
        set={set}
        categories={resultOptions}
        categoryLabel="登录结果"
        allLabel="全部结果"
        keywordLabel="姓名或手机号"
        onApply={() => list.setQuery(toQuery(draft))}
        onReset={() => list.setQuery(toQuery(reset()))}
      />
      <ListTable
        list={list}
        columns={columns}
        rowKey={(row) => row.recordId}
        emptyText="暂无登录记录"
        testId="login-records"
        showTotal
      />
    </Flex>
  );
}

/** The sign records: 3 a page on the management centre, 10 here. */
export function SignRecords({
  pageSize = logPageSize,
  hasFilters = true,
}: {
  pageSize?: number;
  hasFilters?: boolean;
}) {
  const list = useListPage<SignRow, Query>({
    query: toQuery(emptyFilters),
    pageSize,
    load: async (query, pageindex, pagesize) => {
      const { categoryId, ...rest } = query;
      const reply = await ok(
        api.POST('/ManagementCenter/signRecord', {
          body: { ...rest, ...(categoryId ? { categoryId: categoryId as 1 | 2 } : {}), pageindex, pagesize },
        }),
      );
      return { rows: reply.data ?? [], total: reply.total ?? 0 };
    },
  });
  const { draft, set, reset } = useFilterDraft(emptyFilters);
  const columns: Column<SignRow>[] = [
    { key: 'time', header: '发起时间', cell: (row) => row.createTime },
    { key: 'no', header: '合同编号', cell: (row) => row.contractNo, isRowHeader: true },
    { key: 'name', header: '合同名称', cell: (row) => row.contractName },
    { key: 'kind', header: '签约方式', cell: (row) => (row.signKind === 1 ? '模板签约' : '快速签约') },
    {
      key: 'state',
      header: '状态',
      cell: (row) => signStateNames[row.state as keyof typeof signStateNames] ?? '',
    },
    {
      key: 'who',
      header: '发起人',
      cell: (row) => `${row.initiatorName}${row.deptName ? `（${row.deptName}）` : ''}`,
    },
    { key: 'consume', header: '消耗份数', cell: (row) => String(row.consumeCount) },
  ];
  return (
    <Flex direction="column" gap="3">
      {hasFilters && (
        <Filters
          filters={draft}
          set={set}
          categories={[
            { value: 1, label: '模板签约' },
            { value: 2, label: '快速签约' },
          ]}
          categoryLabel="签约分类"
          allLabel="全部签约"
          keywordLabel="合同编号、名称或发起人"
          onApply={() => list.setQuery(toQuery(draft))}
          onReset={() => list.setQuery(toQuery(reset()))}
        />
      )}
      <ListTable
        list={list}
        columns={columns}
        rowKey={(row) => row.recordId}
        emptyText="暂无签约记录"
        testId="sign-records"
        showTotal
      />
    </Flex>
  );
}

export default function LogPage(_props: PageProps) {
  const [tab, setTab] = useState('operation');
  return (
    <Box p="4">
      <Heading size="5" mb="3">
        日志记录
      </Heading>
      <Tabs.Root value={tab} onValueChange={setTab}>
        <Tabs.List>
          <Tabs.Trigger value="operation">操作日志</Tabs.Trigger>
          <Tabs.Trigger value="login">登录记录</Tabs.Trigger>
          <Tabs.Trigger value="sign">签约记录</Tabs.Trigger>
        </Tabs.List>
        <Box pt="3">
          <Tabs.Content value="operation">
            <OperationLog />
          </Tabs.Content>
          <Tabs.Content value="login">
            <LoginRecords />
          </Tabs.Content>
          <Tabs.Content value="sign">
            <SignRecords />
          </Tabs.Content>
        </Box>
      </Tabs.Root>
    </Box>
  );
}
