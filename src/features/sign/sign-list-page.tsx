/**
 * The sign list (/views/sign/index): state tabs with counts (default 7 待签字), search by keyword (with
 * the recently used searches) or contract number, contract type and template, department, user,
 * dates and sort (default field 4), 15 per page; the columns follow the templates' display flags. A row opens the
 * detail; 发起签约 opens the contract view of the company's signing type (step by step, or visual for 2).
 */
import { useMemo, useState } from 'react';
import { useMachine } from '@xstate/react';
import { Box, Button, Flex, Heading, Tabs, Text } from '@radix-ui/themes';
import { TextField } from '../../ui/text-field';
import { resourceMachine } from '../../../machines/resource.machine';
import type { PageProps } from '../../core/workspace';
import { useWorkspace } from '../../core/workspace';
import { inspect } from '../../inspector/inspection-store';
import { FilterBar } from '../../ui/list-page/filter-bar';
import { ListTable } from '../../ui/list-page/list-table';
import { useFilterDraft, useListPage } from '../../ui/list-page/use-list-page';
import {
  fetchSignList,
  loadDeptTree,
  loadFilterTemplates,
  loadSignCounts,
  signPageSize,
  signSettingResource,
  type DeptNode,
  type SignListFilter,
  type SignListQuery,
  type SignSettingView,
  type SignStateCount,
  type FilterTemplate,
} from './sign-actors';
import { signColumns } from './sign-columns';
import { SearchField } from '../../ui/search-field';
import {
  contractTypeNames,
  defaultSignListState,
  defaultSortField,
  signListTabs,
  sortFieldNames,
} from '../../shared/sign-format';
import { signPages } from '../../shared/sign-pages';
import { FilterSelect, namedOptions, staffOptions } from '../../ui/list-page/filter-select';
import { usePermissions } from '../../core/permissions';
import { SignAuth } from '../../../domain/auth-ids';

type Filters = {
  key: string;
  contractNo: string;
  boxId: string;
  boxGroupType: string;
  deptId: string;
  userId: string;
  dateStart: string;
  dateEnd: string;
  sortField: string;
};

const emptyFilters: Filters = {
  key: '',
  contractNo: '',
  boxId: '',
  boxGroupType: '',
  deptId: '',
  userId: '',
  dateStart: '',
  dateEnd: '',
  sortField: String(defaultSortField),
};

const allValue = 'all';
const deptTreeMachine = resourceMachine.provide({ actors: { load: loadDeptTree } });

function toQuery(filters: Filters, state: number): SignListFilter {
  const query: SignListFilter = {
    state: state as SignListQuery['state'],
    sortField: Number(filters.sortField) as 1 | 2 | 3 | 4,
  };
  if (filters.key.trim()) query.key = filters.key.trim();
  if (filters.contractNo.trim()) query.contractNo = filters.contractNo.trim();
  if (filters.boxId) query.boxId = Number(filters.boxId);
  if (filters.boxGroupType) query.boxGroupType = Number(filters.boxGroupType) as 1 | 2 | 3;
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
  query: SignListFilter;
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
          <Tabs.Trigger aria-controls="sign-list" key={tab.state} value={String(tab.state)}>
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

/**
 * The 合同模板 filter, of the contract type chosen. Mounted again once the permissions are read, as
 * they decide which templates it may read (loadFilterTemplates).
 */
function TemplateFilter({
  canReadAll,
  contractType,
  value,
  onChange,
}: {
  canReadAll: boolean | null;
  contractType: string;
  value: string;
  onChange: (boxId: string) => void;
}) {
  const [machine] = useState(() =>
    resourceMachine.provide({ actors: { load: loadFilterTemplates(canReadAll) } }),
  );
  const [snapshot] = useMachine(machine, { inspect });
  const templates = (snapshot.context.data as FilterTemplate[] | null) ?? [];
  return (
    <FilterSelect
      hasCaption
      label="合同模板"
      allLabel="全部模板"
      value={value || allValue}
      options={templates
        .filter((t) => !contractType || String(t.contractType) === contractType)
        .map((t) => ({ value: t.boxId, label: t.boxName }))}
      onChange={(picked) => onChange(picked === allValue ? '' : picked)}
    />
  );
}

export default function SignListPage(_props: PageProps) {
  const { openPage } = useWorkspace();
  const { can, isLoaded } = usePermissions();
  const canReadAllTemplates = isLoaded ? can(SignAuth.appType, SignAuth.itemId, SignAuth.templates) : null;
  const { draft, set, reset } = useFilterDraft(emptyFilters);
  const [state, setState] = useState<number>(defaultSignListState);
  const list = useListPage({
    load: fetchSignList,
    query: toQuery(emptyFilters, defaultSignListState),
    pageSize: signPageSize,
  });
  // The counts are read again with each search (a new key remounts them).
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

  const apply = (filters: Filters) => {
    list.setQuery(toQuery(filters, state));
    setGeneration((n) => n + 1);
  };
  const search = () => apply(draft);

  return (
    <Box p="5" pb="9" data-testid="sign-list-page">
      <Flex justify="between" align="center" mb="4">
        <Heading size="5">在线签约</Heading>
        {can(SignAuth.appType, SignAuth.itemId, SignAuth.start) && (
          <Button onClick={() => openPage(signPages.contractEditor({ signType }))}>发起签约</Button>
        )}
      </Flex>
      <Box mb="4">
        <FilterBar applyText="搜索" align="end" onApply={search} onReset={() => apply(reset())}>
          <div className="field">
            <Text size="1" color="gray">
              关键词
            </Text>
            <SearchField
              historyKey="sign"
              label="关键词"
              placeholder="请输入楼盘名称、当事人姓名或手机号"
              value={draft.key}
              onChange={(key) => set({ key })}
              onSearch={(key) => apply({ ...draft, key })}
              width={240}
            />
          </div>
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
          <FilterSelect
            hasCaption
            label="合同类型"
            allLabel="全部类型"
            value={draft.boxGroupType || allValue}
            options={namedOptions(contractTypeNames)}
            onChange={(value) => set({ boxGroupType: value === allValue ? '' : value, boxId: '' })}
          />
          <TemplateFilter
            key={String(canReadAllTemplates)}
            canReadAll={canReadAllTemplates}
            contractType={draft.boxGroupType}
            value={draft.boxId}
            onChange={(boxId) => set({ boxId })}
          />
          <FilterSelect
            hasCaption
            label="部门"
            allLabel="全部部门"
            value={draft.deptId || allValue}
            options={deptRows.map((row) => ({
              value: row.dept.deptId,
              label: `${'　'.repeat(row.depth)}${row.dept.deptName}`,
            }))}
            onChange={(value) => set({ deptId: value === allValue ? '' : value, userId: '' })}
          />
          <FilterSelect
            hasCaption
            label="经办人"
            allLabel="全部经办人"
            value={draft.userId || allValue}
            options={staffOptions(users)}
            onChange={(value) => set({ userId: value === allValue ? '' : value })}
          />
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
          <FilterSelect
            hasCaption
            label="排序"
            value={draft.sortField}
            options={namedOptions(sortFieldNames)}
            onChange={(value) => set({ sortField: value })}
          />
        </FilterBar>
      </Box>
      <StateTabs
        key={`counts:${JSON.stringify({ ...list.query, state: 0 })}:${generation}`}
        query={list.query}
        state={state}
        onState={(next: number) => {
          setState(next);
          list.setQuery({ ...list.query, state: next as SignListQuery['state'] });
        }}
      />
      <Box pt="4">
        <ListTable
          id="sign-list"
          list={list}
          columns={signColumns(list.rows, (item) =>
            openPage(signPages.detail(item.contractId, item.boxName)),
          )}
          rowKey={(item) => item.contractId}
          emptyText="暂无签约合同"
          emptyTestId="sign-list-empty"
          testId="sign-list"
          rowTestId="sign-row"
          size="1"
          variant="ghost"
        />
      </Box>
    </Box>
  );
}
