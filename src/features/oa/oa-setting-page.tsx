/**
 * /views/office/oa/oa-setting (审批设置): approval groups (create, rename, sort, delete) and, per
 * app (oaApps), the approval definitions of each group: create for an approval item (oaItems),
 * edit, detail, delete, and the enable switch (1 启用 / 0 停用). A definition has ordered approver
 * steps (a member, any member of a role, or the sponsor's department head) and copy recipients.
 */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import {
  AlertDialog,
  Badge,
  Box,
  Button,
  Callout,
  Card,
  Checkbox,
  DataList,
  Dialog,
  Flex,
  Heading,
  IconButton,
  ScrollArea,
  Select,
  Switch,
  Table,
  Tabs,
  Text,
  TextArea,
  TextField,
} from '@radix-ui/themes';
import { resourceMachine } from '../../../machines/resource.machine';
import { inspect } from '../../inspector/inspection-store';
import type { PageProps } from '../../core/workspace';
import {
  loadOaApprovalDetail,
  loadOaItems,
  loadSetting,
  saveSetting,
  type OaApproval,
  type OaApproverInput,
  type OaItem,
  type SettingChange,
  type SettingData,
} from './oa-actors';
import { approverTypeNames } from './oa-format';

const settingMachine = resourceMachine.provide({ actors: { load: loadSetting, save: saveSetting } });

type Save = (change: SettingChange) => void;

function GroupNameDialog({
  title,
  initial,
  open,
  onClose,
  onSave,
}: {
  title: string;
  initial: string;
  open: boolean;
  onClose: () => void;
  onSave: (name: string) => void;
}) {
  const [name, setName] = useState(initial);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Content maxWidth="420px" aria-describedby={undefined}>
        <Dialog.Title>{title}</Dialog.Title>
        <TextField.Root
          aria-label="分组名称"
          placeholder="请输入分组名称"
          maxLength={20}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <Flex gap="3" mt="4" justify="end">
          <Dialog.Close>
            <Button variant="soft" color="gray">
              取消
            </Button>
          </Dialog.Close>
          <Button
            disabled={name.trim() === ''}
            onClick={() => {
              onSave(name.trim());
              onClose();
            }}
          >
            保存
          </Button>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}

function ConfirmDialog({
  open,
  title,
  text,
  onClose,
  onConfirm,
}: {
  open: boolean;
  title: string;
  text: string;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <AlertDialog.Content maxWidth="400px">
        <AlertDialog.Title>{title}</AlertDialog.Title>
        <AlertDialog.Description>{text}</AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray">
              取消
            </Button>
          </AlertDialog.Cancel>
          <AlertDialog.Action>
            <Button color="red" onClick={onConfirm}>
              确定
            </Button>
          </AlertDialog.Action>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}

type Draft = {
  appType: 5 | 6;
  oaItemId: number | null;
  groupId: number | null;
  name: string;
  remark: string;
  approvers: OaApproverInput[];
  sendCopy: number[];
};

function ItemPicker({
  appType,
  value,
  onChange,
}: {
  appType: 5 | 6;
  value: number | null;
  onChange: (item: OaItem) => void;
}) {
  const [machine] = useState(() => resourceMachine.provide({ actors: { load: loadOaItems(appType) } }));
  const [state] = useMachine(machine, { inspect });
  const items = (state.context.data as OaItem[] | null) ?? [];
  return (
    <Select.Root
      value={value === null ? '' : String(value)}
      onValueChange={(next) => {
        const item = items.find((i) => String(i.oaItemId) === next);
        if (item) onChange(item);
      }}
    >
      <Select.Trigger
        aria-label="审批项"
        placeholder={state.matches('loading') ? '加载中...' : '选择审批项'}
      />
      <Select.Content>
        {items.map((item) => (
          <Select.Item
            key={item.oaItemId}
            value={String(item.oaItemId)}
            disabled={item.oaApprovalId !== null}
          >
            {item.name}
            {item.oaApprovalId !== null ? '（已设置）' : ''}
          </Select.Item>
        ))}
      </Select.Content>
    </Select.Root>
  );
}

function ApproverSteps({
  data,
  approvers,
  onChange,
}: {
  data: SettingData;
  approvers: OaApproverInput[];
  onChange: (next: OaApproverInput[]) => void;
}) {
  const update = (index: number, step: OaApproverInput) =>
    onChange(approvers.map((s, i) => (i === index ? step : s)));
  const move = (index: number, delta: number) => {
    const next = [...approvers];
    const [step] = next.splice(index, 1);
    if (step) next.splice(index + delta, 0, step);
    onChange(next);
  };
  return (
    <Flex direction="column" gap="2" data-testid="approver-steps">
      {approvers.map((step, index) => (
        <Flex key={index} gap="2" align="center" data-testid="approver-step">
          <Badge variant="soft">第 {index + 1} 级</Badge>
          <Select.Root
            value={String(step.approverType)}
            onValueChange={(value) => update(index, { approverType: Number(value) as 1 | 2 | 3 })}
          >
            <Select.Trigger aria-label={`第 ${index + 1} 级审批人类型`} />
            <Select.Content>
              {Object.entries(approverTypeNames).map(([value, label]) => (
                <Select.Item key={value} value={value}>
                  {label}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
          {step.approverType === 1 && (
            <Select.Root
              value={step.userId ? String(step.userId) : ''}
              onValueChange={(value) => update(index, { approverType: 1, userId: Number(value) })}
            >
              <Select.Trigger aria-label={`第 ${index + 1} 级审批成员`} placeholder="选择成员" />
              <Select.Content>
                {data.staff.map((person) => (
                  <Select.Item key={person.userId} value={String(person.userId)}>
                    {person.name}（{person.roleName ?? person.deptName}）
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          )}
          {step.approverType === 2 && (
            <Select.Root
              value={step.roleId ? String(step.roleId) : ''}
              onValueChange={(value) => update(index, { approverType: 2, roleId: Number(value) })}
            >
              <Select.Trigger aria-label={`第 ${index + 1} 级审批角色`} placeholder="选择角色" />
              <Select.Content>
                {data.roles.map((role) => (
                  <Select.Item key={role.roleId} value={String(role.roleId)}>
                    {role.roleName}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          )}
          <Flex gap="1" ml="auto">
            <IconButton
              size="1"
              variant="ghost"
              aria-label="上移"
              disabled={index === 0}
              onClick={() => move(index, -1)}
            >
              ↑
            </IconButton>
            <IconButton
              size="1"
              variant="ghost"
              aria-label="下移"
              disabled={index === approvers.length - 1}
              onClick={() => move(index, 1)}
            >
              ↓
            </IconButton>
            <IconButton
              size="1"
              variant="ghost"
              color="red"
              aria-label="删除此级"
              onClick={() => onChange(approvers.filter((_, i) => i !== index))}
            >
              ×
            </IconButton>
          </Flex>
        </Flex>
      ))}
      <Box>
        <Button
          size="1"
          variant="soft"
          disabled={approvers.length >= 10}
          onClick={() => onChange([...approvers, { approverType: 1 }])}
        >
          添加审批人
        </Button>
      </Box>
    </Flex>
  );
}

function isStepComplete(step: OaApproverInput): boolean {
  if (step.approverType === 1) return Boolean(step.userId);
  if (step.approverType === 2) return Boolean(step.roleId);
  return true;
}

function DefinitionDialog({
  data,
  initial,
  oaApprovalId,
  onClose,
  onSave,
}: {
  data: SettingData;
  initial: Draft;
  oaApprovalId: number | null;
  onClose: () => void;
  onSave: Save;
}) {
  const [draft, setDraft] = useState<Draft>(initial);
  const isComplete =
    draft.oaItemId !== null &&
    draft.groupId !== null &&
    draft.name.trim() !== '' &&
    draft.approvers.length > 0 &&
    draft.approvers.every(isStepComplete);
  const submit = () => {
    if (draft.oaItemId === null || draft.groupId === null) return;
    const common = {
      groupId: draft.groupId,
      name: draft.name.trim(),
      ...(draft.remark.trim() ? { remark: draft.remark.trim() } : {}),
      approvers: draft.approvers,
      sendCopy: draft.sendCopy,
    };
    if (oaApprovalId === null)
      onSave({
        kind: 'approvalCreate',
        body: { ...common, appType: draft.appType, oaItemId: draft.oaItemId as OaItem['oaItemId'] },
      });
    else onSave({ kind: 'approvalEdit', body: { ...common, oaApprovalId } });
    onClose();
  };
  return (
    <Dialog.Root open onOpenChange={(next) => !next && onClose()}>
      <Dialog.Content maxWidth="640px" aria-describedby={undefined}>
        <Dialog.Title>{oaApprovalId === null ? '新建审批' : '编辑审批'}</Dialog.Title>
        <Flex direction="column" gap="3" data-testid="definition-form">
          <Flex gap="3" align="center">
            <Text size="2" style={{ width: 72 }}>
              应用
            </Text>
            <Select.Root
              value={String(draft.appType)}
              disabled={oaApprovalId !== null}
              onValueChange={(value) =>
                setDraft({ ...draft, appType: Number(value) as 5 | 6, oaItemId: null })
              }
            >
              <Select.Trigger aria-label="应用" />
              <Select.Content>
                {data.apps.map((app) => (
                  <Select.Item key={app.appType} value={String(app.appType)}>
                    {app.name}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </Flex>
          <Flex gap="3" align="center">
            <Text size="2" style={{ width: 72 }}>
              审批项
            </Text>
            {oaApprovalId === null ? (
              <ItemPicker
                key={draft.appType}
                appType={draft.appType}
                value={draft.oaItemId}
                onChange={(item) =>
                  setDraft({ ...draft, oaItemId: item.oaItemId, name: draft.name || item.name })
                }
              />
            ) : (
              <Text size="2">{initial.name}</Text>
            )}
          </Flex>
          <Flex gap="3" align="center">
            <Text size="2" style={{ width: 72 }}>
              分组
            </Text>
            <Select.Root
              value={draft.groupId === null ? '' : String(draft.groupId)}
              onValueChange={(value) => setDraft({ ...draft, groupId: Number(value) })}
            >
              <Select.Trigger aria-label="审批分组" placeholder="选择分组" />
              <Select.Content>
                {data.groups.map((group) => (
                  <Select.Item key={group.groupId} value={String(group.groupId)}>
                    {group.groupName}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </Flex>
          <Flex gap="3" align="center">
            <Text size="2" style={{ width: 72 }}>
              审批名称
            </Text>
            <TextField.Root
              aria-label="审批名称"
              maxLength={30}
              value={draft.name}
              onChange={(e) => setDraft({ ...draft, name: e.target.value })}
              style={{ flex: 1 }}
            />
          </Flex>
          <Flex gap="3" align="start">
            <Text size="2" style={{ width: 72 }}>
              说明
            </Text>
            <TextArea
              aria-label="说明"
              maxLength={140}
              value={draft.remark}
              onChange={(e) => setDraft({ ...draft, remark: e.target.value })}
              style={{ flex: 1 }}
            />
          </Flex>
          <Text size="2" weight="medium">
            审批人（按顺序逐级审批）
          </Text>
          <ApproverSteps
            data={data}
            approvers={draft.approvers}
            onChange={(approvers) => setDraft({ ...draft, approvers })}
          />
          <Text size="2" weight="medium">
            抄送人（审批结束后通知）
          </Text>
          <ScrollArea style={{ maxHeight: 120 }}>
            <Flex gap="3" wrap="wrap" data-testid="copy-recipients">
              {data.staff.map((person) => (
                <Text as="label" size="2" key={person.userId}>
                  <Flex gap="1" align="center">
                    <Checkbox
                      checked={draft.sendCopy.includes(person.userId)}
                      onCheckedChange={(checked) =>
                        setDraft({
                          ...draft,
                          sendCopy: checked
                            ? [...draft.sendCopy, person.userId]
                            : draft.sendCopy.filter((id) => id !== person.userId),
                        })
                      }
                    />
                    {person.name}
                  </Flex>
                </Text>
              ))}
            </Flex>
          </ScrollArea>
        </Flex>
        <Flex gap="3" mt="4" justify="end">
          <Dialog.Close>
            <Button variant="soft" color="gray">
              取消
            </Button>
          </Dialog.Close>
          <Button disabled={!isComplete} onClick={submit}>
            保存
          </Button>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}

function toDraft(detail: OaApproval): Draft {
  return {
    appType: detail.appType === 6 ? 6 : 5,
    oaItemId: detail.oaItemId,
    groupId: detail.groupId,
    name: detail.name,
    remark: detail.remark ?? '',
    approvers: detail.approvers.map((step) =>
      step.approverType === 1
        ? { approverType: 1, userId: step.userId ?? 0 }
        : step.approverType === 2
          ? { approverType: 2, roleId: step.roleId ?? 0 }
          : { approverType: 3 },
    ),
    sendCopy: detail.sendCopy.map((c) => c.userId),
  };
}

/** Loads a definition (oaApprovalDetail), then shows it or opens it for editing. */
function DefinitionLoader({
  oaApprovalId,
  mode,
  data,
  onClose,
  onSave,
}: {
  oaApprovalId: number;
  mode: 'detail' | 'edit';
  data: SettingData;
  onClose: () => void;
  onSave: Save;
}) {
  const [machine] = useState(() =>
    resourceMachine.provide({ actors: { load: loadOaApprovalDetail(oaApprovalId) } }),
  );
  const [state] = useMachine(machine, { inspect });
  const detail = state.context.data as OaApproval | null;
  if (mode === 'edit' && detail)
    return (
      <DefinitionDialog
        data={data}
        initial={toDraft(detail)}
        oaApprovalId={oaApprovalId}
        onClose={onClose}
        onSave={onSave}
      />
    );
  return (
    <Dialog.Root open onOpenChange={(next) => !next && onClose()}>
      <Dialog.Content maxWidth="560px" aria-describedby={undefined}>
        <Dialog.Title>审批详情</Dialog.Title>
        {state.matches('failed') && <Text color="red">{state.context.error}</Text>}
        {!detail && !state.matches('failed') && <Text color="gray">加载中...</Text>}
        {detail && (
          <DataList.Root data-testid="definition-detail">
            <DataList.Item>
              <DataList.Label>审批名称</DataList.Label>
              <DataList.Value>{detail.name}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>审批项</DataList.Label>
              <DataList.Value>{detail.oaItemName}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>分组</DataList.Label>
              <DataList.Value>{detail.groupName}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>状态</DataList.Label>
              <DataList.Value>{detail.state === 1 ? '启用' : '停用'}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>审批人</DataList.Label>
              <DataList.Value>
                <Flex direction="column" gap="1">
                  {detail.approvers.map((step) => (
                    <Text key={step.sort} size="2">
                      第 {step.sort} 级：{step.name}（{approverTypeNames[step.approverType]}）
                    </Text>
                  ))}
                </Flex>
              </DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>抄送人</DataList.Label>
              <DataList.Value>{detail.sendCopy.map((c) => c.name).join('、') || '—'}</DataList.Value>
            </DataList.Item>
            {detail.remark && (
              <DataList.Item>
                <DataList.Label>说明</DataList.Label>
                <DataList.Value>{detail.remark}</DataList.Value>
              </DataList.Item>
            )}
            <DataList.Item>
              <DataList.Label>更新时间</DataList.Label>
              <DataList.Value>{detail.updatedAt}</DataList.Value>
            </DataList.Item>
          </DataList.Root>
        )}
        <Flex mt="4" justify="end">
          <Dialog.Close>
            <Button variant="soft" color="gray">
              关闭
            </Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}

type Open =
  | { kind: 'groupCreate' }
  | { kind: 'groupEdit'; groupId: number; name: string }
  | { kind: 'groupDel'; groupId: number; name: string }
  | { kind: 'create'; groupId: number | null }
  | { kind: 'edit'; oaApprovalId: number }
  | { kind: 'detail'; oaApprovalId: number }
  | { kind: 'delete'; oaApprovalId: number; name: string }
  | null;

export default function OaSettingPage(_props: PageProps) {
  const [state, send] = useMachine(settingMachine, { inspect });
  const [app, setApp] = useState('all');
  const [open, setOpen] = useState<Open>(null);
  const data = state.context.data as SettingData | null;
  const save: Save = (change) => send({ type: 'save', value: change });
  const isSaving = state.matches('saving');

  if (state.matches('failed'))
    return (
      <Flex gap="2" align="center" p="5">
        <Text color="red">{state.context.error}</Text>
        <Button size="1" variant="soft" onClick={() => send({ type: 'retry' })}>
          重试
        </Button>
      </Flex>
    );
  if (!data)
    return (
      <Text color="gray" as="p" m="5">
        加载中...
      </Text>
    );

  const groups = data.groups;
  const moveGroup = (index: number, delta: number) => {
    const ids = groups.map((g) => g.groupId);
    const [id] = ids.splice(index, 1);
    if (id !== undefined) ids.splice(index + delta, 0, id);
    save({ kind: 'groupSort', groupIds: ids });
  };

  return (
    <Flex direction="column" gap="4" p="5" data-testid="oa-setting-page">
      <Flex justify="between" align="center">
        <Box>
          <Heading size="6">审批设置</Heading>
          <Text size="2" color="gray">
            为合同状态变更、签约等业务设置审批流程：审批人按顺序逐级审批，审批结束后通知抄送人
          </Text>
        </Box>
        <Flex gap="2">
          <Button variant="soft" onClick={() => setOpen({ kind: 'groupCreate' })}>
            新建分组
          </Button>
          <Button onClick={() => setOpen({ kind: 'create', groupId: groups[0]?.groupId ?? null })}>
            新建审批
          </Button>
        </Flex>
      </Flex>
      {state.context.error && (
        <Callout.Root color="red" size="1">
          <Callout.Text data-testid="setting-error">{state.context.error}</Callout.Text>
        </Callout.Root>
      )}
      <Tabs.Root value={app} onValueChange={setApp}>
        <Tabs.List>
          <Tabs.Trigger value="all">全部应用</Tabs.Trigger>
          {data.apps.map((item) => (
            <Tabs.Trigger key={item.appType} value={String(item.appType)}>
              {item.name}（{item.itemCount} 项）
            </Tabs.Trigger>
          ))}
        </Tabs.List>
      </Tabs.Root>
      {groups.length === 0 && (
        <Text color="gray" as="p" align="center" my="6">
          还没有审批分组，先新建一个分组
        </Text>
      )}
      {groups.map((group, index) => {
        const approvals = group.approvals.filter((a) => app === 'all' || String(a.appType) === app);
        return (
          <Card key={group.groupId} size="2" data-testid="oa-group">
            <Flex justify="between" align="center" mb="3">
              <Flex gap="2" align="center">
                <Heading size="4" data-testid="oa-group-name">
                  {group.groupName}
                </Heading>
                <Badge variant="soft" color="gray">
                  {group.approvals.length} 项
                </Badge>
              </Flex>
              <Flex gap="1">
                <Button
                  size="1"
                  variant="ghost"
                  disabled={isSaving || index === 0}
                  onClick={() => moveGroup(index, -1)}
                >
                  上移
                </Button>
                <Button
                  size="1"
                  variant="ghost"
                  disabled={isSaving || index === groups.length - 1}
                  onClick={() => moveGroup(index, 1)}
                >
                  下移
                </Button>
                <Button
                  size="1"
                  variant="ghost"
                  onClick={() =>
                    setOpen({ kind: 'groupEdit', groupId: group.groupId, name: group.groupName })
                  }
                >
                  重命名
                </Button>
                <Button
                  size="1"
                  variant="ghost"
                  color="red"
                  onClick={() => setOpen({ kind: 'groupDel', groupId: group.groupId, name: group.groupName })}
                >
                  删除分组
                </Button>
                <Button
                  size="1"
                  variant="soft"
                  onClick={() => setOpen({ kind: 'create', groupId: group.groupId })}
                >
                  添加审批
                </Button>
              </Flex>
            </Flex>
            {approvals.length === 0 ? (
              <Text size="2" color="gray">
                该分组下暂无审批
              </Text>
            ) : (
              <Table.Root size="1">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeaderCell>审批名称</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>审批项</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>审批人</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>更新时间</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>启用</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell />
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {approvals.map((approval) => (
                    <Table.Row key={approval.oaApprovalId} data-testid="oa-definition" align="center">
                      <Table.RowHeaderCell>
                        <Text weight="medium">{approval.name}</Text>
                      </Table.RowHeaderCell>
                      <Table.Cell>{approval.oaItemName}</Table.Cell>
                      <Table.Cell>{approval.approverNames.join(' → ')}</Table.Cell>
                      <Table.Cell>{approval.updatedAt}</Table.Cell>
                      <Table.Cell>
                        <Switch
                          aria-label={`启用 ${approval.name}`}
                          checked={approval.state === 1}
                          disabled={isSaving}
                          onCheckedChange={(checked) =>
                            save({
                              kind: 'approvalSwitch',
                              oaApprovalId: approval.oaApprovalId,
                              state: checked ? 1 : 0,
                            })
                          }
                        />
                      </Table.Cell>
                      <Table.Cell>
                        <Flex gap="2" justify="end">
                          <Button
                            size="1"
                            variant="ghost"
                            onClick={() => setOpen({ kind: 'detail', oaApprovalId: approval.oaApprovalId })}
                          >
                            详情
                          </Button>
                          <Button
                            size="1"
                            variant="ghost"
                            onClick={() => setOpen({ kind: 'edit', oaApprovalId: approval.oaApprovalId })}
                          >
                            编辑
                          </Button>
                          <Button
                            size="1"
                            variant="ghost"
                            color="red"
                            onClick={() =>
                              setOpen({
                                kind: 'delete',
                                oaApprovalId: approval.oaApprovalId,
                                name: approval.name,
                              })
                            }
                          >
                            删除
                          </Button>
                        </Flex>
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            )}
          </Card>
        );
      })}
      <GroupNameDialog
        key={open?.kind === 'groupEdit' ? `edit-${open.groupId}` : 'create'}
        title={open?.kind === 'groupEdit' ? '重命名分组' : '新建分组'}
        initial={open?.kind === 'groupEdit' ? open.name : ''}
        open={open?.kind === 'groupCreate' || open?.kind === 'groupEdit'}
        onClose={() => setOpen(null)}
        onSave={(groupName) =>
          save(
            open?.kind === 'groupEdit'
              ? { kind: 'groupEdit', groupId: open.groupId, groupName }
              : { kind: 'groupCreate', groupName },
          )
        }
      />
      <ConfirmDialog
        open={open?.kind === 'groupDel' || open?.kind === 'delete'}
        title={open?.kind === 'groupDel' ? '删除分组' : '删除审批'}
        text="确定要删除该项吗？"
        onClose={() => setOpen(null)}
        onConfirm={() => {
          if (open?.kind === 'groupDel') save({ kind: 'groupDel', groupId: open.groupId });
          if (open?.kind === 'delete') save({ kind: 'approvalDel', oaApprovalId: open.oaApprovalId });
          setOpen(null);
        }}
      />
      {open?.kind === 'create' && (
        <DefinitionDialog
          data={data}
          initial={{
            appType: app === '6' ? 6 : 5,
            oaItemId: null,
            groupId: open.groupId,
            name: '',
            remark: '',
            approvers: [{ approverType: 1 }],
            sendCopy: [],
          }}
          oaApprovalId={null}
          onClose={() => setOpen(null)}
          onSave={save}
        />
      )}
      {(open?.kind === 'edit' || open?.kind === 'detail') && (
        <DefinitionLoader
          key={`${open.kind}-${open.oaApprovalId}`}
          oaApprovalId={open.oaApprovalId}
          mode={open.kind}
          data={data}
          onClose={() => setOpen(null)}
          onSave={save}
        />
      )}
    </Flex>
  );
}
