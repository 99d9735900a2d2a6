/**
 * The staff of the chosen department (and its sub-departments) on the list-page kit: search by name
 * or mobile, 15 a page, a person's detail, 添加员工, 编辑 and 办理离职 (with the receiver of the
 * hand-over, the date and the reason). Changes need 组织架构管理; the server refuses the rest.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Badge, Callout, DataList, Dialog, Flex, Text, TextArea } from '@radix-ui/themes';
import { TextField } from '../../ui/text-field';
import { Select } from '../../ui/select';
import { Button } from '../../ui/button';
import { emitFeedback } from '../../api/feedback';
import { DetailDialog } from '../../ui/list-page/detail-dialog';
import { FilterBar } from '../../ui/list-page/filter-bar';
import { SearchField } from '../../ui/search-field';
import { FilterSelect } from '../../ui/list-page/filter-select';
import { ListTable, type Column } from '../../ui/list-page/list-table';
import { useFilterDraft, useListPage } from '../../ui/list-page/use-list-page';
import { PermittedButton } from '../../ui/permitted-button';
import { useResource } from '../../ui/use-resource';
import { LoadFailed, Loading } from '../../ui/load-state';
import { StaffFormDialog } from './staff-form';
import {
  errorText,
  fetchResignPreview,
  fetchStaff,
  fetchStaffDetail,
  orgPageSize,
  resignStaff,
  type ResignPreview,
  type Staff,
  type StaffChoices,
  type StaffDetail,
  type StaffQuery,
} from './org-actors';

export const sexNames: Record<number, string> = { 0: '未知', 1: '男', 2: '女' };
const searchFields = [
  { value: 0, label: '姓名或手机号' },
  { value: 1, label: '姓名' },
  { value: 2, label: '手机号' },
];

function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The hand-over in words: what moves, and to whom. */
function describeHandover(preview: ResignPreview): string {
  const pools = `私盘房源 ${preview.houseCount} 套、私客 ${preview.customerCount} 个`;
  const work = `经办合同 ${preview.signContractCount + preview.ledgerContractCount} 份、待审批 ${preview.approvalCount} 项`;
  if (preview.receiverName !== null) return `${pools}、${work} 将移交给 ${preview.receiverName}`;
  const workTo = preview.fallbackName === null ? '' : `，${work} 转给 ${preview.fallbackName}`;
  return `${pools} 将转入公盘公客${workTo}`;
}

/** Asked again for each 交接人 (the dialog remounts it by key). */
function ResignPreviewText({ userId, handoverUserId }: { userId: number; handoverUserId: number | null }) {
  const preview = useResource(() => fetchResignPreview(userId, handoverUserId));
  if (preview.isFailed) return <LoadFailed error={preview.error} onRetry={preview.retry} />;
  if (!preview.data) return <Loading />;
  return (
    <Callout.Root color="orange" size="1" data-testid="resign-preview">
      <Callout.Text>{describeHandover(preview.data)}</Callout.Text>
    </Callout.Root>
  );
}

function ResignDialog({
  person,
  staff,
  onClose,
}: {
  person: StaffDetail;
  staff: Staff[];
  onClose: (changed: boolean) => void;
}) {
  const [handover, setHandover] = useState('none');
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const receivers = staff.filter((other) => other.userId !== person.userId);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = new FormData(event.currentTarget);
    const date = values.get('resignDate');
    const reason = values.get('reason');
    setIsSaving(true);
    try {
      await resignStaff({
        userId: person.userId,
        handoverUserId: handover === 'none' ? null : Number(handover),
        ...(typeof date === 'string' && date ? { resignDate: date } : {}),
        ...(typeof reason === 'string' && reason.trim() ? { reason: reason.trim() } : {}),
      });
      emitFeedback({ kind: 'toast', text: '已办理离职', tone: 'success' });
      onClose(true);
    } catch (caught) {
      setError(errorText(caught));
      setIsSaving(false);
    }
  }

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose(false)}>
      <Dialog.Content maxWidth="440px" aria-describedby={undefined}>
        <Dialog.Title>办理离职</Dialog.Title>
        <form onSubmit={(event) => void submit(event)} aria-label="办理离职">
          <Flex direction="column" gap="3">
            <Text size="2">
              {person.name}（{person.deptName}）离职后账号立即停用，释放一个账号席位。
            </Text>
            <label className="form-field">
              <Text size="2">离职日期</Text>
              <TextField.Root name="resignDate" type="date" defaultValue={today()} />
            </label>
            <Flex direction="column" gap="1">
              <Text size="2">交接人</Text>
              <Select.Root value={handover} onValueChange={setHandover}>
                <Select.Trigger aria-label="交接人" />
                <Select.Content>
                  <Select.Item value="none">不指定</Select.Item>
                  {receivers.map((other) => (
                    <Select.Item key={other.userId} value={String(other.userId)}>
                      {other.name}（{other.deptName}）
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select.Root>
            </Flex>
            <ResignPreviewText
              key={handover}
              userId={person.userId}
              handoverUserId={handover === 'none' ? null : Number(handover)}
            />
            <label className="form-field">
              <Text size="2">离职原因</Text>
              <TextArea name="reason" maxLength={200} placeholder="选填" />
            </label>
            {error && (
              <Callout.Root color="red" role="alert" size="1">
                <Callout.Text>{error}</Callout.Text>
              </Callout.Root>
            )}
            <Flex gap="3" justify="end">
              <Button type="button" variant="soft" color="gray" onClick={() => onClose(false)}>
                取消
              </Button>
              <Button type="submit" color="red" loading={isSaving}>
                确认离职
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}

export function StaffDetailView({
  userId,
  canManage,
  selfId,
  choices,
  staff,
  onChanged,
  onResigned,
}: {
  userId: number;
  canManage: boolean;
  selfId: number;
  choices: StaffChoices | null;
  staff: Staff[];
  onChanged: () => void;
  onResigned: () => void;
}) {
  const detail = useResource(() => fetchStaffDetail(userId));
  const [dialog, setDialog] = useState<'edit' | 'resign' | null>(null);
  const person = detail.data;
  if (detail.isFailed)
    return (
      <Callout.Root color="red" role="alert">
        <Callout.Text>{detail.error}</Callout.Text>
      </Callout.Root>
    );
  if (!person) return <Text color="gray">加载中...</Text>;
  const isActive = person.state === 1;
  const item = (label: string, value: React.ReactNode) => (
    <DataList.Item>
      <DataList.Label minWidth="88px">{label}</DataList.Label>
      <DataList.Value>{value ?? '—'}</DataList.Value>
    </DataList.Item>
  );
  return (
    <Flex direction="column" gap="4" data-testid="staff-detail">
      <Flex align="center" gap="2">
        <Text size="5" weight="bold">
          {person.name}
        </Text>
        {person.isManager === 1 && <Badge color="orange">管理员</Badge>}
        <Badge color={isActive ? 'green' : 'gray'}>{isActive ? '在职' : '离职'}</Badge>
      </Flex>
      <DataList.Root>
        {item('手机号', person.mobile)}
        {item('部门', person.deptName)}
        {item('角色', person.roleName)}
        {item('职位', person.positionName)}
        {item('职级', person.rankName)}
        {item('性别', sexNames[person.sex])}
        {item('入职日期', person.entryDate)}
        {item('私盘房源', `${person.houseCount} 套`)}
        {item('私客', `${person.customerCount} 个`)}
        {item('最近登录', person.lastLoginTime)}
        {!isActive && item('离职日期', person.resignDate)}
        {!isActive && item('离职原因', person.resignReason)}
        {!isActive && item('交接人', person.handoverUserName)}
      </DataList.Root>
      {canManage && isActive && (
        <Flex gap="3" justify="end">
          <Button variant="soft" disabled={!choices} onClick={() => setDialog('edit')}>
            编辑
          </Button>
          {person.isManager === 0 && person.userId !== selfId && (
            <Button variant="soft" color="red" onClick={() => setDialog('resign')}>
              办理离职
            </Button>
          )}
        </Flex>
      )}
      {dialog === 'edit' && choices && (
        <StaffFormDialog
          staff={person}
          defaultDeptId={person.deptId}
          choices={choices}
          onClose={(changed) => {
            setDialog(null);
            if (changed) {
              detail.reload();
              onChanged();
            }
          }}
        />
      )}
      {dialog === 'resign' && (
        <ResignDialog
          person={person}
          staff={staff}
          onClose={(changed) => {
            setDialog(null);
            if (changed) onResigned();
          }}
        />
      )}
    </Flex>
  );
}

type Filters = { key: string; keywords: string };
const emptyFilters: Filters = { key: '0', keywords: '' };

function columns(onOpen: (userId: number) => void): Column<Staff>[] {
  return [
    {
      key: 'name',
      header: '姓名',
      isRowHeader: true,
      cell: (row) => (
        <Flex gap="2" align="center">
          <Text weight="medium">{row.name}</Text>
          {row.isManager === 1 && (
            <Badge color="orange" size="1">
              管理员
            </Badge>
          )}
        </Flex>
      ),
    },
    { key: 'mobile', header: '手机号', cell: (row) => row.mobile },
    { key: 'dept', header: '部门', cell: (row) => row.deptName },
    { key: 'role', header: '角色', cell: (row) => row.roleName ?? '—' },
    { key: 'position', header: '职位', cell: (row) => row.positionName ?? '—' },
    { key: 'rank', header: '职级', cell: (row) => row.rankName ?? '—' },
    { key: 'entry', header: '入职日期', cell: (row) => row.entryDate ?? '—' },
    {
      key: 'open',
      header: '',
      cell: (row) => (
        <Button size="1" variant="soft" onClick={() => onOpen(row.userId)} aria-label={`查看${row.name}`}>
          查看
        </Button>
      ),
    },
  ];
}

export function StaffPanel({
  deptId,
  deptName,
  canManage,
  selfId,
  choices,
  staff,
  onInvite,
  onChanged,
}: {
  deptId: number | null;
  deptName: string;
  canManage: boolean;
  selfId: number;
  choices: StaffChoices | null;
  staff: Staff[];
  onInvite: () => void;
  /** Someone was added, changed or resigned: the tree's counts and the pickers change too. */
  onChanged: () => void;
}) {
  const { draft, set, reset } = useFilterDraft(emptyFilters);
  const toQuery = (filters: Filters): StaffQuery => ({
    deptId,
    key: Number(filters.key) as 0 | 1 | 2,
    keywords: filters.keywords,
  });
  const list = useListPage({ load: fetchStaff, query: toQuery(emptyFilters), pageSize: orgPageSize });
  const shownDept = useRef(deptId);
  useEffect(() => {
    // Another department chosen in the tree: its staff, with the same search.
    if (shownDept.current === deptId) return;
    shownDept.current = deptId;
    list.setQuery({ ...list.query, deptId });
  }, [deptId, list]);
  const [openId, setOpenId] = useState<number | null>(null);
  const [isAdding, setIsAdding] = useState(false);

  return (
    <Flex direction="column" gap="3" data-testid="staff-panel">
      <Flex justify="between" align="center">
        <Text size="2" color="gray">
          {deptName} 的在职员工（含下级部门）
        </Text>
        <Flex gap="2">
          <PermittedButton allowed={canManage} variant="soft" onClick={onInvite}>
            邀请加入
          </PermittedButton>
          <PermittedButton allowed={canManage} disabled={!choices} onClick={() => setIsAdding(true)}>
            添加员工
          </PermittedButton>
        </Flex>
      </Flex>
      <FilterBar
        applyText="搜索"
        onApply={() => list.setQuery(toQuery(draft))}
        onReset={() => list.setQuery(toQuery(reset()))}
      >
        <FilterSelect
          label="搜索字段"
          value={draft.key}
          options={searchFields}
          onChange={(key) => set({ key })}
        />
        <SearchField
          historyKey="staff"
          label="员工关键字"
          placeholder="请输入姓名或手机号"
          value={draft.keywords}
          maxLength={30}
          onChange={(keywords) => set({ keywords })}
          onSearch={(keywords) => list.setQuery(toQuery({ ...draft, keywords }))}
        />
      </FilterBar>
      <ListTable
        list={list}
        columns={columns(setOpenId)}
        rowKey={(row) => row.userId}
        emptyText="该部门暂无在职员工"
        testId="staff-list"
        rowTestId="staff-row"
        showTotal
      />
      <DetailDialog
        title="员工详情"
        openKey={openId}
        onClose={(changed) => {
          setOpenId(null);
          if (changed) {
            list.reload();
            onChanged();
          }
        }}
      >
        {(userId, changed) => (
          <StaffDetailView
            userId={userId}
            canManage={canManage}
            selfId={selfId}
            choices={choices}
            staff={staff}
            onChanged={changed}
            onResigned={() => {
              setOpenId(null);
              list.reload();
              onChanged();
            }}
          />
        )}
      </DetailDialog>
      {isAdding && choices && (
        <StaffFormDialog
          defaultDeptId={deptId}
          choices={choices}
          onClose={(changed) => {
            setIsAdding(false);
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
