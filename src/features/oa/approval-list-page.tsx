/**
 * /views/office/oa/oa-pending-approval: the company's approval records (companyOaApprovalList) by
 * view (待我审批 / 我已审批 / 我发起的 / 抄送我的 / 全部) with the seed's filters (appType, sponsor,
 * status, entry and over date ranges), 15 per page; a record opens its flow (the approval
 * machine). The page parameter approvalId opens that record at once (a link from a message).
 */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import {
  Badge,
  Box,
  Button,
  Card,
  Flex,
  Heading,
  Select,
  Table,
  Tabs,
  Text,
  TextField,
} from '@radix-ui/themes';
import { resourceMachine } from '../../../machines/resource.machine';
import { inspect } from '../../inspector/inspection-store';
import { Pager } from '../../ui/pager';
import type { PageProps } from '../../core/workspace';
import { useWorkspace } from '../../core/workspace';
import {
  loadApprovals,
  loadSponsors,
  oaPageSize,
  type ApprovalListQuery,
  type OaInstance,
  type Page,
  type Staff,
} from './oa-actors';
import { ApprovalDialog } from './approval-detail';
import { appTypeNames, approvalStatusColors, approvalStatusNames, approvalViews } from './oa-format';

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

function toQuery(type: number, filters: Filters, pageindex: number): ApprovalListQuery {
  const query: ApprovalListQuery = { type: type as ApprovalListQuery['type'], pageindex };
  if (filters.appType !== 'all') query.appType = Number(filters.appType) as ApprovalListQuery['appType'];
  if (filters.sponsorUserId !== 'all') query.sponsorUserId = Number(filters.sponsorUserId);
  if (filters.status !== 'all') query.status = Number(filters.status) as ApprovalListQuery['status'];
  if (filters.entryTimeStart) query.entryTimeStart = filters.entryTimeStart;
  if (filters.entryTimeEnd) query.entryTimeEnd = filters.entryTimeEnd;
  if (filters.overTimeStart) query.overTimeStart = filters.overTimeStart;
  if (filters.overTimeEnd) query.overTimeEnd = filters.overTimeEnd;
  return query;
}

const sponsorsMachine = resourceMachine.provide({ actors: { load: loadSponsors } });

function ApprovalRows({
  query,
  onOpen,
  onPage,
}: {
  query: ApprovalListQuery;
  onOpen: (approvalId: number) => void;
  onPage: (page: number) => void;
}) {
  const [machine] = useState(() => resourceMachine.provide({ actors: { load: loadApprovals(query) } }));
  const [state, send] = useMachine(machine, { inspect });
  const data = state.context.data as Page<OaInstance> | null;
  if (state.matches('failed'))
    return (
      <Flex gap="2" align="center" p="4">
        <Text color="red">{state.context.error}</Text>
        <Button size="1" variant="soft" onClick={() => send({ type: 'retry' })}>
          重试
        </Button>
      </Flex>
    );
  if (!data)
    return (
      <Text color="gray" as="p" my="6" align="center">
        加载中...
      </Text>
    );
  return (
    <>
      <Table.Root variant="surface" data-testid="approval-list">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>审批标题</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>应用</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>业务编号</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>发起人</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>当前审批人</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>状态</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>发起时间</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>结束时间</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {data.list.length === 0 && (
            <Table.Row>
              <Table.Cell colSpan={9}>
                <Text color="gray" as="p" align="center" my="5">
                  暂无审批记录
                </Text>
              </Table.Cell>
            </Table.Row>
          )}
          {data.list.map((row) => (
            <Table.Row key={row.approvalId} data-testid="approval-row" align="center">
              <Table.RowHeaderCell>
                <Text weight="medium">{row.title}</Text>
              </Table.RowHeaderCell>
              <Table.Cell>{appTypeNames[row.appType] ?? row.appType}</Table.Cell>
              <Table.Cell>{row.itemNo ?? '—'}</Table.Cell>
              <Table.Cell>
                {row.sponsorName}
                {row.sponsorDeptName && (
                  <Text as="div" size="1" color="gray">
                    {row.sponsorDeptName}
                  </Text>
                )}
              </Table.Cell>
              <Table.Cell>{row.currentApproverNames.join('、') || '—'}</Table.Cell>
              <Table.Cell>
                <Badge color={approvalStatusColors[row.status]}>{approvalStatusNames[row.status]}</Badge>
              </Table.Cell>
              <Table.Cell>{row.entryTime}</Table.Cell>
              <Table.Cell>{row.overTime ?? '—'}</Table.Cell>
              <Table.Cell>
                <Button
                  size="1"
                  variant={row.canApprove === 1 ? 'solid' : 'soft'}
                  onClick={() => onOpen(row.approvalId)}
                >
                  {row.canApprove === 1 ? '审批' : '查看'}
                </Button>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      <Flex justify="between" align="center" mt="2">
        <Text size="1" color="gray">
          共 {data.total} 条
        </Text>
        <Pager page={query.pageindex ?? 1} pageSize={oaPageSize} total={data.total} onPage={onPage} />
      </Flex>
    </>
  );
}

function DateRange({
  label,
  start,
  end,
  onChange,
}: {
  label: string;
  start: string;
  end: string;
  onChange: (start: string, end: string) => void;
}) {
  return (
    <Flex gap="1" align="center">
      <Text size="2" color="gray">
        {label}
      </Text>
      <TextField.Root
        size="2"
        type="date"
        aria-label={`${label}开始`}
        value={start}
        onChange={(e) => onChange(e.target.value, end)}
      />
      <Text size="2" color="gray">
        至
      </Text>
      <TextField.Root
        size="2"
        type="date"
        aria-label={`${label}结束`}
        value={end}
        onChange={(e) => onChange(start, e.target.value)}
      />
    </Flex>
  );
}

export default function ApprovalListPage({ params }: PageProps) {
  const workspace = useWorkspace();
  const [type, setType] = useState(1);
  const [draft, setDraft] = useState<Filters>(emptyFilters);
  const [filters, setFilters] = useState<Filters>(emptyFilters);
  const [page, setPage] = useState(1);
  const [reloads, setReloads] = useState(0);
  const initialId = Number(params['approvalId']);
  const [openId, setOpenId] = useState<number | null>(
    Number.isInteger(initialId) && initialId > 0 ? initialId : null,
  );
  const [sponsors] = useMachine(sponsorsMachine, { inspect });
  const staff = (sponsors.context.data as Staff[] | null) ?? [];
  const query = toQuery(type, filters, page);

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
            setPage(1);
          }}
        >
          <Tabs.List>
            {approvalViews.map((view) => (
              <Tabs.Trigger key={view.value} value={String(view.value)}>
                {view.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
        </Tabs.Root>
        <Flex gap="3" wrap="wrap" align="center" mt="4" data-testid="approval-filters">
          <Select.Root value={draft.appType} onValueChange={(appType) => setDraft({ ...draft, appType })}>
            <Select.Trigger aria-label="应用" />
            <Select.Content>
              <Select.Item value="all">全部应用</Select.Item>
              <Select.Item value="5">合同</Select.Item>
              <Select.Item value="6">签约</Select.Item>
            </Select.Content>
          </Select.Root>
          <Select.Root
            value={draft.sponsorUserId}
            onValueChange={(sponsorUserId) => setDraft({ ...draft, sponsorUserId })}
          >
            <Select.Trigger aria-label="发起人" />
            <Select.Content>
              <Select.Item value="all">全部发起人</Select.Item>
              {staff.map((person) => (
                <Select.Item key={person.userId} value={String(person.userId)}>
                  {person.name}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
          <Select.Root value={draft.status} onValueChange={(status) => setDraft({ ...draft, status })}>
            <Select.Trigger aria-label="审批状态" />
            <Select.Content>
              <Select.Item value="all">全部状态</Select.Item>
              {Object.entries(approvalStatusNames).map(([value, label]) => (
                <Select.Item key={value} value={value}>
                  {label}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
          <DateRange
            label="发起时间"
            start={draft.entryTimeStart}
            end={draft.entryTimeEnd}
            onChange={(entryTimeStart, entryTimeEnd) => setDraft({ ...draft, entryTimeStart, entryTimeEnd })}
          />
          <DateRange
            label="结束时间"
            start={draft.overTimeStart}
            end={draft.overTimeEnd}
            onChange={(overTimeStart, overTimeEnd) => setDraft({ ...draft, overTimeStart, overTimeEnd })}
          />
          <Flex gap="2">
            <Button
              onClick={() => {
                setFilters(draft);
                setPage(1);
                setReloads((n) => n + 1);
              }}
            >
              查询
            </Button>
            <Button
              variant="soft"
              color="gray"
              onClick={() => {
                setDraft(emptyFilters);
                setFilters(emptyFilters);
                setPage(1);
                setReloads((n) => n + 1);
              }}
            >
              重置
            </Button>
          </Flex>
        </Flex>
      </Card>
      <ApprovalRows
        key={`${JSON.stringify(query)}#${reloads}`}
        query={query}
        onOpen={setOpenId}
        onPage={setPage}
      />
      <ApprovalDialog
        approvalId={openId}
        onClose={(changed) => {
          setOpenId(null);
          if (changed) setReloads((n) => n + 1);
        }}
      />
    </Flex>
  );
}
