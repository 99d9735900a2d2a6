/**
 * The messages of one type and reading state, 100 per page; opening one marks it read and opens what
 * it is about.
 */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Badge, Box, Button, Card, Flex, Text } from '@radix-ui/themes';
import { resourceMachine } from '../../../machines/resource.machine';
import { inspect } from '../../inspector/inspection-store';
import { useWorkspace } from '../../core/workspace';
import { Pager } from '../../ui/pager';
import { loadMessages, markRead, messagePageSize, type MessageRemind } from './messages-actors';

export type MessageType = MessageRemind['messageType'];
export type Readed = 0 | 1 | 2;

export function MessageList({
  messageType,
  readed,
  page,
  onPage,
  onOpened,
}: {
  messageType: MessageType;
  readed: Readed;
  page: number;
  onPage: (page: number) => void;
  onOpened: (message: MessageRemind) => void;
}) {
  const { openPage } = useWorkspace();
  const [machine] = useState(() =>
    resourceMachine.provide({
      actors: { load: fromPromise<unknown>(() => loadMessages({ messageType, readed, pageindex: page })) },
    }),
  );
  const [state, send] = useMachine(machine, { inspect });
  const data = state.context.data as { list: MessageRemind[]; total: number } | null;
  const [readIds, setReadIds] = useState<number[]>([]);

  const open = (message: MessageRemind) => {
    if (message.readed === 2 && !readIds.includes(message.remindId))
      markRead(message.remindId).then(
        () => setReadIds((ids) => [...ids, message.remindId]),
        () => {},
      );
    onOpened(message);
    if (!message.gonggaoId && message.link) {
      const { link } = message;
      openPage({
        appType: link.appType,
        appId: link.appId ?? 0,
        name: message.title,
        path: link.path,
        params: Object.fromEntries(
          Object.entries(link.params ?? {}).map(([key, value]) => [key, String(value)]),
        ),
      });
    }
  };

  if (state.matches('failed'))
    return (
      <Flex gap="2" align="center" p="4">
        <Text color="red">{state.context.error}</Text>
        <Button size="1" variant="soft" onClick={() => send({ type: 'retry' })}>
          重试
        </Button>
      </Flex>
    );
  if (!data)
    return (
      <Text color="gray" as="p" my="6" align="center">
        加载中...
      </Text>
    );
  return (
    <Flex direction="column" gap="2" data-testid="message-list">
      {data.list.length === 0 && (
        <Text color="gray" as="p" my="6" align="center">
          暂无消息
        </Text>
      )}
      {data.list.map((message) => {
        const unread = message.readed === 2 && !readIds.includes(message.remindId);
        return (
          <Card key={message.remindId} asChild data-testid="message-row">
            <button
              type="button"
              onClick={() => open(message)}
              style={{ textAlign: 'left', cursor: 'pointer', width: '100%' }}
            >
              <Flex justify="between" gap="3" align="start">
                <Box style={{ minWidth: 0 }}>
                  <Flex gap="2" align="center">
                    {unread && <Badge color="red">未读</Badge>}
                    <Text weight={unread ? 'bold' : 'regular'}>{message.title}</Text>
                  </Flex>
                  <Text as="p" size="2" color="gray" mt="1" truncate>
                    {message.content}
                  </Text>
                </Box>
                <Flex direction="column" align="end" flexShrink="0">
                  <Text size="1" color="gray">
                    {message.createTime}
                  </Text>
                  {message.senderName && (
                    <Text size="1" color="gray">
                      {message.senderName}
                    </Text>
                  )}
                </Flex>
              </Flex>
            </button>
          </Card>
        );
      })}
      <Pager page={page} pageSize={messagePageSize} total={data.total} onPage={onPage} />
    </Flex>
  );
}
