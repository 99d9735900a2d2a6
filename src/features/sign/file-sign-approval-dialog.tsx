/**
 * 快捷签署审批 (oaApprovalFileSignDetail / oaApprovalFileSignUpdate): the company's approval of quick
 * file signing (item 49) — on, its approvers in order and who gets a copy. Opened from the template
 * page beside each template's own approval (自定义设置 › 签约审批).
 */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { Button, Callout, Dialog, Flex } from '@radix-ui/themes';
import { fromPromise } from 'xstate';
import { resourceMachine } from '../../../machines/resource.machine';
import { approvalProblem } from '../../../machines/template-customize.machine';
import { inspect } from '../../inspector/inspection-store';
import { Loading } from '../../ui/load-state';
import { ApprovalSettings } from './template-customize-dialog';
import {
  loadCustomizeOptions,
  readFileSignApproval,
  saveFileSignApproval,
  type ApprovalDraft,
  type CustomizeOptions,
} from './template-customize-actors';

const approvalMachine = resourceMachine.provide({
  actors: {
    load: fromPromise<unknown>(() => readFileSignApproval()),
    save: fromPromise<unknown, { value: unknown }>(async ({ input }) => {
      await saveFileSignApproval(input.value as ApprovalDraft);
      return readFileSignApproval();
    }),
  },
});
const optionsMachine = resourceMachine.provide({ actors: { load: loadCustomizeOptions } });

export function FileSignApprovalDialog({ onClose }: { onClose: () => void }) {
  const [snapshot, send] = useMachine(approvalMachine, { inspect });
  const [optionsState] = useMachine(optionsMachine, { inspect });
  const options = (optionsState.context.data as CustomizeOptions | null) ?? {
    roles: [],
    depts: [],
  };
  const saved = snapshot.context.data as ApprovalDraft | null;
  const [draft, setDraft] = useState<ApprovalDraft | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [isSaved, setIsSaved] = useState(false);
  const current = draft ?? saved;
  const error = problem ?? snapshot.context.error;
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="640px" data-testid="file-sign-approval" aria-describedby={undefined}>
        <Dialog.Title>快捷签署审批</Dialog.Title>
        {snapshot.matches('loading') && <Loading />}
        {current && (
          <ApprovalSettings
            approval={current}
            options={options}
            onChange={(next) => {
              setDraft(next);
              setProblem(null);
              setIsSaved(false);
            }}
          />
        )}
        {error && (
          <Callout.Root color="red" mt="3" role="alert">
            <Callout.Text>{error}</Callout.Text>
          </Callout.Root>
        )}
        {isSaved && !error && snapshot.matches('loaded') && (
          <Callout.Root color="green" mt="3">
            <Callout.Text>审批设置已保存</Callout.Text>
          </Callout.Root>
        )}
        <Flex gap="3" justify="end" mt="4">
          {snapshot.matches('failed') && <Button onClick={() => send({ type: 'retry' })}>重试</Button>}
          <Button variant="soft" color="gray" onClick={onClose}>
            关闭
          </Button>
          <Button
            disabled={!draft || !snapshot.matches('loaded')}
            onClick={() => {
              if (!draft) return;
              const found = approvalProblem(draft);
              if (found) return setProblem(found);
              send({ type: 'save', value: draft });
              setDraft(null);
              setIsSaved(true);
            }}
          >
            保存
          </Button>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
