/** The sandbox SMS provider's outbox: what it "sent", newest first (development and tests only). */
import { useMachine } from '@xstate/react';
import { Box, Button, Callout, Card, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { resourceMachine } from '../../../machines/resource.machine';
import { inspect } from '../../inspector/inspection-store';
import { loadOutbox } from './sms-actors';

const outboxMachine = resourceMachine.provide({ actors: { load: loadOutbox } });
type Message = { id: number; phone: string; content: string; createdAt: string };

export default function SmsOutboxPage() {
  const [state, send] = useMachine(outboxMachine, { inspect });
  const messages = (state.context.data as Message[] | null) ?? [];
  return (
    <Box p="5" className="outbox-page">
      <Card size="3">
        <Flex justify="between" align="center" mb="3">
          <Heading size="5">短信发件箱（沙箱）</Heading>
          <Button variant="soft" onClick={() => send({ type: state.matches('failed') ? 'retry' : 'reload' })}>
            刷新
          </Button>
        </Flex>
        <Callout.Root mb="3">
          <Callout.Text>开发与测试环境不发送真实短信，验证码会出现在这里和服务端日志中。</Callout.Text>
        </Callout.Root>
        {state.matches('failed') && <Text color="red">{state.context.error}</Text>}
        <Table.Root>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>时间</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>手机号</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>内容</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {messages.map((message) => (
              <Table.Row key={message.id} data-testid="sms-row">
                <Table.Cell>{message.createdAt}</Table.Cell>
                <Table.Cell>{message.phone}</Table.Cell>
                <Table.Cell>{message.content}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
        {state.matches('loaded') && messages.length === 0 && (
          <Text as="p" color="gray" mt="3">
            暂无短信
          </Text>
        )}
      </Card>
    </Box>
  );
}
