import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { Button, DataList, Dialog, Flex, Text } from '@radix-ui/themes';
import { resourceMachine } from '../../../machines/resource.machine';
import { inspect } from '../../inspector/inspection-store';
import { loadOaApprovalDetail, type OaApproval, type SettingData } from './oa-actors';
import { approverTypeNames } from './oa-format';
import { DefinitionDialog, type Save, toDraft } from './approval-definition-dialog';

/** Loads a definition (oaApprovalDetail), then shows it or opens it for editing. */
export function DefinitionLoader({
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
