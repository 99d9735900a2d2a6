/**
 * 权限设置 (/views/system/fp-auth-role): the company's roles on the left, and for the chosen role one
 * tab per app (房源, 客源, 合同, 签约, …) with its permission groups (新增、查看、编辑、删除、操作、状态、
 * 团队协作 for listings, 001 section 3): each item granted or not, with its scope (本人 / 本部门 /
 * 全公司 / 指定部门), chosen contents (e.g. statuses) and limits (e.g. 每日查看上限). Saved per app;
 * the server refuses what breaks the rules (an operation scope wider than the view scope, a child
 * without its parent) naming the item, and the page shows its message with nothing lost.
 */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import {
  Badge,
  Box,
  Button,
  Callout,
  Card,
  Checkbox,
  Dialog,
  Flex,
  Heading,
  Tabs,
  Text,
} from '@radix-ui/themes';
import { TextField } from '../../ui/text-field';
import { Select } from '../../ui/select';
import { resourceMachine } from '../../../machines/resource.machine';
import type { PageProps } from '../../core/workspace';
import { noPermissionMessage, usePermissions } from '../../core/permissions';
import { OrgAuth } from '../../../domain/auth-ids';
import { inspect } from '../../inspector/inspection-store';
import { emitFeedback } from '../../api/feedback';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { ChoiceList } from '../../ui/choice-list';
import {
  addRole,
  authApps,
  deleteRole,
  renameRole,
  fetchDepartments,
  fetchRoleAuth,
  fetchRoles,
  rangeNames,
  saveRoleAuth,
  type AuthAppType,
  type DeptNode,
  type Role,
  type RoleAuth,
  type RoleAuthItem,
} from './auth-role-actors';
import { readAuthSelection, writeAuthSelection } from './auth-selection';
import { useSessionSnapshot } from '../../core/use-session';

export const authRoleMessages = {
  saved: '保存成功',
  deleteRole: '是否确定删除该角色？',
  roleInUse: '该角色下还有在职员工，请先为他们更换角色',
  noItems: '该应用暂无可设置的权限',
} as const;

type Department = { deptId: number; deptName: string; depth: number };

function flatten(nodes: DeptNode[], depth = 0): Department[] {
  return nodes.flatMap((node) => [
    { deptId: node.dept.deptId, deptName: node.dept.deptName, depth },
    ...flatten(node.children, depth + 1),
  ]);
}

/** A row of checkboxes choosing some of the options (contents, departments). */
function CheckList<T extends string | number>({
  label,
  options,
  chosen,
  onChange,
}: {
  label: string;
  options: { value: T; label: string; depth: number }[];
  chosen: T[];
  onChange: (chosen: T[]) => void;
}) {
  return (
    <Flex gap="3" wrap="wrap" pl="6" aria-label={label}>
      {options.map((option) => (
        <Text key={option.value} as="label" size="1" style={{ paddingLeft: option.depth * 8 }}>
          <Flex gap="1" align="center">
            <Checkbox
              size="1"
              checked={chosen.includes(option.value)}
              onCheckedChange={(checked) =>
                onChange(
                  checked === true
                    ? [...chosen, option.value]
                    : chosen.filter((value) => value !== option.value),
                )
              }
            />
            {option.label}
          </Flex>
        </Text>
      ))}
    </Flex>
  );
}

function ItemRow({
  item,
  departments,
  onChange,
}: {
  item: RoleAuthItem;
  departments: Department[];
  onChange: (item: RoleAuthItem) => void;
}) {
  const isOn = item.selected === 1;
  const hasCount = item.count !== null || (item.countUnit ?? null) !== null;
  return (
    <Flex direction="column" gap="1" py="2" style={{ borderBottom: '1px solid var(--gray-a3)' }}>
      <Flex gap="3" align="center" wrap="wrap">
        <Text as="label" size="2" style={{ minWidth: 200 }}>
          <Flex gap="2" align="center">
            <Checkbox
              checked={isOn}
              onCheckedChange={(checked) =>
                onChange({
                  ...item,
                  selected: checked === true ? 1 : 0,
                  range:
                    checked === true && item.range === null ? (item.rangeOptions[0] ?? null) : item.range,
                })
              }
            />
            {item.name}
          </Flex>
        </Text>
        {item.rangeOptions.length > 0 && (
          <Select.Root
            value={item.range === null ? undefined : String(item.range)}
            disabled={!isOn}
            onValueChange={(value) => onChange({ ...item, range: Number(value) as RoleAuthItem['range'] })}
          >
            <Select.Trigger aria-label={`${item.name}范围`} />
            <Select.Content>
              {item.rangeOptions.map((option) => (
                <Select.Item key={option} value={String(option)}>
                  {rangeNames[option]}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
        )}
        {hasCount && (
          <Flex gap="1" align="center">
            <TextField.Root
              aria-label={`${item.name}数量`}
              disabled={!isOn}
              style={{ width: 80 }}
              placeholder="不限"
              value={item.count === null ? '' : String(item.count)}
              onChange={(event) => {
                const digits = event.target.value.replace(/\D/g, '').slice(0, 6);
                onChange({ ...item, count: digits === '' ? null : Number(digits) });
              }}
            />
            <Text size="1" color="gray">
              {item.countUnit ?? ''}
            </Text>
          </Flex>
        )}
        {item.tip && (
          <Text size="1" color="gray">
            {item.tip}
          </Text>
        )}
      </Flex>
      {isOn && item.contentOptions.length > 0 && (
        <CheckList
          label={`${item.name}内容`}
          options={item.contentOptions.map((option) => ({ ...option, depth: 0 }))}
          chosen={item.contents}
          onChange={(contents) => onChange({ ...item, contents })}
        />
      )}
      {isOn && item.range === 4 && (
        <CheckList
          label={`${item.name}指定部门`}
          options={departments.map((dept) => ({
            value: dept.deptId,
            label: dept.deptName,
            depth: dept.depth,
          }))}
          chosen={item.selectDepartment}
          onChange={(selectDepartment) => onChange({ ...item, selectDepartment })}
        />
      )}
    </Flex>
  );
}

function AuthEditor({
  roleId,
  appType,
  departments,
}: {
  roleId: number;
  appType: AuthAppType;
  departments: Department[];
}) {
  const [machine] = useState(() =>
    resourceMachine.provide({
      actors: {
        load: fromPromise<unknown>(() => fetchRoleAuth(roleId, appType)),
        save: fromPromise<unknown, { value: unknown }>(async ({ input }) => {
          await saveRoleAuth(roleId, appType, input.value as RoleAuthItem[]);
          emitFeedback({ kind: 'toast', text: authRoleMessages.saved, tone: 'success' });
          return fetchRoleAuth(roleId, appType);
        }),
      },
    }),
  );
  const [state, send] = useMachine(machine, { inspect });
  const loaded = state.context.data as RoleAuth | null;
  // Edits belong to the grants they were made on: a fresh load (after saving) starts from the server's.
  const [draft, setDraft] = useState<{ source: RoleAuth; groups: RoleAuth['groups'] } | null>(null);
  const groups = draft && draft.source === loaded ? draft.groups : (loaded?.groups ?? []);
  const setGroups = (next: RoleAuth['groups']) => loaded && setDraft({ source: loaded, groups: next });

  if (state.matches('loading')) return <Text color="gray">加载中…</Text>;
  if (state.matches('failed'))
    return (
      <Callout.Root color="red">
        <Callout.Text>
          {state.context.error}{' '}
          <Button size="1" variant="soft" onClick={() => send({ type: 'retry' })}>
            重试
          </Button>
        </Callout.Text>
      </Callout.Root>
    );
  if (groups.length === 0) return <Text color="gray">{authRoleMessages.noItems}</Text>;
  const update = (changed: RoleAuthItem) =>
    setGroups(
      groups.map((group) => ({
        ...group,
        items: group.items.map((item) => (item.authId === changed.authId ? changed : item)),
      })),
    );
  return (
    <Flex direction="column" gap="3" pb="9">
      <Flex justify="between" align="center" gap="3">
        <Text size="2" color="gray">
          勾选要授予的权限；有范围的权限，其范围不能大于查看范围。
        </Text>
        <Flex gap="3">
          <Button variant="soft" color="gray" onClick={() => setDraft(null)}>
            还原
          </Button>
          <Button
            loading={state.matches('saving')}
            onClick={() => send({ type: 'save', value: groups.flatMap((group) => group.items) })}
          >
            保存
          </Button>
        </Flex>
      </Flex>
      {state.context.error && (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{state.context.error}</Callout.Text>
        </Callout.Root>
      )}
      {groups.map((group) => (
        <Card key={group.groupName}>
          <Heading size="3" mb="1">
            {group.groupName}
          </Heading>
          {group.items.map((item) => (
            <ItemRow key={item.authId} item={item} departments={departments} onChange={update} />
          ))}
        </Card>
      ))}
    </Flex>
  );
}

/** 新增角色 and 修改角色名称: one name field; `onSave` adds or renames and gives the role's id. */
function RoleNameDialog({
  title,
  initialName = '',
  onSave,
  onClose,
}: {
  title: string;
  initialName?: string;
  onSave: (name: string) => Promise<number>;
  onClose: (roleId: number | null) => void;
}) {
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  async function submit() {
    if (!name.trim()) return setError('请输入角色名称');
    setIsSaving(true);
    try {
      onClose(await onSave(name.trim()));
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
      setIsSaving(false);
    }
  }
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose(null)}>
      <Dialog.Content maxWidth="380px" aria-describedby={undefined}>
        <Dialog.Title>{title}</Dialog.Title>
        <Flex direction="column" gap="3">
          <TextField.Root
            aria-label="角色名称"
            placeholder="请输入角色名称"
            maxLength={20}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          {error && (
            <Text size="2" color="red" role="alert">
              {error}
            </Text>
          )}
          <Flex gap="3" justify="end">
            <Button variant="soft" color="gray" onClick={() => onClose(null)}>
              取消
            </Button>
            <Button loading={isSaving} onClick={() => void submit()}>
              确定
            </Button>
          </Flex>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}

export default function AuthRolePage(_props: PageProps) {
  const [machine] = useState(() =>
    resourceMachine.provide({
      actors: {
        load: fromPromise<unknown>(async () => ({
          roles: await fetchRoles(),
          departments: flatten(await fetchDepartments()),
        })),
      },
    }),
  );
  const [state, send] = useMachine(machine, { inspect });
  const permissions = usePermissions();
  const data = state.context.data as { roles: Role[]; departments: Department[] } | null;
  const userId = useSessionSnapshot().context.user?.userId ?? null;
  const [selection, setSelection] = useState(() => readAuthSelection(localStorage, userId));
  const chosenId = selection.selectpath;
  const appType = selection.level;
  const select = (change: Partial<typeof selection>) => {
    const next = { ...selection, ...change };
    setSelection(next);
    writeAuthSelection(localStorage, userId, next);
  };
  const setChosenId = (roleId: number | null) => select({ selectpath: roleId });
  const setAppType = (level: AuthAppType) => select({ level });
  const [isAdding, setIsAdding] = useState(false);
  const [renaming, setRenaming] = useState<Role | null>(null);
  const [deleting, setDeleting] = useState<Role | null>(null);

  // Without 角色与权限设置 the server refuses every call here: say so once, with nothing to retry.
  if (permissions.isLoaded && !permissions.can(OrgAuth.appType, OrgAuth.itemId, OrgAuth.roles))
    return (
      <Callout.Root color="red" m="4" role="alert">
        <Callout.Text>{noPermissionMessage}</Callout.Text>
      </Callout.Root>
    );
  if (state.matches('failed'))
    return (
      <Callout.Root color="red" m="4">
        <Callout.Text>
          {state.context.error}{' '}
          <Button size="1" variant="soft" onClick={() => send({ type: 'retry' })}>
            重试
          </Button>
        </Callout.Text>
      </Callout.Root>
    );
  if (!data) return <Text m="4">加载中…</Text>;
  const chosen = data.roles.find((role) => role.roleId === chosenId) ?? data.roles[0] ?? null;

  async function remove(role: Role) {
    setDeleting(null);
    if (role.userCount > 0) {
      emitFeedback({ kind: 'toast', text: authRoleMessages.roleInUse, tone: 'error' });
      return;
    }
    try {
      await deleteRole(role.roleId);
      setChosenId(null);
      send({ type: 'reload' });
    } catch {
      // The request layer has shown the server's message.
    }
  }

  return (
    <Flex gap="4" p="4" align="start">
      <Card style={{ width: 220, flexShrink: 0 }}>
        <Flex justify="between" align="center" mb="2">
          <Heading size="3">角色</Heading>
          <Button size="1" variant="soft" onClick={() => setIsAdding(true)}>
            新增角色
          </Button>
        </Flex>
        <ChoiceList
          label="角色"
          items={data.roles}
          itemKey={(role) => role.roleId}
          itemName={(role) => role.roleName}
          chosenKey={chosen?.roleId}
          onChoose={(role) => setChosenId(role.roleId)}
          detail={(role) => (
            <Badge color="gray" size="1">
              {role.userCount} 人
            </Badge>
          )}
          actions={(role) =>
            role.isSystem === 0 && (
              <Button
                size="1"
                variant="ghost"
                color="red"
                aria-label={`删除角色${role.roleName}`}
                onClick={() => setDeleting(role)}
              >
                删除
              </Button>
            )
          }
        />
      </Card>
      <Box flexGrow="1">
        {chosen ? (
          <>
            <Flex gap="3" align="center" mb="3">
              <Heading size="4">{chosen.roleName} · 权限</Heading>
              <Button size="1" variant="soft" onClick={() => setRenaming(chosen)}>
                修改名称
              </Button>
            </Flex>
            <Tabs.Root
              value={String(appType)}
              onValueChange={(value) => setAppType(Number(value) as AuthAppType)}
            >
              <Tabs.List>
                {authApps.map((app) => (
                  <Tabs.Trigger key={app.appType} value={String(app.appType)}>
                    {app.name}
                  </Tabs.Trigger>
                ))}
              </Tabs.List>
              <Tabs.Content value={String(appType)}>
                <Box pt="3">
                  <AuthEditor
                    key={`${chosen.roleId}-${appType}`}
                    roleId={chosen.roleId}
                    appType={appType}
                    departments={data.departments}
                  />
                </Box>
              </Tabs.Content>
            </Tabs.Root>
          </>
        ) : (
          <Text color="gray">还没有角色，请先新增角色</Text>
        )}
      </Box>
      {renaming && (
        <RoleNameDialog
          title="修改角色名称"
          initialName={renaming.roleName}
          onSave={async (name) => {
            await renameRole(renaming.roleId, name);
            return renaming.roleId;
          }}
          onClose={(roleId) => {
            setRenaming(null);
            if (roleId) send({ type: 'reload' });
          }}
        />
      )}
      {isAdding && (
        <RoleNameDialog
          title="新增角色"
          onSave={addRole}
          onClose={(roleId) => {
            setIsAdding(false);
            if (roleId) {
              setChosenId(roleId);
              send({ type: 'reload' });
            }
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? `删除角色「${deleting.roleName}」` : '删除角色'}
        message={authRoleMessages.deleteRole}
        confirmText="删除"
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </Flex>
  );
}
