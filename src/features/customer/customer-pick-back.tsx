/**
 * The pick-back flow on screen (machines/customer-pick-back.machine.ts): while the room is checked
 * nothing is asked; a full book says the limit with 关闭; otherwise 是否确定拣入私客 with 取消 / 确定;
 * the server's refusal is shown with 关闭. Tells its end (picked or not) once.
 */
import { useEffect, useRef } from 'react';
import { useMachine } from '@xstate/react';
import { AlertDialog, Button, Flex } from '@radix-ui/themes';
import { inspect } from '../../inspector/inspection-store';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import {
  customerPickBackMachine,
  customerPickBackMessages,
} from '../../../machines/customer-pick-back.machine';
import { pickBackActors } from './customer-actors';

const machine = customerPickBackMachine.provide({ actors: pickBackActors });

function Notice({
  title,
  text,
  onClose,
  onRetry,
}: {
  title: string;
  text: string;
  onClose: () => void;
  onRetry?: () => void;
}) {
  return (
    <AlertDialog.Root open>
      <AlertDialog.Content maxWidth="420px">
        <AlertDialog.Title>{title}</AlertDialog.Title>
        <AlertDialog.Description>{text}</AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end">
          {onRetry && <Button onClick={onRetry}>重试</Button>}
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray" onClick={onClose}>
              关闭
            </Button>
          </AlertDialog.Cancel>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}

export function CustomerPickBack({
  customerId,
  customerType,
  onDone,
}: {
  customerId: number;
  customerType: number;
  onDone: (isPicked: boolean) => void;
}) {
  const [state, send] = useMachine(machine, { inspect, input: { customerId, customerType } });
  const told = useRef(false);
  useEffect(() => {
    if (state.status !== 'done' || told.current) return;
    told.current = true;
    onDone(state.output.isPicked);
  }, [state, onDone]);
  const text = state.context.notice?.text ?? '';
  if (state.matches('full'))
    return <Notice title="私客已达上限" text={text} onClose={() => send({ type: 'close' })} />;
  if (state.matches('refused'))
    return <Notice title="拣入私客失败" text={text} onClose={() => send({ type: 'close' })} />;
  if (state.matches('failed'))
    return (
      <Notice
        title="拣入私客失败"
        text={text}
        onClose={() => send({ type: 'close' })}
        onRetry={() => send({ type: 'retry' })}
      />
    );
  return (
    <ConfirmDialog
      open={state.matches('confirming')}
      title="拣入私客"
      message={customerPickBackMessages.confirm}
      isDanger={false}
      onConfirm={() => send({ type: 'confirm' })}
      onCancel={() => send({ type: 'cancel' })}
    />
  );
}
