/**
 * Creating or editing an approval definition (审批设置): the approval item, group, name, ordered
 * approver steps and copy recipients, saved through the settings' save.
 */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { Button, Dialog, Flex, Text, TextArea } from '@radix-ui/themes';
import { TextField } from '../../ui/text-field';
import { Select } from '../../ui/select';
import { resourceMachine } from '../../../machines/resource.machine';
import { inspect } from '../../inspector/inspection-store';
import {
  loadOaItems,
  type OaApproval,
  type OaApproverInput,
  type OaItem,
  type SettingChange,
  type SettingData,
} from './oa-actors';
import { ApprovalFlowFields, isStepComplete } from '../../ui/approver-steps';

export type Save = (change: SettingChange) => void;

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

export function DefinitionDialog({
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
              <Select.Trigger aria-label="审批分组" />
              <Select.Content>
                {data.groupChoices.map((group) => (
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
          <ApprovalFlowFields
            roles={data.roles}
            flow={draft}
            onChange={(patch) => setDraft({ ...draft, ...patch })}
          />
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

export function toDraft(detail: OaApproval): Draft {
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
