/**
 * 自定义设置 of one template (machines/template-customize.machine.ts): widget fields of the seven
 * types, the standard fields' required switches, the sign list's card titles and display flags, the
 * departments and roles that may use it, and its own approval. One draft; 保存 saves what changed,
 * 关闭 with unsaved changes asks first.
 */
import { useEffect, useState } from 'react';
import { useMachine } from '@xstate/react';
import { Box, Button, Callout, Dialog, Flex, ScrollArea, Switch, Tabs, Text } from '@radix-ui/themes';
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
import { ApprovalFlowFields } from '../../ui/approver-steps';
import { CheckList, type CheckOption } from '../../ui/check-list';
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
      <CheckList
        label="签约列表显示"
        gap="4"
        wrap="wrap"
        options={displayFlags.map((flag) => ({ value: flag.key, label: flag.label }))}
        checked={displayFlags.filter((flag) => other[flag.key] === 1).map((flag) => flag.key)}
        onChange={(keys) => {
          const next = { ...other };
          for (const flag of displayFlags) next[flag.key] = keys.includes(flag.key) ? 1 : 0;
          onChange(next);
        }}
      />
      <Text size="1" color="gray">
        新添加的自定义字段保存后可作为标题
      </Text>
    </Flex>
  );
}

/** The department tree as options, each indented under its parent. */
function deptOptions(nodes: OrgDeptNode[], depth = 0): CheckOption<number>[] {
  return nodes.flatMap((node) => [
    { value: node.dept.deptId, label: node.dept.deptName, depth },
    ...deptOptions(node.children, depth + 1),
  ]);
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
        <CheckList
          label="部门"
          direction="column"
          gap="1"
          options={deptOptions(options.depts)}
          checked={range.dept}
          onChange={(dept) => onChange({ ...range, dept })}
        />
      </ScrollArea>
      <Text size="2" weight="medium">
        角色
      </Text>
      <CheckList
        label="角色"
        gap="3"
        wrap="wrap"
        options={options.roles.map((r) => ({ value: r.roleId, label: r.roleName }))}
        checked={range.role}
        onChange={(role) => onChange({ ...range, role })}
      />
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
        <ApprovalFlowFields
          roles={options.roles}
          flow={approval}
          onChange={(patch) => onChange({ ...approval, ...patch })}
        />
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
