/**
 * The sign list (/views/sign/index): state tabs with counts (default 7 待签字), search by keyword or
 * contract number, department, user, dates and sort (default field 4), 15 per page. A row opens the
 * detail; 发起签约 opens the contract view of the company's signing type (step by step, or visual for 2).
 */
import { useMemo, useState } from 'react';
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
import type { PageProps } from '../../core/workspace';
import { useWorkspace } from '../../core/workspace';
import { inspect } from '../../inspector/inspection-store';
import { Pager } from '../../ui/pager';
import {
  loadDeptTree,
  loadSignCounts,
  loadSignList,
  signPageSize,
  signSettingResource,
  type DeptNode,
  type Page,
  type SignListItem,
  type SignListQuery,
  type SignSettingView,
  type SignStateCount,
} from './sign-actors';
import {
  defaultSignListState,
  defaultSortField,
  houseTitle,
  signListTabs,
  signStateColors,
  signStateNames,
  sortFieldNames,
} from '../../shared/sign-format';
import { signPages } from '../../shared/sign-pages';

type Filters = {
  key: string;
  contractNo: string;
  deptId: string;
  userId: string;
  dateStart: string;
  dateEnd: string;
  sortField: string;
};

const emptyFilters: Filters = {
  key: '',
  contractNo: '',
  deptId: '',
  userId: '',
  dateStart: '',
  dateEnd: '',
  sortField: String(defaultSortField),
};

const allValue = 'all';
const deptTreeMachine = resourceMachine.provide({ actors: { load: loadDeptTree } });

function toQuery(filters: Filters, state: number, pageindex: number): SignListQuery {
  const query: SignListQuery = {
    state: state as SignListQuery['state'],
    sortField: Number(filters.sortField) as 1 | 2 | 3 | 4,
    pageindex,
    pagesize: signPageSize,
  };
  if (filters.key.trim()) query.key = filters.key.trim();
  if (filters.contractNo.trim()) query.contractNo = filters.contractNo.trim();
  if (filters.deptId) query.deptId = Number(filters.deptId);
  if (filters.userId) query.userId = Number(filters.userId);
  if (filters.dateStart) query.dateStart = filters.dateStart;
  if (filters.dateEnd) query.dateEnd = filters.dateEnd;
  return query;
}

function flatten(nodes: DeptNode[], depth = 0): { dept: DeptNode['dept']; depth: number; node: DeptNode }[] {
  return nodes.flatMap((node) => [{ dept: node.dept, depth, node }, ...flatten(node.children, depth + 1)]);
}

function StateTabs({
  query,
  state,
  onState,
}: {
  query: SignListQuery;
  state: number;
  onState: (s: number) => void;
}) {
  const [machine] = useState(() => resourceMachine.provide({ actors: { load: loadSignCounts(query) } }));
  const [snapshot] = useMachine(machine, { inspect });
  const counts = (snapshot.context.data as SignStateCount[] | null) ?? [];
  const countOf = (s: number) => counts.find((c) => c.state === s)?.count;
  return (
    <Tabs.Root value={String(state)} onValueChange={(value) => onState(Number(value))}>
      <Tabs.List>
        {signListTabs.map((tab) => (
          <Tabs.Trigger key={tab.state} value={String(tab.state)}>
            {tab.label}
            {countOf(tab.state) !== undefined && (
              <Text size="1" color="gray" ml="1">
                ({countOf(tab.state)})
              </Text>
            )}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
    </Tabs.Root>
  );
}

function ResultPage({ query, onPage }: { query: SignListQuery; onPage: (page: number) => void }) {
  const { openPage } = useWorkspace();
  const [machine] = useState(() => resourceMachine.provide({ actors: { load: loadSignList(query) } }));
  const [snapshot, send] = useMachine(machine, { inspect });
  const data = snapshot.context.data as Page<SignListItem> | null;
  if (snapshot.matches('failed'))
    return (
      <Flex gap="2" align="center">
        <Text color="red">{snapshot.context.error}</Text>
        <Button size="1" variant="soft" onClick={() => send({ type: 'retry' })}>
          重试
        </Button>
      </Flex>
    );
  if (!data) return <Text color="gray">加载中...</Text>;
  if (data.list.length === 0)
    return (
      <Text color="gray" data-testid="sign-list-empty">
        暂无签约合同
      </Text>
    );
  return (
    <>
      <Table.Root size="1" data-testid="sign-list">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>合同编号</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>合同模板</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>房屋</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>甲方</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>乙方</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>状态</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>经办人</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>更新时间</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>操作</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {data.list.map((item) => (
            <Table.Row key={item.contractId} data-testid="sign-row">
              <Table.Cell>{item.contractNo}</Table.Cell>
              <Table.Cell>{item.boxName}</Table.Cell>
              <Table.Cell>{houseTitle(item.houseInfo)}</Table.Cell>
              <Table.Cell>{item.partyANames || '—'}</Table.Cell>
              <Table.Cell>{item.partyBNames || '—'}</Table.Cell>
              <Table.Cell>
                <Badge color={signStateColors[item.state]}>{signStateNames[item.state]}</Badge>
              </Table.Cell>
              <Table.Cell>{item.creator.name}</Table.Cell>
              <Table.Cell>{item.updateTime}</Table.Cell>
              <Table.Cell>
                <Button
                  size="1"
                  variant="soft"
                  onClick={() => openPage(signPages.detail(item.contractId, item.boxName))}
                >
                  查看
                </Button>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      <Pager page={query.pageindex ?? 1} pageSize={signPageSize} total={data.total} onPage={onPage} />
    </>
  );
}

export default function SignListPage(_props: PageProps) {
  const { openPage } = useWorkspace();
  const [draft, setDraft] = useState<Filters>(emptyFilters);
  const [filters, setFilters] = useState<Filters>(emptyFilters);
  const [state, setState] = useState<number>(defaultSignListState);
  const [page, setPage] = useState(1);
  // Reloading after the detail changed something: a new key remounts the lists.
  const [generation, setGeneration] = useState(0);
  const [depts] = useMachine(deptTreeMachine, { inspect });
  // Until the setting is read the step-by-step view opens; it hands a visual company's tab over.
  const [setting] = useMachine(signSettingResource, { inspect });
  const signType = (setting.context.data as SignSettingView | null)?.signType ?? null;
  const deptRows = useMemo(
    () => flatten((depts.context.data as DeptNode[] | null) ?? []),
    [depts.context.data],
  );
  const users = useMemo(() => {
    const rows = draft.deptId ? deptRows.filter((row) => String(row.dept.deptId) === draft.deptId) : deptRows;
    const picked = draft.deptId ? flatten(rows.map((row) => row.node)) : rows;
    return picked.flatMap((row) => row.node.users ?? []);
  }, [deptRows, draft.deptId]);

  const query = toQuery(filters, state, page);
  const queryKey = `${JSON.stringify(query)}:${generation}`;
  const set = (patch: Partial<Filters>) => setDraft((current) => ({ ...current, ...patch }));
  const search = () => {
    setFilters(draft);
    setPage(1);
    setGeneration((n) => n + 1);
  };
  const reset = () => {
    setDraft(emptyFilters);
    setFilters(emptyFilters);
    setPage(1);
    setGeneration((n) => n + 1);
  };

  return (
    <Box p="5" pb="9" data-testid="sign-list-page">
      <Flex justify="between" align="center" mb="4">
        <Heading size="5">在线签约</Heading>
        <Button onClick={() => openPage(signPages.contractEditor({ signType }))}>发起签约</Button>
      </Flex>
      <Card mb="4">
        <Flex gap="3" wrap="wrap" align="end">
          <label className="field">
            <Text size="1" color="gray">
              关键词
            </Text>
            <TextField.Root
              placeholder="请输入楼盘名称、当事人姓名或手机号"
              value={draft.key}
              onChange={(e) => set({ key: e.target.value })}
              onKeyDown={(e) => e.key === 'Enter' && search()}
              style={{ width: 240 }}
            />
          </label>
          <label className="field">
            <Text size="1" color="gray">
              合同编号
            </Text>
            <TextField.Root
              placeholder="请输入合同编号"
              value={draft.contractNo}
              onChange={(e) => set({ contractNo: e.target.value })}
              onKeyDown={(e) => e.key === 'Enter' && search()}
            />
          </label>
          <Flex direction="column" gap="1">
            <Text size="1" color="gray">
              部门
            </Text>
            <Select.Root
              value={draft.deptId || allValue}
              onValueChange={(value) => set({ deptId: value === allValue ? '' : value, userId: '' })}
            >
              <Select.Trigger aria-label="部门" placeholder="请选择部门" />
              <Select.Content>
                <Select.Item value={allValue}>全部部门</Select.Item>
                {deptRows.map((row) => (
                  <Select.Item key={row.dept.deptId} value={String(row.dept.deptId)}>
                    {'　'.repeat(row.depth)}
                    {row.dept.deptName}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </Flex>
          <Flex direction="column" gap="1">
            <Text size="1" color="gray">
              经办人
            </Text>
            <Select.Root
              value={draft.userId || allValue}
              onValueChange={(value) => set({ userId: value === allValue ? '' : value })}
            >
              <Select.Trigger aria-label="经办人" placeholder="请选择经办人" />
              <Select.Content>
                <Select.Item value={allValue}>全部经办人</Select.Item>
                {users.map((user) => (
                  <Select.Item key={user.userId} value={String(user.userId)}>
                    {user.name}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </Flex>
          <label className="field">
            <Text size="1" color="gray">
              开始日期
            </Text>
            <TextField.Root
              type="date"
              value={draft.dateStart}
              onChange={(e) => set({ dateStart: e.target.value })}
            />
          </label>
          <label className="field">
            <Text size="1" color="gray">
              结束日期
            </Text>
            <TextField.Root
              type="date"
              value={draft.dateEnd}
              onChange={(e) => set({ dateEnd: e.target.value })}
            />
          </label>
          <Flex direction="column" gap="1">
            <Text size="1" color="gray">
              排序
            </Text>
            <Select.Root value={draft.sortField} onValueChange={(value) => set({ sortField: value })}>
              <Select.Trigger aria-label="排序" />
              <Select.Content>
                {Object.entries(sortFieldNames).map(([value, label]) => (
                  <Select.Item key={value} value={value}>
                    {label}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </Flex>
          <Button onClick={search}>搜索</Button>
          <Button variant="soft" color="gray" onClick={reset}>
            重置
          </Button>
        </Flex>
      </Card>
      <StateTabs
        key={`counts:${JSON.stringify({ ...query, state: 0, pageindex: 1 })}:${generation}`}
        query={query}
        state={state}
        onState={(next: number) => {
          setState(next);
          setPage(1);
        }}
      />
      <Box pt="4">
        <ResultPage key={queryKey} query={query} onPage={setPage} />
      </Box>
    </Box>
  );
}
