/**
 * The approval a contract will go through, shown before 发起审批 (getAppSignOaApproval): the
 * template's own approval when it has one switched on, else the company's for the contract type's
 * item (45 sale, 47 rent, 49 other), with its approvers in order and who gets a copy.
 */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { Text } from '@radix-ui/themes';
import { fromPromise } from 'xstate';
import { api, ok } from '../../api/client';
import type { components } from '../../../openapi/generated/api';
import { resourceMachine } from '../../../machines/resource.machine';
import { inspect } from '../../inspector/inspection-store';
import { Loading } from '../../ui/load-state';
import { approverTypeNames } from '../../ui/approver-steps';

type Flow = components['schemas']['OaAppliedFlow'];

const sourceNames: Record<number, string> = {
  0: '',
  1: '公司审批设置',
  2: '模板审批设置',
  3: '快捷签署审批设置',
};

async function readFlow(contractId: number): Promise<Flow | null> {
  const detail = await ok(api.GET('/sign/signDetailV3', { params: { query: { contractId } } }));
  if (!detail.data) return null;
  const { boxId, contractType } = detail.data;
  return (
    (await ok(api.GET('/oa/getAppSignOaApproval', { params: { query: { type: contractType, boxId } } })))
      .data ?? null
  );
}

export function ApprovalFlowPreview({ contractId }: { contractId: number }) {
  const [machine] = useState(() =>
    resourceMachine.provide({ actors: { load: fromPromise<unknown>(() => readFlow(contractId)) } }),
  );
  const [snapshot] = useMachine(machine, { inspect });
  const flow = snapshot.context.data as Flow | null;
  if (snapshot.matches('loading')) return <Loading />;
  if (!flow) return null;
  if (flow.oaState === 0)
    return (
      <Text as="p" size="2" color="gray" data-testid="approval-flow">
        {flow.oaItemName}未启用审批
      </Text>
    );
  return (
    <Text as="div" size="2" mb="3" data-testid="approval-flow">
      <Text as="p">
        审批流程（{sourceNames[flow.source]}）：
        {flow.approvers
          .map((step) => `第 ${step.sort} 级 ${step.name}（${approverTypeNames[step.approverType]}）`)
          .join(' → ')}
      </Text>
      {flow.sendCopy.length > 0 && <Text as="p">抄送：{flow.sendCopy.map((c) => c.name).join('、')}</Text>}
    </Text>
  );
}
