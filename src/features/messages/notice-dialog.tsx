/** A notice (公告) in a dialog: its text and reading counts; a manager edits or deletes it from here. */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { AlertDialog, Box, Button, Dialog, Flex, ScrollArea, Separator, Text } from '@radix-ui/themes';
import { resourceMachine } from '../../../machines/resource.machine';
import { inspect } from '../../inspector/inspection-store';
import { emitFeedback } from '../../api/feedback';
import { errorText, deleteNotice, loadNotice, noticeParagraphs, type MessageNotice } from './messages-actors';

export function NoticeDialog({
  gonggaoId,
  onClose,
  onEdit,
  onDeleted,
}: {
  gonggaoId: number;
  onClose: () => void;
  onEdit: (notice: MessageNotice) => void;
  onDeleted: () => void;
}) {
  const [machine] = useState(() =>
    resourceMachine.provide({ actors: { load: fromPromise<unknown>(() => loadNotice(gonggaoId)) } }),
  );
  const [state, send] = useMachine(machine, { inspect });
  const notice = state.context.data as MessageNotice | null;
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="640px" data-testid="notice-dialog">
        <Dialog.Title>{notice?.title ?? '公告'}</Dialog.Title>
        <Dialog.Description size="2" color="gray">
          {notice
            ? `${notice.publisherName} 发布于 ${notice.publishTime}${notice.updateTime ? `，修改于 ${notice.updateTime}` : ''} · 已读 ${notice.readCount}/${notice.receiverCount}`
            : '加载中...'}
        </Dialog.Description>
        {state.matches('failed') && (
          <Flex gap="2" align="center" mt="3">
            <Text color="red">{state.context.error}</Text>
            <Button size="1" variant="soft" onClick={() => send({ type: 'retry' })}>
              重试
            </Button>
          </Flex>
        )}
        {notice && (
          <>
            <Separator size="4" my="3" />
            <ScrollArea style={{ maxHeight: 420 }}>
              <Box data-testid="notice-content">
                {noticeParagraphs(notice.content).map((paragraph, index) => (
                  <Text as="p" key={index} mb="2">
                    {paragraph}
                  </Text>
                ))}
              </Box>
              {notice.attachments.length > 0 && (
                <Flex direction="column" gap="1" mt="3">
                  <Text size="2" weight="bold">
                    附件
                  </Text>
                  {notice.attachments.map((attachment) => (
                    <a key={attachment.url} href={attachment.url} target="_blank" rel="noreferrer">
                      {attachment.name}
                    </a>
                  ))}
                </Flex>
              )}
            </ScrollArea>
          </>
        )}
        <Flex gap="3" mt="4" justify="end">
          {notice?.canEdit === 1 && (
            <>
              <Button variant="soft" color="red" disabled={deleting} onClick={() => setConfirming(true)}>
                删除
              </Button>
              <Button variant="soft" onClick={() => onEdit(notice)}>
                修改
              </Button>
            </>
          )}
          <Dialog.Close>
            <Button variant="soft" color="gray">
              关闭
            </Button>
          </Dialog.Close>
        </Flex>
        <AlertDialog.Root open={confirming}>
          <AlertDialog.Content maxWidth="400px">
            <AlertDialog.Title>删除公告</AlertDialog.Title>
            <AlertDialog.Description>您确认要删除此公告吗？删除后接收人将看不到它。</AlertDialog.Description>
            <Flex gap="3" mt="4" justify="end">
              <AlertDialog.Cancel>
                <Button variant="soft" color="gray" onClick={() => setConfirming(false)}>
                  取消
                </Button>
              </AlertDialog.Cancel>
              <AlertDialog.Action>
                <Button
                  color="red"
                  onClick={() => {
                    setConfirming(false);
                    setDeleting(true);
                    deleteNotice(gonggaoId).then(
                      (text) => {
                        emitFeedback({ kind: 'toast', text, tone: 'success' });
                        onDeleted();
                      },
                      (error: unknown) => {
                        setDeleting(false);
                        emitFeedback({ kind: 'toast', text: errorText(error), tone: 'error' });
                      },
                    );
                  }}
                >
                  确定
                </Button>
              </AlertDialog.Action>
            </Flex>
          </AlertDialog.Content>
        </AlertDialog.Root>
      </Dialog.Content>
    </Dialog.Root>
  );
}
