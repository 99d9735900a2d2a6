/**
 * The in-app inspector (dev mode, offline): each running actor, its state drawn on the machine's
 * state tree (active states highlighted), its event log, and a box to send it an event.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { StateNode } from 'xstate';
import {
  Badge,
  Box,
  Button,
  Card,
  Flex,
  Heading,
  ScrollArea,
  Select,
  Text,
  TextField,
} from '@radix-ui/themes';
import {
  inspectedActors,
  inspectionVersion,
  installInspectorConsole,
  sendToInspected,
  subscribeInspection,
} from './inspection-store';

function isActive(value: unknown, path: string[]): boolean {
  let node: unknown = value;
  for (const key of path) {
    if (typeof node === 'string') return node === key && path.at(-1) === key;
    if (!node || typeof node !== 'object' || !(key in node)) return false;
    node = (node as Record<string, unknown>)[key];
  }
  return true;
}

function StateBox({ node, value, path }: { node: StateNode; value: unknown; path: string[] }) {
  const children: StateNode[] = Object.values(node.states);
  const active = path.length === 0 || isActive(value, path);
  return (
    <div className={`inspector-state${active ? ' active' : ''}`} data-state={node.id}>
      <div className="inspector-state-name">{path.length === 0 ? node.id : node.key}</div>
      {children.length > 0 && (
        <div className="inspector-children">
          {children.map((child) => (
            <StateBox key={child.id} node={child} value={value} path={[...path, child.key]} />
          ))}
        </div>
      )}
    </div>
  );
}

export default function InspectorPanel() {
  useSyncExternalStore(subscribeInspection, inspectionVersion);
  const [isOpen, setIsOpen] = useState(false);
  const [selected, setSelected] = useState<string>('');
  const [eventText, setEventText] = useState('');
  const actors = inspectedActors();
  const actor = actors.find((a) => a.key === selected) ?? actors[0];
  useEffect(installInspectorConsole, []);
  if (!isOpen) {
    return (
      <Button className="inspector-toggle" size="1" variant="soft" onClick={() => setIsOpen(true)}>
        状态机检查器
      </Button>
    );
  }
  return (
    <Card className="inspector-panel" data-testid="inspector">
      <Flex justify="between" align="center" mb="2">
        <Heading size="2">状态机检查器</Heading>
        <Button size="1" variant="ghost" onClick={() => setIsOpen(false)}>
          收起
        </Button>
      </Flex>
      <Select.Root value={actor?.key ?? ''} onValueChange={setSelected}>
        <Select.Trigger placeholder="选择状态机" style={{ width: '100%' }} />
        <Select.Content>
          {actors.map((a) => (
            <Select.Item key={a.key} value={a.key}>
              {a.id}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
      {actor && (
        <ScrollArea style={{ maxHeight: 420 }}>
          <Box mt="2">
            <Text size="1" color="gray">
              当前状态：<Badge>{JSON.stringify(actor.value)}</Badge>
            </Text>
            {actor.machine && (
              <StateBox node={actor.machine.root as StateNode} value={actor.value} path={[]} />
            )}
            <Heading size="1" mt="2">
              事件记录
            </Heading>
            <ol className="inspector-events">
              {actor.events
                .slice()
                .reverse()
                .map((event, index) => (
                  <li key={`${event.at}-${index}`}>
                    <Text size="1">
                      {new Date(event.at).toLocaleTimeString('zh-CN')} {event.type}
                    </Text>
                  </li>
                ))}
            </ol>
            <Flex gap="1" mt="2">
              <TextField.Root
                size="1"
                style={{ flex: 1 }}
                placeholder='{"type":"..."}'
                value={eventText}
                onChange={(e) => setEventText(e.target.value)}
                aria-label="发送事件"
              />
              <Button
                size="1"
                onClick={() => {
                  try {
                    sendToInspected(actor.key, JSON.parse(eventText) as { type: string });
                    setEventText('');
                  } catch {
                    setEventText('');
                  }
                }}
              >
                发送
              </Button>
            </Flex>
          </Box>
        </ScrollArea>
      )}
    </Card>
  );
}
