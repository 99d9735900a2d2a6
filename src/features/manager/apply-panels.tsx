/**
 * The applications to join (000 section 9: the tabs 待处理的（n） and 我添加的（n）): the ones the
 * user may decide (joined through an invitation link, or added by a colleague while additions are
 * reviewed) with 通过 (the department, role and position may be changed) and 拒绝 (with a reason);
 * and the additions the user made, with their state. Every decision reads the counts again.
 */
import { useState, type FormEvent } from 'react';
import { Badge, Callout, Dialog, Flex, Text, TextArea } from '@radix-ui/themes';
import { TextField } from '../../ui/text-field';
import { Select } from '../../ui/select';
import { Button } from '../../ui/button';
import { emitFeedback } from '../../api/feedback';
import { refreshApplyCount } from '../../core/apply-count';
import { FilterBar } from '../../ui/list-page/filter-bar';
import { FilterSelect } from '../../ui/list-page/filter-select';
import { ListTable, type Column } from '../../ui/list-page/list-table';
import { useFilterDraft, useListPage } from '../../ui/list-page/use-list-page';
import { PermittedButton } from '../../ui/permitted-button';
import {
  approveApply,
  errorText,
  fetchMine,
  fetchPending,
  orgPageSize,
  rejectApply,
  type Apply,
  type StaffChoices,
} from './org-actors';

export const applyStateNames: Record<number, string> = { 1: '待审核', 2: '已通过', 3: '已拒绝' };
const applyStateColors: Record<number, 'amber' | 'green' | 'red'> = { 1: 'amber', 2: 'green', 3: 'red' };
const sourceNames: Record<number, string> = { 1: '邀请链接', 2: '员工添加' };

function DecisionDialog({
  apply,
  decision,
  choices,
  onClose,
}: {
  apply: Apply;
  decision: 'approve' | 'reject';
  choices: StaffChoices | null;
  onClose: (changed: boolean) => void;
}) {
  const [deptId, setDeptId] = useState(String(apply.deptId));
  const [roleId, setRoleId] = useState(apply.roleId ? String(apply.roleId) : '');
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const title = decision === 'approve' ? '通过申请' : '拒绝申请';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setIsSaving(true);
    try {
      if (decision === 'approve') {
        await approveApply({
          applyId: apply.applyId,
          ...(deptId ? { deptId: Number(deptId) } : {}),
          ...(roleId ? { roleId: Number(roleId) } : {}),
        });
      } else {
        const reason = new FormData(event.currentTarget).get('reason');
        await rejectApply(apply.applyId, typeof reason === 'string' ? reason : '');
      }
      emitFeedback({
        kind: 'toast',
        text: decision === 'approve' ? '已通过申请' : '已拒绝申请',
        tone: 'success',
      });
      refreshApplyCount();
      onClose(true);
    } catch (caught) {
      setError(errorText(caught));
      setIsSaving(false);
    }
  }

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose(false)}>
      <Dialog.Content maxWidth="440px" aria-describedby={undefined}>
        <Dialog.Title>{title}</Dialog.Title>
        <form onSubmit={(event) => void submit(event)} aria-label={title}>
          <Flex direction="column" gap="3">
            <Text size="2">
              {apply.name}（{apply.mobile}）申请加入 {apply.deptName}，角色 {apply.roleName ?? '—'}。
            </Text>
            {decision === 'approve' && choices && (
              <>
                <Flex direction="column" gap="1">
                  <Text size="2">部门</Text>
                  <Select.Root value={deptId} onValueChange={setDeptId}>
                    <Select.Trigger aria-label="部门" />
                    <Select.Content>
                      {choices.depts.map((dept) => (
                        <Select.Item key={dept.deptId} value={String(dept.deptId)}>
                          {'\u3000'.repeat(dept.depth)}
                          {dept.deptName}
                        </Select.Item>
                      ))}
                    </Select.Content>
                  </Select.Root>
                </Flex>
                <Flex direction="column" gap="1">
                  <Text size="2">角色</Text>
                  <Select.Root value={roleId} onValueChange={setRoleId}>
                    <Select.Trigger aria-label="角色" placeholder="-请选择-" />
                    <Select.Content>
                      {choices.roles.map((role) => (
                        <Select.Item key={role.roleId} value={String(role.roleId)}>
                          {role.roleName}
                        </Select.Item>
                      ))}
                    </Select.Content>
                  </Select.Root>
                </Flex>
              </>
            )}
            {decision === 'reject' && (
              <label className="form-field">
                <Text size="2">拒绝原因</Text>
                <TextArea name="reason" maxLength={100} placeholder="选填，申请人可以看到" />
              </label>
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
              <Button type="submit" color={decision === 'reject' ? 'red' : undefined} loading={isSaving}>
                {decision === 'approve' ? '确认通过' : '确认拒绝'}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}

const commonColumns: Column<Apply>[] = [
  { key: 'name', header: '姓名', isRowHeader: true, cell: (row) => <Text weight="medium">{row.name}</Text> },
  { key: 'mobile', header: '手机号', cell: (row) => row.mobile },
  { key: 'dept', header: '申请部门', cell: (row) => row.deptName },
  { key: 'role', header: '角色', cell: (row) => row.roleName ?? '—' },
  { key: 'source', header: '来源', cell: (row) => sourceNames[row.source] },
  { key: 'applicant', header: '邀请人/添加人', cell: (row) => row.applicantName },
  { key: 'time', header: '提交时间', cell: (row) => row.createTime },
];

export function PendingPanel({
  canManage,
  choices,
  onChanged,
}: {
  canManage: boolean;
  choices: StaffChoices | null;
  onChanged: () => void;
}) {
  const { draft, set, reset } = useFilterDraft({ keywords: '' });
  const list = useListPage({ load: fetchPending, query: { keywords: '' }, pageSize: orgPageSize });
  const [deciding, setDeciding] = useState<{ apply: Apply; decision: 'approve' | 'reject' } | null>(null);
  const columns: Column<Apply>[] = [
    ...commonColumns,
    {
      key: 'actions',
      header: '',
      cell: (row) => (
        <Flex gap="2">
          <PermittedButton
            allowed={canManage}
            size="1"
            aria-label={`通过${row.name}`}
            onClick={() => setDeciding({ apply: row, decision: 'approve' })}
          >
            通过
          </PermittedButton>
          <PermittedButton
            allowed={canManage}
            size="1"
            variant="soft"
            color="red"
            aria-label={`拒绝${row.name}`}
            onClick={() => setDeciding({ apply: row, decision: 'reject' })}
          >
            拒绝
          </PermittedButton>
        </Flex>
      ),
    },
  ];
  return (
    <Flex direction="column" gap="3" data-testid="pending-panel">
      <FilterBar
        applyText="搜索"
        onApply={() => list.setQuery({ keywords: draft.keywords })}
        onReset={() => list.setQuery(reset())}
      >
        <TextField.Root
          aria-label="申请人关键字"
          placeholder="请输入姓名或手机号"
          value={draft.keywords}
          maxLength={30}
          onChange={(event) => set({ keywords: event.target.value })}
        />
      </FilterBar>
      <ListTable
        list={list}
        columns={columns}
        rowKey={(row) => row.applyId}
        emptyText="暂无待处理的申请"
        testId="pending-list"
        rowTestId="pending-row"
        showTotal
      />
      {deciding && (
        <DecisionDialog
          apply={deciding.apply}
          decision={deciding.decision}
          choices={choices}
          onClose={(changed) => {
            setDeciding(null);
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

export function MinePanel() {
  const [state, setState] = useState('all');
  const list = useListPage({ load: fetchMine, query: { state: 0 }, pageSize: orgPageSize });
  const columns: Column<Apply>[] = [
    ...commonColumns.filter((column) => column.key !== 'applicant' && column.key !== 'source'),
    {
      key: 'state',
      header: '状态',
      cell: (row) => <Badge color={applyStateColors[row.state]}>{applyStateNames[row.state]}</Badge>,
    },
    { key: 'handler', header: '审核人', cell: (row) => row.handlerName ?? '—' },
    { key: 'reason', header: '拒绝原因', cell: (row) => row.rejectReason ?? '—' },
  ];
  return (
    <Flex direction="column" gap="3" data-testid="mine-panel">
      <Flex>
        <FilterSelect
          label="申请状态"
          allLabel="全部状态"
          value={state}
          options={Object.entries(applyStateNames).map(([value, label]) => ({ value, label }))}
          onChange={(value) => {
            setState(value);
            list.setQuery({ state: value === 'all' ? 0 : (Number(value) as 1 | 2 | 3) });
          }}
        />
      </Flex>
      <ListTable
        list={list}
        columns={columns}
        rowKey={(row) => row.applyId}
        emptyText="暂无我添加的申请"
        testId="mine-list"
        rowTestId="mine-row"
        showTotal
      />
    </Flex>
  );
}
