/**
 * Template management (/views/sign/contract-template, auth 356): the company's contract templates by
 * group (常用模板, 其他模板 and its own groups), shelf up (1) and down (2), delete (only off the
 * shelf), groups (add, rename, delete after asking), each template's settings (signing initiation
 * type — at least one, 请选择签约方式 —, mobile style, contract number rule, group), its 自定义设置
 * (widget fields, required switches, list display, range, approval: template-customize-dialog.tsx),
 * its preview with the widget fields, and the company's 快捷签署审批.
 */
import { useCallback, useState } from 'react';
import { useMachine } from '@xstate/react';
import { Badge, Box, Button, Callout, Flex, Heading } from '@radix-ui/themes';
import { TextField } from '../../ui/text-field';
import { resourceMachine } from '../../../machines/resource.machine';
import type { PageProps } from '../../core/workspace';
import { inspect } from '../../inspector/inspection-store';
import { FilterBar } from '../../ui/list-page/filter-bar';
import { ListTable, type Column } from '../../ui/list-page/list-table';
import { useFilterDraft, useListPage } from '../../ui/list-page/use-list-page';
import {
  fetchTemplates,
  loadTemplateGroups,
  loadTemplatePreview,
  removeTemplate,
  setTemplateShelf,
  templatePageSize,
  type TemplateGroup,
  type TemplateListItem,
  type TemplateListQuery,
} from './sign-actors';
import { contractTypeNames } from '../../shared/sign-format';
import { GroupBar, messageOf, type Notice } from './template-group-bar';
import { SettingsDialog } from './template-settings-dialog';
import { TemplateCustomizeDialog, TemplateFieldSummary } from './template-customize-dialog';
import { FileSignApprovalDialog } from './file-sign-approval-dialog';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { ContractTextDialog } from './contract-text-view';
import { FilterSelect } from '../../ui/list-page/filter-select';

type Query = Omit<TemplateListQuery, 'pageindex' | 'pagesize'>;
type Filters = { state: 'all' | '1' | '2'; key: string };
const emptyFilters: Filters = { state: 'all', key: '' };

function toQuery(groupId: number | null, filters: Filters): Query {
  return {
    ...(groupId ? { groupId } : {}),
    ...(filters.state !== 'all' ? { state: Number(filters.state) as 1 | 2 } : {}),
    ...(filters.key.trim() ? { key: filters.key.trim() } : {}),
  };
}

const shelfStates = [
  { value: 1, label: '已上架' },
  { value: 2, label: '已下架' },
];

const groupsMachine = resourceMachine.provide({ actors: { load: loadTemplateGroups } });

function templateColumns(actions: {
  onShelf: (t: TemplateListItem) => void;
  onSettings: (t: TemplateListItem) => void;
  onCustomize: (t: TemplateListItem) => void;
  onDelete: (t: TemplateListItem) => void;
  onPreview: (t: TemplateListItem) => void;
}): Column<TemplateListItem>[] {
  return [
    { key: 'name', header: '模板名称', cell: (t) => t.boxName },
    { key: 'type', header: '类型', cell: (t) => contractTypeNames[t.type] },
    { key: 'group', header: '分组', cell: (t) => t.groupName },
    {
      key: 'state',
      header: '状态',
      cell: (t) => (
        <Badge color={t.state === 1 ? 'green' : 'gray'}>{t.state === 1 ? '已上架' : '已下架'}</Badge>
      ),
    },
    { key: 'useCount', header: '发起次数', cell: (t) => t.useCount },
    { key: 'user', header: '创建人', cell: (t) => t.userName },
    { key: 'updateTime', header: '更新时间', cell: (t) => t.updateTime },
    {
      key: 'actions',
      header: '操作',
      cell: (t) => (
        <Flex gap="2">
          <Button size="1" variant="soft" onClick={() => actions.onShelf(t)}>
            {t.state === 1 ? '下架' : '上架'}
          </Button>
          <Button size="1" variant="soft" onClick={() => actions.onSettings(t)}>
            设置
          </Button>
          <Button size="1" variant="soft" onClick={() => actions.onCustomize(t)}>
            自定义设置
          </Button>
          <Button size="1" variant="soft" onClick={() => actions.onPreview(t)}>
            预览
          </Button>
          {t.state === 2 && (
            <Button size="1" variant="soft" color="red" onClick={() => actions.onDelete(t)}>
              删除
            </Button>
          )}
        </Flex>
      ),
    },
  ];
}

export default function ContractTemplatePage(_props: PageProps) {
  const [groupId, setGroupId] = useState<number | null>(null);
  const { draft, set } = useFilterDraft(emptyFilters);
  const [applied, setApplied] = useState<Filters>(emptyFilters);
  const list = useListPage({
    load: fetchTemplates,
    query: toQuery(null, emptyFilters),
    pageSize: templatePageSize,
  });
  const [groupsState, sendGroups] = useMachine(groupsMachine, { inspect });
  const groups = (groupsState.context.data as TemplateGroup[] | null) ?? [];
  const [notice, setNotice] = useState<Notice>(null);
  const [settingsOf, setSettingsOf] = useState<number | null>(null);
  const [isFileSignApproval, setIsFileSignApproval] = useState(false);
  const [customizing, setCustomizing] = useState<TemplateListItem | null>(null);
  const closeCustomize = useCallback(() => {
    setCustomizing(null);
    list.reload();
  }, [list]);
  const [deleting, setDeleting] = useState<TemplateListItem | null>(null);
  const [previewing, setPreviewing] = useState<TemplateListItem | null>(null);
  const reload = () => {
    list.reload();
    sendGroups({ type: 'reload' });
  };
  const run = (action: Promise<string>) =>
    action.then(
      (text) => {
        setNotice({ tone: 'green', text });
        reload();
      },
      (error: unknown) => setNotice({ tone: 'red', text: messageOf(error) }),
    );
  const search = (filters: Filters) => {
    setApplied(filters);
    list.setQuery(toQuery(groupId, filters));
  };
  return (
    <Box p="5" pb="9" data-testid="contract-template-page">
      <Flex justify="between" align="center" mb="4">
        <Heading size="5">合同模板</Heading>
        <Button variant="soft" onClick={() => setIsFileSignApproval(true)}>
          快捷签署审批
        </Button>
      </Flex>
      {notice && (
        <Callout.Root color={notice.tone} mb="3">
          <Callout.Text data-testid="template-notice">{notice.text}</Callout.Text>
        </Callout.Root>
      )}
      <GroupBar
        groups={groups}
        groupId={groupId}
        onGroup={(id) => {
          setGroupId(id);
          list.setQuery(toQuery(id, applied));
        }}
        onChanged={reload}
        onNotice={setNotice}
      />
      <Box mb="3">
        <FilterBar
          applyText="搜索"
          onApply={() => search(draft)}
          onReset={() => {
            set(emptyFilters);
            search(emptyFilters);
          }}
        >
          <FilterSelect
            label="上架状态"
            allLabel="全部状态"
            value={draft.state}
            options={shelfStates}
            onChange={(v) => set({ state: v as Filters['state'] })}
          />
          <TextField.Root
            aria-label="模板名称"
            placeholder="请输入模板名称"
            value={draft.key}
            onChange={(e) => set({ key: e.target.value })}
            onKeyDown={(e) => e.key === 'Enter' && search(draft)}
          />
        </FilterBar>
      </Box>
      <ListTable
        list={list}
        columns={templateColumns({
          onShelf: (t) => void run(setTemplateShelf(t.boxId, t.state === 1 ? 2 : 1)),
          onSettings: (t) => setSettingsOf(t.boxId),
          onCustomize: setCustomizing,
          onDelete: setDeleting,
          onPreview: setPreviewing,
        })}
        rowKey={(t) => t.boxId}
        emptyText="暂无模板"
        testId="template-list"
        rowTestId="template-row"
        size="1"
        variant="ghost"
      />
      {settingsOf !== null && (
        <SettingsDialog
          boxId={settingsOf}
          groups={groups}
          onClose={(changed) => {
            setSettingsOf(null);
            if (changed) reload();
          }}
        />
      )}
      {customizing !== null && (
        <TemplateCustomizeDialog
          boxId={customizing.boxId}
          contractType={customizing.type}
          onClose={closeCustomize}
        />
      )}
      {isFileSignApproval && <FileSignApprovalDialog onClose={() => setIsFileSignApproval(false)} />}
      {previewing !== null && (
        <ContractTextDialog
          title={`${previewing.boxName}（模板预览）`}
          load={loadTemplatePreview(previewing.boxId)}
          onClose={() => setPreviewing(null)}
        >
          <TemplateFieldSummary boxId={previewing.boxId} />
        </ContractTextDialog>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="提示"
        message={`是否确定删除该模板「${deleting?.boxName ?? ''}」？`}
        confirmText="删除"
        onConfirm={() => {
          if (deleting) void run(removeTemplate(deleting.boxId));
          setDeleting(null);
        }}
        onCancel={() => setDeleting(null)}
      />
    </Box>
  );
}
