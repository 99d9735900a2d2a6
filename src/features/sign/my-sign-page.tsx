/**
 * 我的签约 (/views/sign/my-sign): the contracts the user handles, whatever the role's 353 range —
 * search by keyword or contract number, state tabs (default 全部), 15 a page. 查看 opens one in a
 * dialog: its details, parties and signatories, and its follow-ups (getmyPageSignFollowUp /
 * myPageSignfollowUp through the follow-up panel).
 */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { Badge, Box, Button, Card, DataList, Flex, Heading, Table, Tabs, Text } from '@radix-ui/themes';
import { TextField } from '../../ui/text-field';
import { resourceMachine } from '../../../machines/resource.machine';
import type { PageProps } from '../../core/workspace';
import { inspect } from '../../inspector/inspection-store';
import { DetailDialog } from '../../ui/list-page/detail-dialog';
import { FilterBar } from '../../ui/list-page/filter-bar';
import { ListTable } from '../../ui/list-page/list-table';
import { signColumns } from './sign-columns';
import { useFilterDraft, useListPage } from '../../ui/list-page/use-list-page';
import {
  contractTypeNames,
  houseTitle,
  signatoryRoleNames,
  signatureTypeNames,
  signListTabs,
  signStateColors,
  signStateNames,
} from '../../shared/sign-format';
import { FollowUpPanel } from './sign-follow-ups';
import { signPageSize, type SignDetail } from './sign-actors';
import { fetchMySignList, loadMySignDetail, type MySignFilter, type MySignQuery } from './my-sign-actors';

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
    return (
      <Flex gap="2" align="center">
        <Text color="red">{snapshot.context.error}</Text>
        <Button size="1" variant="soft" onClick={() => send({ type: 'retry' })}>
          重试
        </Button>
      </Flex>
    );
  if (!detail) return <Text color="gray">加载中...</Text>;
  return (
    <Flex direction="column" gap="3" data-testid="my-sign-detail">
      <Card>
        <DataList.Root size="2">
          <DataList.Item>
            <DataList.Label>合同编号</DataList.Label>
            <DataList.Value data-testid="my-sign-contract-no">{detail.contractNo}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>状态</DataList.Label>
            <DataList.Value>
              <Badge color={signStateColors[detail.state]} data-testid="my-sign-state">
                {signStateNames[detail.state]}
              </Badge>
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>合同模板</DataList.Label>
            <DataList.Value>
              {detail.boxName}（{contractTypeNames[detail.contractType]}）
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>房屋</DataList.Label>
            <DataList.Value>{houseTitle(detail.houseInfo)}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>签署方式</DataList.Label>
            <DataList.Value>{signatureTypeNames[detail.signatureType]}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>创建时间</DataList.Label>
            <DataList.Value>{detail.createTime}</DataList.Value>
          </DataList.Item>
          {detail.startTime && (
            <DataList.Item>
              <DataList.Label>发起时间</DataList.Label>
              <DataList.Value>{detail.startTime}</DataList.Value>
            </DataList.Item>
          )}
          {detail.signDeadline && (
            <DataList.Item>
              <DataList.Label>签署截止</DataList.Label>
              <DataList.Value>{detail.signDeadline}</DataList.Value>
            </DataList.Item>
          )}
          {detail.completeTime && (
            <DataList.Item>
              <DataList.Label>完成时间</DataList.Label>
              <DataList.Value>{detail.completeTime}</DataList.Value>
            </DataList.Item>
          )}
          {detail.rejectReason && (
            <DataList.Item>
              <DataList.Label>驳回意见</DataList.Label>
              <DataList.Value>{detail.rejectReason}</DataList.Value>
            </DataList.Item>
          )}
          {detail.invalidReason && (
            <DataList.Item>
              <DataList.Label>作废原因</DataList.Label>
              <DataList.Value>{detail.invalidReason}</DataList.Value>
            </DataList.Item>
          )}
        </DataList.Root>
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
            <Tabs.Trigger key={tab.state} value={String(tab.state)}>
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
      </Tabs.Root>
      <Box pt="4">
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
