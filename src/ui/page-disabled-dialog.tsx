/**
 * The modal 当前页面状态不可操作 (000 section 2) with its 关闭 button: over a tab the main layout
 * shows it and 关闭 closes the tab; a record shown in a dialog shows it and 关闭 closes the dialog.
 */
import { AlertDialog, Button, Flex } from '@radix-ui/themes';
import { disabledPageMessage } from '../../machines/tabs.machine';

export function PageDisabledDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <AlertDialog.Root open={open}>
      <AlertDialog.Content maxWidth="380px">
        <AlertDialog.Title>提示</AlertDialog.Title>
        <AlertDialog.Description>{disabledPageMessage}</AlertDialog.Description>
        <Flex justify="end" mt="4">
          <AlertDialog.Action>
            <Button onClick={onClose}>关闭</Button>
          </AlertDialog.Action>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
