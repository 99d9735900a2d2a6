/**
 * /views/office/oa/oa-pending-approval: the company's approval records (companyOaApprovalList) by
 * view (待我审批 / 我已审批 / 我发起的 / 抄送我的 / 全部) with the seed's filters (appType, sponsor,
 * status, entry and over date ranges), 15 per page; a record opens its flow (the approval
 * machine). The page parameter approvalId opens that record at once (a link from a message).
 */
import { useState } from 'react';
import { Badge, Box, Button, Card, Flex, Heading, Tabs, Text } from '@radix-ui/themes';
import type { PageProps } from '../../core/workspace';
import { useWorkspace } from '../../core/workspace';
import { DateRangeFilter, FilterBar } from '../../ui/list-page/filter-bar';
import { ListTable, type Column } from '../../ui/list-page/list-table';
import { useFilterDraft, useListPage } from '../../ui/list-page/use-list-page';
import { fetchApprovals, oaPageSize, type ApprovalListQuery, type OaInstance } from './oa-actors';
import { ApprovalDialog } from './approval-detail';
import { appTypeNames, approvalStatusColors, approvalStatusNames, approvalViews } from './oa-format';
import { FilterSelect, namedOptions } from '../../ui/list-page/filter-select';
import { StaffPick } from '../../ui/staff-pick';

type Filters = {
  appType: string;
  sponsorUserId: string;
  status: string;
  entryTimeStart: string;
  entryTimeEnd: string;
  overTimeStart: string;
  overTimeEnd: string;
};
const emptyFilters: Filters = {
  appType: 'all',
  sponsorUserId: 'all',
  status: 'all',
  entryTimeStart: '',
  entryTimeEnd: '',
  overTimeStart: '',
  overTimeEnd: '',
};

type Query = Omit<ApprovalListQuery, 'pageindex' | 'pagesize'>;

function toQuery(type: number, filters: Filters): Query {
  const query: Query = { type: type as ApprovalListQuery['type'] };
  if (filters.appType !== 'all') query.appType = Number(filters.appType) as ApprovalListQuery['appType'];
  if (filters.sponsorUserId !== 'all') query.sponsorUserId = Number(filters.sponsorUserId);
  if (filters.status !== 'all') query.status = Number(filters.status) as ApprovalListQuery['status'];
  if (filters.entryTimeStart) query.entryTimeStart = filters.entryTimeStart;
  if (filters.entryTimeEnd) query.entryTimeEnd = filters.entryTimeEnd;
  if (filters.overTimeStart) query.overTimeStart = filters.overTimeStart;
  if (filters.overTimeEnd) query.overTimeEnd = filters.overTimeEnd;
  return query;
}

const approvalApps = [
  { value: 5, label: '合同' },
  { value: 6, label: '签约' },
];

function approvalColumns(onOpen: (approvalId: number) => void): Column<OaInstance>[] {
  return [
    {
      key: 'title',
      header: '审批标题',
      isRowHeader: true,
      cell: (row) => <Text weight="medium">{row.title}</Text>,
    },
    { key: 'app', header: '应用', cell: (row) => appTypeNames[row.appType] ?? row.appType },
    { key: 'itemNo', header: '业务编号', cell: (row) => row.itemNo ?? '—' },
    {
      key: 'sponsor',
      header: '发起人',
      cell: (row) => (
        <>
          {row.sponsorName}
          {row.sponsorDeptName && (
            <Text as="div" size="1" color="gray">
              {row.sponsorDeptName}
            </Text>
          )}
        </>
      ),
    },
    { key: 'approvers', header: '当前审批人', cell: (row) => row.currentApproverNames.join('、') || '—' },
    {
      key: 'status',
      header: '状态',
      cell: (row) => (
        <Badge color={approvalStatusColors[row.status]}>{approvalStatusNames[row.status]}</Badge>
      ),
    },
    { key: 'entryTime', header: '发起时间', cell: (row) => row.entryTime },
    { key: 'overTime', header: '结束时间', cell: (row) => row.overTime ?? '—' },
    {
      key: 'open',
      header: '',
      cell: (row) => (
        <Button
          size="1"
          variant={row.canApprove === 1 ? 'solid' : 'soft'}
          onClick={() => onOpen(row.approvalId)}
        >
          {row.canApprove === 1 ? '审批' : '查看'}
        </Button>
      ),
    },
  ];
}

export default function ApprovalListPage({ params }: PageProps) {
  const workspace = useWorkspace();
  const [type, setType] = useState(1);
  const { draft, set, reset } = useFilterDraft(emptyFilters);
  const [applied, setApplied] = useState<Filters>(emptyFilters);
  const list = useListPage({ load: fetchApprovals, query: toQuery(1, emptyFilters), pageSize: oaPageSize });
  const initialId = Number(params['approvalId']);
  const [openId, setOpenId] = useState<number | null>(
    Number.isInteger(initialId) && initialId > 0 ? initialId : null,
  );

  return (
    <Flex direction="column" gap="4" p="5" data-testid="approval-page">
      <Flex justify="between" align="center">
        <Box>
          <Heading size="6">审批</Heading>
          <Text size="2" color="gray">
            合同状态变更、签约等需要审批的业务在这里处理
          </Text>
        </Box>
        <Button
          onClick={() =>
            workspace.openPage({
              appType: 88,
              appId: 2,
              name: '发起审批',
              path: '/views/office/oa/fp-approval-operation',
            })
          }
        >
          发起审批
        </Button>
      </Flex>
      <Card size="2">
        <Tabs.Root
          value={String(type)}
          onValueChange={(value) => {
            setType(Number(value));
            list.setQuery(toQuery(Number(value), applied));
          }}
        >
          <Tabs.List>
            {approvalViews.map((view) => (
              <Tabs.Trigger aria-controls="approval-list" key={view.value} value={String(view.value)}>
                {view.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
        </Tabs.Root>
      </Card>
      <FilterBar
        testId="approval-filters"
        onApply={() => {
          setApplied(draft);
          list.setQuery(toQuery(type, draft));
        }}
        onReset={() => {
          setApplied(reset());
          list.setQuery(toQuery(type, emptyFilters));
        }}
      >
        <FilterSelect
          label="应用"
          allLabel="全部应用"
          value={draft.appType}
          options={approvalApps}
          onChange={(appType) => set({ appType })}
        />
        <StaffPick
          label="发起人"
          anyLabel="全部发起人"
          userId={draft.sponsorUserId === 'all' ? null : Number(draft.sponsorUserId)}
          onChange={(person) => set({ sponsorUserId: String(person.userId) })}
          onClear={() => set({ sponsorUserId: 'all' })}
        />
        <FilterSelect
          label="审批状态"
          allLabel="全部状态"
          value={draft.status}
          options={namedOptions(approvalStatusNames)}
          onChange={(status) => set({ status })}
        />
        <DateRangeFilter
          label="发起时间"
          start={draft.entryTimeStart}
          end={draft.entryTimeEnd}
          onChange={(entryTimeStart, entryTimeEnd) => set({ entryTimeStart, entryTimeEnd })}
        />
        <DateRangeFilter
          label="结束时间"
          start={draft.overTimeStart}
          end={draft.overTimeEnd}
          onChange={(overTimeStart, overTimeEnd) => set({ overTimeStart, overTimeEnd })}
        />
      </FilterBar>
      <ListTable
        id="approval-list"
        list={list}
        columns={approvalColumns(setOpenId)}
        rowKey={(row) => row.approvalId}
        emptyText="暂无审批记录"
        testId="approval-list"
        rowTestId="approval-row"
        showTotal
      />
      <ApprovalDialog
        approvalId={openId}
        onClose={(changed) => {
          setOpenId(null);
          if (changed) list.reload();
        }}
      />
    </Flex>
  );
}
