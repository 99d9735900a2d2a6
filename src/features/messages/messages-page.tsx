/**
 * /views/system/message/index: the message centre. The menu (/base/messageMenu) lists the message
 * types with their unread counts; the list shows one type by reading state (全部 / 未读 / 已读),
 * 100 per page. Opening a message marks it read and opens what it is about: a notice (公告) in a
 * dialog, or its page as a tab (an approval, a contract). Managers publish, edit and delete notices.
 */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Badge, Box, Button, Card, Flex, Heading, SegmentedControl, Text } from '@radix-ui/themes';
import { resourceMachine } from '../../../machines/resource.machine';
import { inspect } from '../../inspector/inspection-store';
import { emitFeedback } from '../../api/feedback';
import { useSessionSnapshot } from '../../core/use-session';
import { refreshUnread, unreadBadge } from '../../core/unread-messages';
import type { PageProps } from '../../core/workspace';
import { useKeptChoice } from '../../core/kept-choices';
import {
  errorText,
  loadMessageMenu,
  markAllRead,
  readFilters,
  type MessageMenuItem,
  type MessageNotice,
} from './messages-actors';
import { MessageList, type MessageType, type Readed } from './message-list';
import { NoticeDialog } from './notice-dialog';
import { NoticeEditor } from './notice-editor';

const messageTypes: readonly unknown[] = [1, 2, 3];
function isMessageType(value: unknown): value is MessageType {
  return messageTypes.includes(value);
}

export default function MessagesPage(_props: PageProps) {
  const [menuMachine] = useState(() =>
    resourceMachine.provide({ actors: { load: fromPromise<unknown>(loadMessageMenu) } }),
  );
  const [menuState, sendMenu] = useMachine(menuMachine, { inspect });
  const menu = (menuState.context.data as MessageMenuItem[] | null) ?? [];
  // The category (categoryTag) is kept per user in the browser: the centre opens on the last one chosen.
  const [messageType, setMessageType] = useKeptChoice<MessageType>('categoryTag', 1, isMessageType);
  const [readed, setReaded] = useState<Readed>(0);
  const [page, setPage] = useState(1);
  const [listVersion, setListVersion] = useState(0);
  const [noticeId, setNoticeId] = useState<number | null>(null);
  const [editing, setEditing] = useState<MessageNotice | 'new' | null>(null);
  const isManager = useSessionSnapshot().context.user?.isManager === 1;

  const reloadMenu = () => {
    sendMenu({ type: 'reload' });
    void refreshUnread();
  };
  const refresh = () => {
    reloadMenu();
    setListVersion((v) => v + 1);
  };
  const current = menu.find((item) => item.messageType === messageType);

  return (
    <Flex p="5" gap="4" data-testid="messages-page" align="start">
      <Card style={{ width: 220, flexShrink: 0 }}>
        <Heading size="3" mb="3">
          消息
        </Heading>
        {menuState.matches('failed') && (
          <Flex direction="column" gap="2">
            <Text color="red" size="2">
              {menuState.context.error}
            </Text>
            <Button size="1" variant="soft" onClick={() => sendMenu({ type: 'retry' })}>
              重试
            </Button>
          </Flex>
        )}
        <Flex direction="column" gap="1" role="tablist" aria-label="消息类型">
          {menu.map((item) => (
            <Button
              key={item.id}
              role="tab"
              aria-selected={item.messageType === messageType}
              variant={item.messageType === messageType ? 'soft' : 'ghost'}
              style={{ justifyContent: 'space-between', margin: 0 }}
              onClick={() => {
                setMessageType(item.messageType);
                setPage(1);
              }}
            >
              <span>{item.name}</span>
              {item.unreadCount > 0 && (
                <Badge color="red" radius="full" data-testid={`unread-${item.messageType}`}>
                  {unreadBadge(item.unreadCount)}
                </Badge>
              )}
            </Button>
          ))}
        </Flex>
      </Card>

      <Box style={{ flex: 1, minWidth: 0 }}>
        <Flex justify="between" align="center" mb="3" gap="3" wrap="wrap">
          <Heading size="4">{current?.name ?? '消息'}</Heading>
          <Flex gap="2" align="center">
            <SegmentedControl.Root
              value={String(readed)}
              onValueChange={(value) => {
                setReaded(Number(value) as Readed);
                setPage(1);
              }}
              aria-label="阅读状态"
            >
              {readFilters.map((filter) => (
                <SegmentedControl.Item key={filter.value} value={String(filter.value)}>
                  {filter.label}
                </SegmentedControl.Item>
              ))}
            </SegmentedControl.Root>
            <Button
              variant="soft"
              disabled={!current || current.unreadCount === 0}
              onClick={() => {
                markAllRead(messageType).then(
                  (text) => {
                    emitFeedback({ kind: 'toast', text, tone: 'success' });
                    refresh();
                  },
                  (error: unknown) => emitFeedback({ kind: 'toast', text: errorText(error), tone: 'error' }),
                );
              }}
            >
              全部标为已读
            </Button>
            <Button variant="soft" color="gray" onClick={refresh}>
              刷新
            </Button>
            {isManager && messageType === 1 && <Button onClick={() => setEditing('new')}>发布公告</Button>}
          </Flex>
        </Flex>
        <MessageList
          key={`${messageType}-${readed}-${page}-${listVersion}`}
          messageType={messageType}
          readed={readed}
          page={page}
          onPage={setPage}
          onOpened={(message) => {
            if (message.gonggaoId) setNoticeId(message.gonggaoId);
            if (message.readed === 2) reloadMenu();
          }}
        />
      </Box>

      {noticeId !== null && (
        <NoticeDialog
          key={noticeId}
          gonggaoId={noticeId}
          onClose={() => setNoticeId(null)}
          onEdit={(notice) => {
            setNoticeId(null);
            setEditing(notice);
          }}
          onDeleted={() => {
            setNoticeId(null);
            refresh();
          }}
        />
      )}
      {editing !== null && (
        <NoticeEditor
          notice={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
    </Flex>
  );
}
