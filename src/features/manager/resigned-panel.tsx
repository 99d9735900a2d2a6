/**
 * 离职员工: the people who left (newest first, 15 a page, searchable by name or mobile), each one's
 * record, and 复职 (back to a department with a role; it takes an account seat again).
 */
import { useState, type FormEvent } from 'react';
import { Callout, Dialog, Flex, Text } from '@radix-ui/themes';
import { TextField } from '../../ui/text-field';
import { Select } from '../../ui/select';
import { Button } from '../../ui/button';
import { emitFeedback } from '../../api/feedback';
import { DetailDialog } from '../../ui/list-page/detail-dialog';
import { FilterBar } from '../../ui/list-page/filter-bar';
import { ListTable, type Column } from '../../ui/list-page/list-table';
import { useFilterDraft, useListPage } from '../../ui/list-page/use-list-page';
import { PermittedButton } from '../../ui/permitted-button';
import { StaffDetailView } from './staff-panel';
import {
  errorText,
  fetchResigned,
  orgPageSize,
  reinstateStaff,
  type ResignedQuery,
  type Staff,
  type StaffChoices,
  type StaffDetail,
} from './org-actors';

function ReinstateDialog({
  person,
  choices,
  onClose,
}: {
  person: StaffDetail;
  choices: StaffChoices;
  onClose: (changed: boolean) => void;
}) {
  const stillThere = choices.depts.some((dept) => dept.deptId === person.deptId);
  const [deptId, setDeptId] = useState(stillThere ? String(person.deptId) : '');
  const [roleId, setRoleId] = useState(person.roleId ? String(person.roleId) : '');
  const [positionId, setPositionId] = useState(person.positionId ? String(person.positionId) : 'none');
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!deptId) return setError('请选择部门');
    if (!roleId) return setError('请选择角色');
    setIsSaving(true);
    try {
      await reinstateStaff({
        userId: person.userId,
        deptId: Number(deptId),
        roleId: Number(roleId),
        positionId: positionId === 'none' ? null : Number(positionId),
      });
      emitFeedback({ kind: 'toast', text: '已办理复职', tone: 'success' });
      onClose(true);
    } catch (caught) {
      setError(errorText(caught));
      setIsSaving(false);
    }
  }

  const choice = (
    label: string,
    value: string,
    onChange: (value: string) => void,
    options: { value: number; label: string }[],
    noneLabel?: string,
  ) => (
    <Flex direction="column" gap="1">
      <Text size="2">{label}</Text>
      <Select.Root value={value} onValueChange={onChange}>
        <Select.Trigger aria-label={label} placeholder="-请选择-" />
        <Select.Content>
          {noneLabel && <Select.Item value="none">{noneLabel}</Select.Item>}
          {options.map((option) => (
            <Select.Item key={option.value} value={String(option.value)}>
              {option.label}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
    </Flex>
  );

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose(false)}>
      <Dialog.Content maxWidth="420px" aria-describedby={undefined}>
        <Dialog.Title>办理复职</Dialog.Title>
        <form onSubmit={(event) => void submit(event)} aria-label="办理复职">
          <Flex direction="column" gap="3">
            <Text size="2">{person.name} 复职后可用原手机号登录，占用一个账号席位。</Text>
            {choice(
              '部门',
              deptId,
              setDeptId,
              choices.depts.map((dept) => ({
                value: dept.deptId,
                label: `${'\u3000'.repeat(dept.depth)}${dept.deptName}`,
              })),
            )}
            {choice(
              '角色',
              roleId,
              setRoleId,
              choices.roles.map((role) => ({ value: role.roleId, label: role.roleName })),
            )}
            {choice(
              '职位',
              positionId,
              setPositionId,
              choices.positions.map((p) => ({ value: p.positionId, label: p.positionName })),
              '不设置',
            )}
            {error && (
              <Callout.Root color="red" role="alert" size="1">
                <Callout.Text>{error}</Callout.Text>
              </Callout.Root>
            )}
            <Flex gap="3" justify="end">
              <Button type="button" variant="soft" color="gray" onClick={() => onClose(false)}>
                取消
              </Button>
              <Button type="submit" loading={isSaving}>
                确认复职
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}

type Filters = { keywords: string };

export function ResignedPanel({
  deptId,
  canManage,
  selfId,
  choices,
  staff,
  onChanged,
}: {
  deptId: number | null;
  canManage: boolean;
  selfId: number;
  choices: StaffChoices | null;
  staff: Staff[];
  onChanged: () => void;
}) {
  const { draft, set, reset } = useFilterDraft<Filters>({ keywords: '' });
  const toQuery = (filters: Filters): ResignedQuery => ({ deptId, keywords: filters.keywords });
  const list = useListPage({ load: fetchResigned, query: toQuery(draft), pageSize: orgPageSize });
  const [openId, setOpenId] = useState<number | null>(null);
  const [reinstating, setReinstating] = useState<StaffDetail | null>(null);

  const columns: Column<StaffDetail>[] = [
    {
      key: 'name',
      header: '姓名',
      isRowHeader: true,
      cell: (row) => <Text weight="medium">{row.name}</Text>,
    },
    { key: 'mobile', header: '手机号', cell: (row) => row.mobile },
    { key: 'dept', header: '原部门', cell: (row) => row.deptName },
    { key: 'date', header: '离职日期', cell: (row) => row.resignDate ?? '—' },
    { key: 'reason', header: '离职原因', cell: (row) => row.resignReason ?? '—' },
    { key: 'handover', header: '交接人', cell: (row) => row.handoverUserName ?? '—' },
    {
      key: 'actions',
      header: '',
      cell: (row) => (
        <Flex gap="2">
          <Button size="1" variant="soft" onClick={() => setOpenId(row.userId)}>
            详情
          </Button>
          <PermittedButton
            allowed={canManage}
            size="1"
            variant="soft"
            disabled={!choices}
            aria-label={`复职${row.name}`}
            onClick={() => setReinstating(row)}
          >
            复职
          </PermittedButton>
        </Flex>
      ),
    },
  ];

  return (
    <Flex direction="column" gap="3" data-testid="resigned-panel">
      <FilterBar
        applyText="搜索"
        onApply={() => list.setQuery(toQuery(draft))}
        onReset={() => list.setQuery(toQuery(reset()))}
      >
        <TextField.Root
          aria-label="离职员工关键字"
          placeholder="请输入姓名或手机号"
          value={draft.keywords}
          maxLength={30}
          onChange={(event) => set({ keywords: event.target.value })}
        />
      </FilterBar>
      <ListTable
        list={list}
        columns={columns}
        rowKey={(row) => row.userId}
        emptyText="暂无离职员工"
        testId="resigned-list"
        rowTestId="resigned-row"
        showTotal
      />
      <DetailDialog title="离职员工" openKey={openId} onClose={() => setOpenId(null)}>
        {(userId) => (
          <StaffDetailView
            userId={userId}
            canManage={false}
            selfId={selfId}
            choices={choices}
            staff={staff}
            onChanged={() => {}}
            onResigned={() => {}}
          />
        )}
      </DetailDialog>
      {reinstating && choices && (
        <ReinstateDialog
          person={reinstating}
          choices={choices}
          onClose={(changed) => {
            setReinstating(null);
            if (changed) {
              list.reload();
              onChanged();
            }
          }}
        />
      )}
    </Flex>
  );
}
