/**
 * The department tree of 组织架构: search, choose a department (its staff show on the right), and for
 * someone with 组织架构管理 add a sub-department, edit, move (another 上级部门) and delete one. The
 * server refuses deleting a department that still has sub-departments or staff, and says why.
 */
import { useState, type FormEvent } from 'react';
import { Badge, Box, Callout, Card, Dialog, Flex, Heading, Text } from '@radix-ui/themes';
import { TextField } from '../../ui/text-field';
import { Select } from '../../ui/select';
import { Button } from '../../ui/button';
import { emitFeedback } from '../../api/feedback';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { PermittedButton } from '../../ui/permitted-button';
import { useResource } from '../../ui/use-resource';
import {
  addDept,
  deleteDept,
  editDept,
  errorText,
  fetchDeptDetail,
  type DeptDetail,
  type FlatDept,
  type Staff,
} from './org-actors';

export const deptMessages = {
  confirmDelete: '您确认删除该项信息吗？',
  added: '部门已添加',
  saved: '部门已保存',
  moved: '部门已移动',
  deleted: '部门已删除',
  nameRequired: '请输入部门名称',
} as const;

type Mode =
  { kind: 'add'; parent: FlatDept } | { kind: 'edit'; dept: FlatDept } | { kind: 'move'; dept: FlatDept };

const textOf = (value: FormDataEntryValue | null) => (typeof value === 'string' ? value.trim() : '');

function DeptDialog({
  mode,
  depts,
  staff,
  onClose,
}: {
  mode: Mode;
  depts: FlatDept[];
  staff: Staff[];
  onClose: (changedId: number | null) => void;
}) {
  const editing = mode.kind === 'add' ? null : mode.dept;
  const loaded = useResource<DeptDetail | null>(() =>
    editing ? fetchDeptDetail(editing.deptId) : Promise.resolve(null),
  );
  const detail = loaded.data;
  const [parentId, setParentId] = useState(
    String(mode.kind === 'add' ? mode.parent.deptId : mode.dept.parentId),
  );
  const [chosenManager, setManagerId] = useState<string | null>(null);
  const managerId = chosenManager ?? (detail?.managerUserId ? String(detail.managerUserId) : 'none');
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  // A department cannot go under itself or one of its own sub-departments.
  const parents = editing ? depts.filter((dept) => !dept.path.includes(editing.deptId)) : depts;
  const isRoot = editing?.parentId === 0;
  const title = mode.kind === 'add' ? '新增部门' : mode.kind === 'edit' ? '编辑部门' : '移动部门';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = new FormData(event.currentTarget);
    const name = mode.kind === 'move' ? mode.dept.deptName : textOf(values.get('deptName'));
    if (!name) return setError(deptMessages.nameRequired);
    if (editing && !detail) return;
    const fields = {
      deptName: name,
      managerUserId: managerId === 'none' ? null : Number(managerId),
      phone: (mode.kind === 'move' ? detail?.phone : textOf(values.get('phone'))) || null,
      address: (mode.kind === 'move' ? detail?.address : textOf(values.get('address'))) || null,
      sort: mode.kind === 'move' ? (editing?.sort ?? 0) : Number(textOf(values.get('sort')) || 0),
    };
    setIsSaving(true);
    setError(null);
    try {
      if (mode.kind === 'add') {
        const deptId = await addDept({
          ...fields,
          parentId: Number(parentId),
          managerUserId: fields.managerUserId ?? undefined,
        });
        emitFeedback({ kind: 'toast', text: deptMessages.added, tone: 'success' });
        onClose(deptId);
      } else {
        await editDept({
          ...fields,
          deptId: mode.dept.deptId,
          parentId: isRoot ? 0 : Number(parentId),
          cityid: detail?.cityid ?? null,
        });
        emitFeedback({
          kind: 'toast',
          text: mode.kind === 'move' ? deptMessages.moved : deptMessages.saved,
          tone: 'success',
        });
        onClose(mode.dept.deptId);
      }
    } catch (caught) {
      setError(errorText(caught));
      setIsSaving(false);
    }
  }

  const isLoading = loaded.isLoading;
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose(null)}>
      <Dialog.Content maxWidth="460px" aria-describedby={undefined}>
        <Dialog.Title>{title}</Dialog.Title>
        {loaded.isFailed ? (
          <Callout.Root color="red" role="alert" size="1">
            <Callout.Text>{loaded.error}</Callout.Text>
          </Callout.Root>
        ) : isLoading ? (
          <Text color="gray">加载中...</Text>
        ) : (
          <form onSubmit={(event) => void submit(event)} aria-label={title}>
            <Flex direction="column" gap="3">
              {mode.kind !== 'move' && (
                <label className="form-field">
                  <Text size="2">部门名称</Text>
                  <TextField.Root
                    name="deptName"
                    defaultValue={editing?.deptName ?? ''}
                    maxLength={30}
                    placeholder="请输入部门名称"
                  />
                </label>
              )}
              {mode.kind === 'move' && <Text size="2">把「{mode.dept.deptName}」移到：</Text>}
              {mode.kind !== 'edit' || !isRoot ? (
                <Flex direction="column" gap="1">
                  <Text size="2">上级部门</Text>
                  <Select.Root value={parentId} onValueChange={setParentId} disabled={isRoot}>
                    <Select.Trigger aria-label="上级部门" />
                    <Select.Content>
                      {parents.map((dept) => (
                        <Select.Item key={dept.deptId} value={String(dept.deptId)}>
                          {'\u3000'.repeat(dept.depth)}
                          {dept.deptName}
                        </Select.Item>
                      ))}
                    </Select.Content>
                  </Select.Root>
                </Flex>
              ) : null}
              {mode.kind !== 'move' && (
                <>
                  <Flex direction="column" gap="1">
                    <Text size="2">负责人</Text>
                    <Select.Root value={managerId} onValueChange={setManagerId}>
                      <Select.Trigger aria-label="负责人" />
                      <Select.Content>
                        <Select.Item value="none">不设置</Select.Item>
                        {staff.map((person) => (
                          <Select.Item key={person.userId} value={String(person.userId)}>
                            {person.name}（{person.deptName}）
                          </Select.Item>
                        ))}
                      </Select.Content>
                    </Select.Root>
                  </Flex>
                  <label className="form-field">
                    <Text size="2">门店电话</Text>
                    <TextField.Root
                      name="phone"
                      defaultValue={detail?.phone ?? ''}
                      maxLength={20}
                      placeholder="选填"
                    />
                  </label>
                  <label className="form-field">
                    <Text size="2">门店地址</Text>
                    <TextField.Root
                      name="address"
                      defaultValue={detail?.address ?? ''}
                      maxLength={100}
                      placeholder="选填"
                    />
                  </label>
                  <label className="form-field">
                    <Text size="2">排序</Text>
                    <TextField.Root
                      name="sort"
                      type="number"
                      min={0}
                      max={9999}
                      defaultValue={String(editing?.sort ?? 0)}
                    />
                  </label>
                </>
              )}
              {error && (
                <Callout.Root color="red" role="alert" size="1">
                  <Callout.Text>{error}</Callout.Text>
                </Callout.Root>
              )}
              <Flex gap="3" justify="end">
                <Button type="button" variant="soft" color="gray" onClick={() => onClose(null)}>
                  取消
                </Button>
                <Button type="submit" loading={isSaving}>
                  确定
                </Button>
              </Flex>
            </Flex>
          </form>
        )}
      </Dialog.Content>
    </Dialog.Root>
  );
}

export function DeptPanel({
  depts,
  selectedId,
  canOpen,
  canManage,
  staff,
  search,
  onSearch,
  onSelect,
  onChanged,
}: {
  depts: FlatDept[];
  selectedId: number | null;
  /** Whether the user's department scope covers it (the others show only where the scope sits). */
  canOpen: (dept: FlatDept) => boolean;
  canManage: boolean;
  staff: Staff[];
  search: string;
  onSearch: (key: string) => void;
  onSelect: (deptId: number) => void;
  onChanged: (selectId: number | null) => void;
}) {
  const [mode, setMode] = useState<Mode | null>(null);
  const [deleting, setDeleting] = useState<FlatDept | null>(null);
  const [key, setKey] = useState(search);
  const selected = depts.find((dept) => dept.deptId === selectedId) ?? null;

  async function remove(dept: FlatDept) {
    setDeleting(null);
    try {
      await deleteDept(dept.deptId);
      emitFeedback({ kind: 'toast', text: deptMessages.deleted, tone: 'success' });
      onChanged(dept.parentId || null);
    } catch (caught) {
      // 405 is toasted by the request layer; a refusal (409: staff or sub-departments) is said here.
      const message = errorText(caught);
      if (!(caught instanceof Error && 'code' in caught && caught.code === 405))
        emitFeedback({ kind: 'toast', text: message, tone: 'error' });
    }
  }

  return (
    <Card style={{ width: 300, flexShrink: 0 }} data-testid="dept-panel">
      <Flex direction="column" gap="3">
        <Flex justify="between" align="center">
          <Heading size="3">部门</Heading>
          <PermittedButton
            allowed={canManage}
            whenDenied="hide"
            size="1"
            variant="soft"
            disabled={!selected}
            onClick={() => selected && setMode({ kind: 'add', parent: selected })}
          >
            新增部门
          </PermittedButton>
        </Flex>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onSearch(key);
          }}
        >
          <TextField.Root
            aria-label="搜索部门"
            placeholder="搜索部门名称"
            value={key}
            maxLength={30}
            onChange={(event) => setKey(event.target.value)}
            size="2"
          />
        </form>
        {/* An empty tree is no tree (axe aria-required-children): the message stands in its place. */}
        {depts.length === 0 && <Text color="gray">没有找到部门</Text>}
        <Box
          role={depts.length === 0 ? undefined : 'tree'}
          aria-label={depts.length === 0 ? undefined : '部门树'}
          style={{ maxHeight: 520, overflowY: 'auto' }}
        >
          {depts.map((dept) => {
            const isSelected = dept.deptId === selected?.deptId;
            const isOpenable = canOpen(dept);
            return (
              <Flex
                key={dept.deptId}
                role="treeitem"
                aria-selected={isSelected}
                aria-disabled={!isOpenable}
                aria-level={dept.depth + 1}
                justify="between"
                align="center"
                py="1"
                pr="2"
                title={isOpenable ? undefined : '不在您的管理范围内'}
                style={{
                  paddingLeft: 8 + dept.depth * 16,
                  cursor: isOpenable ? 'pointer' : 'default',
                  borderRadius: 4,
                  background: isSelected ? 'var(--accent-a4)' : undefined,
                }}
                onClick={() => isOpenable && onSelect(dept.deptId)}
              >
                <Text
                  size="2"
                  weight={dept.depth === 0 ? 'bold' : 'regular'}
                  color={isOpenable ? undefined : 'gray'}
                >
                  {dept.deptName}
                </Text>
                {isOpenable && (
                  <Badge color="gray" size="1">
                    {dept.userCount} 人
                  </Badge>
                )}
              </Flex>
            );
          })}
        </Box>
        {selected && canManage && (
          <Flex gap="2" wrap="wrap" data-testid="dept-actions">
            <Button size="1" variant="soft" onClick={() => setMode({ kind: 'edit', dept: selected })}>
              编辑
            </Button>
            {selected.parentId !== 0 && (
              <>
                <Button size="1" variant="soft" onClick={() => setMode({ kind: 'move', dept: selected })}>
                  移动
                </Button>
                <Button size="1" variant="soft" color="red" onClick={() => setDeleting(selected)}>
                  删除
                </Button>
              </>
            )}
          </Flex>
        )}
      </Flex>
      {mode && (
        <DeptDialog
          mode={mode}
          depts={depts}
          staff={staff}
          onClose={(changedId) => {
            setMode(null);
            if (changedId !== null) onChanged(changedId);
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`删除部门「${deleting?.deptName ?? ''}」`}
        message={deptMessages.confirmDelete}
        confirmText="删除"
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </Card>
  );
}
