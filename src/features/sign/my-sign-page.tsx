/**
 * 我的签约 (/views/sign/my-sign): the contracts the user handles, whatever the role's 353 range —
 * search by keyword or contract number, state tabs (default 全部), 15 a page. 查看 opens one in a
 * dialog: its details, parties and signatories, and its follow-ups (getmyPageSignFollowUp /
 * myPageSignfollowUp through the follow-up panel).
 */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { Badge, Box, Card, DataList, Flex, Heading, Table, Tabs, Text } from '@radix-ui/themes';
import { TextField } from '../../ui/text-field';
import { resourceMachine } from '../../../machines/resource.machine';
import type { PageProps } from '../../core/workspace';
import { inspect } from '../../inspector/inspection-store';
import { DetailDialog } from '../../ui/list-page/detail-dialog';
import { FilterBar } from '../../ui/list-page/filter-bar';
import { ListTable } from '../../ui/list-page/list-table';
import { signColumns } from './sign-columns';
import { useFilterDraft, useListPage } from '../../ui/list-page/use-list-page';
import { signatoryRoleNames, signListTabs, signStateColors, signStateNames } from '../../shared/sign-format';
import { FollowUpPanel } from './sign-follow-ups';
import { SignSummary } from './sign-summary';
import { signPageSize, type SignDetail } from './sign-actors';
import { fetchMySignList, loadMySignDetail, type MySignFilter, type MySignQuery } from './my-sign-actors';
import { LoadFailed, Loading } from '../../ui/load-state';

type Filters = { key: string };
const emptyFilters: Filters = { key: '' };
/** 全部 first: the personal page shows every state unless one is picked. */
const myTabs = [
  ...signListTabs.filter((tab) => tab.state === 0),
  ...signListTabs.filter((tab) => tab.state !== 0),
];

function toQuery(filters: Filters, state: number): MySignFilter {
  const query: MySignFilter = { state: state as MySignQuery['state'] };
  if (filters.key.trim()) query.key = filters.key.trim();
  return query;
}

function MySignDetail({ contractId }: { contractId: number }) {
  const [machine] = useState(() =>
    resourceMachine.provide({ actors: { load: loadMySignDetail(contractId) } }),
  );
  const [snapshot, send] = useMachine(machine, { inspect });
  const detail = snapshot.context.data as SignDetail | null;
  if (snapshot.matches('failed'))
    return <LoadFailed error={snapshot.context.error} onRetry={() => send({ type: 'retry' })} />;
  if (!detail) return <Loading />;
  return (
    <Flex direction="column" gap="3" data-testid="my-sign-detail">
      <Card>
        <SignSummary
          detail={detail}
          testIdPrefix="my-sign"
          afterNumber={
            <DataList.Item>
              <DataList.Label>状态</DataList.Label>
              <DataList.Value>
                <Badge color={signStateColors[detail.state]} data-testid="my-sign-state">
                  {signStateNames[detail.state]}
                </Badge>
              </DataList.Value>
            </DataList.Item>
          }
        />
      </Card>
      <Card>
        <Heading size="3" mb="2">
          签署方
        </Heading>
        {detail.signatories.length === 0 ? (
          <Text color="gray" size="2">
            发起签署后生成各签署方
          </Text>
        ) : (
          <Table.Root size="1" data-testid="my-sign-signatories">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>角色</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>名称</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>签字状态</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>签字时间</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {detail.signatories.map((s) => (
                <Table.Row key={s.signatoryId}>
                  <Table.Cell>{signatoryRoleNames[s.role]}</Table.Cell>
                  <Table.Cell>{s.name}</Table.Cell>
                  <Table.Cell>{['未签', '已签', '已拒签'][s.signStatus]}</Table.Cell>
                  <Table.Cell>{s.signTime ?? '—'}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </Card>
      <Heading size="3">跟进记录</Heading>
      <FollowUpPanel contractId={contractId} source="mine" />
    </Flex>
  );
}

export default function MySignPage(_props: PageProps) {
  const { draft, set, reset } = useFilterDraft(emptyFilters);
  const [state, setState] = useState(0);
  const [opened, setOpened] = useState<number | null>(null);
  const list = useListPage({
    load: fetchMySignList,
    query: toQuery(emptyFilters, 0),
    pageSize: signPageSize,
  });
  const apply = (filters: Filters) => list.setQuery(toQuery(filters, state));
  const search = () => apply(draft);
  return (
    <Box p="5" pb="9" data-testid="my-sign-page">
      <Heading size="5" mb="4">
        我的签约
      </Heading>
      <Box mb="4">
        <FilterBar applyText="搜索" align="end" onApply={search} onReset={() => apply(reset())}>
          <label className="field">
            <Text size="1" color="gray">
              关键词
            </Text>
            <TextField.Root
              placeholder="请输入楼盘名称、当事人姓名、手机号或合同编号"
              value={draft.key}
              onChange={(e) => set({ key: e.target.value })}
              onKeyDown={(e) => e.key === 'Enter' && search()}
              style={{ width: 320 }}
            />
          </label>
        </FilterBar>
      </Box>
      <Tabs.Root
        value={String(state)}
        onValueChange={(value) => {
          const next = Number(value);
          setState(next);
          list.setQuery({ ...list.query, state: next as MySignQuery['state'] });
        }}
      >
        <Tabs.List>
          {myTabs.map((tab) => (
            <Tabs.Trigger key={tab.state} value={String(tab.state)} aria-controls="my-sign-results">
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
      </Tabs.Root>
      {/* The tabs filter this list rather than swap panels: it is what each of them controls. */}
      <Box pt="4" id="my-sign-results">
        <ListTable
          list={list}
          columns={signColumns(list.rows, (item) => setOpened(item.contractId), ['updatetime'])}
          rowKey={(item) => item.contractId}
          emptyText="暂无签约合同"
          emptyTestId="my-sign-empty"
          testId="my-sign-list"
          rowTestId="my-sign-row"
          size="1"
          variant="ghost"
          showTotal
        />
      </Box>
      <DetailDialog
        title="签约详情"
        openKey={opened}
        maxWidth="760px"
        onClose={(changed) => {
          setOpened(null);
          if (changed) list.reload();
        }}
      >
        {(contractId) => <MySignDetail contractId={contractId} />}
      </DetailDialog>
    </Box>
  );
}
