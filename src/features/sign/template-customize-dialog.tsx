/**
 * 自定义设置 of one template (machines/template-customize.machine.ts): widget fields of the seven
 * types, the standard fields' required switches, the sign list's card titles and display flags, the
 * departments and roles that may use it, and its own approval. One draft; 保存 saves what changed,
 * 关闭 with unsaved changes asks first.
 */
import { useEffect, useState } from 'react';
import { useMachine } from '@xstate/react';
import {
  Box,
  Button,
  Callout,
  Checkbox,
  Dialog,
  Flex,
  ScrollArea,
  Switch,
  Tabs,
  Text,
} from '@radix-ui/themes';
import {
  templateCustomizeMachine,
  templateCustomizeMessages,
  type TemplateCustomization,
  type WidgetFieldDraft,
} from '../../../machines/template-customize.machine';
import { widgetFieldTypes } from '../../../domain/template-customization';
import { WidgetFieldEditor } from '../../ui/widget-field-editor';
import { standardFieldsByType } from '../../../domain/sign-standard-fields';
import { resourceMachine } from '../../../machines/resource.machine';
import { inspect } from '../../inspector/inspection-store';
import { Loading } from '../../ui/load-state';
import { Select } from '../../ui/select';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { ApproverSteps } from '../../ui/approver-steps';
import {
  loadCustomizeOptions,
  loadTemplateFields,
  templateCustomizeActors,
  type TemplateField,
  type CustomizeOptions,
  type OrgDeptNode,
} from './template-customize-actors';

const optionsMachine = resourceMachine.provide({ actors: { load: loadCustomizeOptions } });

/** The sign list's card items a template can show (templateOtherSettings). */
export const displayFlags = [
  { key: 'user', label: '发起人' },
  { key: 'dept', label: '部门' },
  { key: 'role', label: '角色' },
  { key: 'sendtime', label: '发起时间' },
  { key: 'updatetime', label: '更新时间' },
] as const;

function RequireSwitches({
  contractType,
  flags,
  onChange,
}: {
  contractType: 1 | 2 | 3;
  flags: Record<string, 0 | 1>;
  onChange: (flags: Record<string, 0 | 1>) => void;
}) {
  return (
    <Flex gap="3" wrap="wrap" data-testid="require-switches">
      {standardFieldsByType[contractType]
        .filter((field) => field.path in flags)
        .map((field) => (
          <Text as="label" size="2" key={field.path} style={{ width: 200 }}>
            <Flex gap="2" align="center">
              <Switch
                size="1"
                checked={flags[field.path] === 1}
                onCheckedChange={(on) => onChange({ ...flags, [field.path]: on ? 1 : 0 })}
              />
              {field.title}
            </Flex>
          </Text>
        ))}
    </Flex>
  );
}

function titleChoices(contractType: 1 | 2 | 3, fields: WidgetFieldDraft[]) {
  return [
    { value: 'partyA.name', label: '甲方姓名' },
    { value: 'partyB.name', label: '乙方姓名' },
    ...standardFieldsByType[contractType]
      .filter((f) => f.path.includes('.') && !f.choice)
      .map((f) => ({ value: f.path, label: f.title })),
    ...fields
      .filter((f): f is WidgetFieldDraft & { fieldName: string } => f.fieldName !== undefined)
      .map((f) => ({ value: f.fieldName, label: f.fieldTitle })),
  ];
}

function CardSettings({
  contractType,
  draft,
  onChange,
}: {
  contractType: 1 | 2 | 3;
  draft: TemplateCustomization;
  onChange: (other: TemplateCustomization['other']) => void;
}) {
  const other = draft.other;
  const choices = titleChoices(contractType, draft.fields);
  return (
    <Flex direction="column" gap="3" data-testid="card-settings">
      <Flex gap="3" align="center">
        <Text size="2" style={{ width: 72 }}>
          主标题
        </Text>
        <Select.Root value={other.mainTitle} onValueChange={(v) => onChange({ ...other, mainTitle: v })}>
          <Select.Trigger aria-label="主标题" />
          <Select.Content>
            {choices.map((c) => (
              <Select.Item key={c.value} value={c.value}>
                {c.label}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
      </Flex>
      <Flex gap="3" align="center">
        <Text size="2" style={{ width: 72 }}>
          副标题
        </Text>
        <Select.Root
          value={other.subTitle ?? 'none'}
          onValueChange={(v) => onChange({ ...other, subTitle: v === 'none' ? null : v })}
        >
          <Select.Trigger aria-label="副标题" />
          <Select.Content>
            <Select.Item value="none">不显示</Select.Item>
            {choices.map((c) => (
              <Select.Item key={c.value} value={c.value}>
                {c.label}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
      </Flex>
      <Text size="2" weight="medium">
        签约列表显示
      </Text>
      <Flex gap="4" wrap="wrap">
        {displayFlags.map((flag) => (
          <Text as="label" size="2" key={flag.key}>
            <Flex gap="1" align="center">
              <Checkbox
                checked={other[flag.key] === 1}
                onCheckedChange={(c) => onChange({ ...other, [flag.key]: c === true ? 1 : 0 })}
              />
              {flag.label}
            </Flex>
          </Text>
        ))}
      </Flex>
      <Text size="1" color="gray">
        新添加的自定义字段保存后可作为标题
      </Text>
    </Flex>
  );
}

function flattenDepts(
  nodes: OrgDeptNode[],
  depth = 0,
): { deptId: number; deptName: string; depth: number }[] {
  return nodes.flatMap((node) => [
    { deptId: node.dept.deptId, deptName: node.dept.deptName, depth },
    ...flattenDepts(node.children, depth + 1),
  ]);
}

function toggle(list: number[], id: number, on: boolean): number[] {
  return on ? [...list.filter((x) => x !== id), id] : list.filter((x) => x !== id);
}

function RangeSettings({
  range,
  options,
  onChange,
}: {
  range: TemplateCustomization['range'];
  options: CustomizeOptions;
  onChange: (range: TemplateCustomization['range']) => void;
}) {
  return (
    <Flex direction="column" gap="3" data-testid="range-settings">
      <Text size="2" color="gray">
        {range.dept.length === 0 && range.role.length === 0
          ? '未选择部门和角色：全公司可用'
          : '所选部门（含下级部门）或所选角色的员工可用'}
      </Text>
      <Text size="2" weight="medium">
        部门
      </Text>
      <ScrollArea style={{ maxHeight: 160 }}>
        <Flex direction="column" gap="1">
          {flattenDepts(options.depts).map((d) => (
            <Text as="label" size="2" key={d.deptId} style={{ paddingLeft: d.depth * 16 }}>
              <Flex gap="1" align="center">
                <Checkbox
                  checked={range.dept.includes(d.deptId)}
                  onCheckedChange={(c) =>
                    onChange({ ...range, dept: toggle(range.dept, d.deptId, c === true) })
                  }
                />
                {d.deptName}
              </Flex>
            </Text>
          ))}
        </Flex>
      </ScrollArea>
      <Text size="2" weight="medium">
        角色
      </Text>
      <Flex gap="3" wrap="wrap">
        {options.roles.map((r) => (
          <Text as="label" size="2" key={r.roleId}>
            <Flex gap="1" align="center">
              <Checkbox
                checked={range.role.includes(r.roleId)}
                onCheckedChange={(c) =>
                  onChange({ ...range, role: toggle(range.role, r.roleId, c === true) })
                }
              />
              {r.roleName}
            </Flex>
          </Text>
        ))}
      </Flex>
    </Flex>
  );
}

/** A template's or quick signing's own approval: on or off, ordered approvers, copy recipients. */
export function ApprovalSettings({
  approval,
  options,
  onChange,
}: {
  approval: TemplateCustomization['approval'];
  options: CustomizeOptions;
  onChange: (approval: TemplateCustomization['approval']) => void;
}) {
  return (
    <Flex direction="column" gap="3" data-testid="approval-settings">
      <Text as="label" size="2">
        <Flex gap="2" align="center">
          <Switch
            checked={approval.oaState === 1}
            onCheckedChange={(on) => onChange({ ...approval, oaState: on ? 1 : 0 })}
          />
          开启签约审批
        </Flex>
      </Text>
      {approval.oaState === 1 && (
        <>
          <Text size="2" weight="medium">
            审批人（按顺序逐级审批）
          </Text>
          <ApproverSteps
            staff={options.staff}
            roles={options.roles}
            approvers={approval.approvers}
            onChange={(approvers) => onChange({ ...approval, approvers })}
          />
          <Text size="2" weight="medium">
            抄送人（审批结束后通知）
          </Text>
          <Flex gap="3" wrap="wrap">
            {options.staff.map((person) => (
              <Text as="label" size="2" key={person.userId}>
                <Flex gap="1" align="center">
                  <Checkbox
                    checked={approval.sendCopy.includes(person.userId)}
                    onCheckedChange={(c) =>
                      onChange({
                        ...approval,
                        sendCopy: toggle(approval.sendCopy, person.userId, c === true),
                      })
                    }
                  />
                  {person.name}
                </Flex>
              </Text>
            ))}
          </Flex>
        </>
      )}
    </Flex>
  );
}

const typeLabel = (type: number) => widgetFieldTypes.find((t) => t.value === type)?.label ?? '';

/** 模板约定 under a template's preview: the widget fields the contract form asks for. */
export function TemplateFieldSummary({ boxId }: { boxId: number }) {
  const [machine] = useState(() => resourceMachine.provide({ actors: { load: loadTemplateFields(boxId) } }));
  const [snapshot] = useMachine(machine, { inspect });
  const fields = (snapshot.context.data as TemplateField[] | null) ?? [];
  if (!snapshot.matches('loaded')) return null;
  return (
    <Text as="p" size="2" mt="3" data-testid="template-field-summary">
      模板约定（{fields.length}）：
      {fields.length === 0
        ? '无'
        : fields
            .map((f) => `${f.fieldTitle}（${typeLabel(f.type)}${f.requiredStatus === 1 ? '，必填' : ''}）`)
            .join('、')}
    </Text>
  );
}

export function TemplateCustomizeDialog({
  boxId,
  contractType,
  onClose,
}: {
  boxId: number;
  contractType: 1 | 2 | 3;
  onClose: () => void;
}) {
  const [machine] = useState(() => templateCustomizeMachine.provide({ actors: templateCustomizeActors }));
  const [snapshot, send] = useMachine(machine, { input: { boxId }, inspect });
  const [optionsState] = useMachine(optionsMachine, { inspect });
  const options = (optionsState.context.data as CustomizeOptions | null) ?? {
    staff: [],
    roles: [],
    depts: [],
  };
  const { draft, error, isSavedNotice } = snapshot.context;
  const isClosed = snapshot.status === 'done';
  useEffect(() => {
    if (isClosed) onClose();
  }, [isClosed, onClose]);
  if (isClosed) return null;
  const edit = (patch: Partial<TemplateCustomization>) =>
    draft && send({ type: 'edit', draft: { ...draft, ...patch } });
  const isDirty = snapshot.matches({ editing: 'dirty' }) || snapshot.matches('confirmingDiscard');
  const isSaving = snapshot.matches('saving');
  return (
    <>
      <Dialog.Root open onOpenChange={(open) => !open && send({ type: 'close' })}>
        <Dialog.Content maxWidth="820px" data-testid="template-customize" aria-describedby={undefined}>
          <Dialog.Title>自定义设置{draft ? `：${draft.boxName}` : ''}</Dialog.Title>
          {snapshot.matches('loading') && <Loading />}
          {snapshot.matches('failed') && (
            <Callout.Root color="red" role="alert">
              <Callout.Text>{error}</Callout.Text>
            </Callout.Root>
          )}
          {draft && !snapshot.matches('loading') && !snapshot.matches('failed') && (
            <Tabs.Root defaultValue="fields">
              <Tabs.List>
                <Tabs.Trigger value="fields">自定义字段</Tabs.Trigger>
                <Tabs.Trigger value="require">必填字段</Tabs.Trigger>
                <Tabs.Trigger value="card">列表显示</Tabs.Trigger>
                <Tabs.Trigger value="range">使用范围</Tabs.Trigger>
                <Tabs.Trigger value="approval">签约审批</Tabs.Trigger>
              </Tabs.List>
              <ScrollArea style={{ maxHeight: 420 }}>
                <Box pt="3" pr="3">
                  <Tabs.Content value="fields">
                    <WidgetFieldEditor fields={draft.fields} onChange={(fields) => edit({ fields })} />
                  </Tabs.Content>
                  <Tabs.Content value="require">
                    <RequireSwitches
                      contractType={contractType}
                      flags={draft.requireFlags}
                      onChange={(requireFlags) => edit({ requireFlags })}
                    />
                  </Tabs.Content>
                  <Tabs.Content value="card">
                    <CardSettings
                      contractType={contractType}
                      draft={draft}
                      onChange={(other) => edit({ other })}
                    />
                  </Tabs.Content>
                  <Tabs.Content value="range">
                    <RangeSettings
                      range={draft.range}
                      options={options}
                      onChange={(range) => edit({ range })}
                    />
                  </Tabs.Content>
                  <Tabs.Content value="approval">
                    <ApprovalSettings
                      approval={draft.approval}
                      options={options}
                      onChange={(approval) => edit({ approval })}
                    />
                  </Tabs.Content>
                </Box>
              </ScrollArea>
            </Tabs.Root>
          )}
          {error && !snapshot.matches('failed') && (
            <Callout.Root color="red" mt="3" role="alert">
              <Callout.Text data-testid="template-customize-error">{error}</Callout.Text>
            </Callout.Root>
          )}
          {isSavedNotice && (
            <Callout.Root color="green" mt="3">
              <Callout.Text>{templateCustomizeMessages.saved}</Callout.Text>
            </Callout.Root>
          )}
          <Flex gap="3" justify="end" mt="4" align="center">
            {isDirty && (
              <Text size="1" color="amber" mr="auto" data-testid="unsaved-hint">
                有未保存的修改
              </Text>
            )}
            {snapshot.matches('failed') && <Button onClick={() => send({ type: 'retry' })}>重试</Button>}
            {snapshot.can({ type: 'reset' }) && (
              <Button variant="soft" color="gray" onClick={() => send({ type: 'reset' })}>
                撤销修改
              </Button>
            )}
            <Button variant="soft" color="gray" onClick={() => send({ type: 'close' })}>
              关闭
            </Button>
            {!snapshot.matches('failed') && (
              <Button
                disabled={!snapshot.can({ type: 'save' }) || isSaving}
                onClick={() => send({ type: 'save' })}
              >
                {isSaving ? '保存中...' : '保存'}
              </Button>
            )}
          </Flex>
        </Dialog.Content>
      </Dialog.Root>
      <ConfirmDialog
        open={snapshot.matches('confirmingDiscard')}
        title="提示"
        message={templateCustomizeMessages.unsaved}
        confirmText="放弃修改"
        isDanger
        onConfirm={() => send({ type: 'discard.confirm' })}
        onCancel={() => send({ type: 'discard.cancel' })}
      />
    </>
  );
}
