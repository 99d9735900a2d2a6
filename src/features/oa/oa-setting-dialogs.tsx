/** The approval settings' group-name dialog (新建分组 / 重命名). */
import { useState } from 'react';
import { Button, Dialog, Flex } from '@radix-ui/themes';
import { TextField } from '../../ui/text-field';

export function GroupNameDialog({
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
