/** A question before an irreversible step (删除, 撤回 …): 取消 or the confirming button. */
import { AlertDialog, Flex } from '@radix-ui/themes';
import { Button } from './button';
import { buttonThrottleMs } from './input-rules';

export function ConfirmDialog({
  open,
  title,
  message,
  confirmText = '确定',
  isDanger = true,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  message: string;
  confirmText?: string;
  /** A red confirming button for what cannot be undone (the default). */
  isDanger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <AlertDialog.Root open={open}>
      <AlertDialog.Content maxWidth="400px">
        <AlertDialog.Title>{title}</AlertDialog.Title>
        <AlertDialog.Description>{message}</AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray" onClick={onCancel}>
              取消
            </Button>
          </AlertDialog.Cancel>
          <AlertDialog.Action>
            <Button color={isDanger ? 'red' : undefined} throttleMs={buttonThrottleMs} onClick={onConfirm}>
              {confirmText}
            </Button>
          </AlertDialog.Action>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
