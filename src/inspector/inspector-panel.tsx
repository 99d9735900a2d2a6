/**
 * The in-app inspector (状态机检查器; dev mode or localStorage.inspector = '1', offline): the selected
 * running actor drawn as its machine's graph (active states, enabled transitions, the last one
 * taken), its events as a timeline to look back on (read-only), transitions fired from the graph,
 * the events copied as a model-test path; and the atlas of every machine in machines/.
 */
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  Badge,
  Box,
  Button,
  Callout,
  Card,
  Flex,
  Heading,
  Select,
  Tabs,
  Text,
  TextArea,
  TextField,
} from '@radix-ui/themes';
import { copyText } from '../ui/copy-text';
import {
  inspectedActors,
  inspectionVersion,
  subscribeInspection,
  type InspectedActor,
} from './inspection-store';
import { installInspectorConsole, sendToInspected } from './inspector-console';
import {
  availableTransitions,
  lastEventOf,
  testPathSource,
  type TransitionAvailability,
} from './inspector-model';
import { activeStateIds, type GraphTransition } from './graph/machine-graph';
import { GraphView } from './graph/graph-view';
import { useMachineLayout, warmLayoutWorker } from './use-machine-layout';
import { MachineAtlas } from './machine-atlas';
import './inspector.css';

function describeValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function contextText(context: unknown): string {
  const seen = new WeakSet<object>();
  try {
    const text = JSON.stringify(
      context,
      (_key, value: unknown) => {
        if (value instanceof Error) return `Error: ${value.message}`;
        if (typeof value === 'function') return undefined;
        if (value && typeof value === 'object') {
          if (seen.has(value)) return '[循环引用]';
          seen.add(value);
          if ('sessionId' in value && 'send' in value) return '[actor]';
        }
        return value;
      },
      2,
    );
    return text === undefined ? '(无)' : text.length > 20000 ? `${text.slice(0, 20000)}\n…` : text;
  } catch {
    return '(无法显示)';
  }
}

function time(at: number): string {
  return new Date(at).toLocaleTimeString('zh-CN', { hour12: false });
}

const availabilityText: Record<TransitionAvailability, string> = {
  enabled: '可触发',
  blocked: '条件不满足',
  unknown: '需要参数',
};

function targetsText(transition: GraphTransition): string {
  return transition.targets.length > 0
    ? transition.targets.map((id) => id.split('.').at(-1)).join('、')
    : '（留在原状态）';
}

function ActorView({ actor }: { actor: InspectedActor }) {
  /** Index in actor.steps of the event being looked back on; -1: the start; null: now. */
  const [viewed, setViewed] = useState<number | null>(null);
  const [firing, setFiring] = useState<{ transition: GraphTransition; text: string; error: string } | null>(
    null,
  );
  const [eventText, setEventText] = useState('');
  const [copied, setCopied] = useState<string | null>(null);
  const machine = actor.machine;
  const { result, error } = useMachineLayout(machine);
  const live = actor.ref.getSnapshot() as unknown as AnyMachineSnapshot;
  const steps = actor.steps;
  const viewedStep = viewed === null ? null : viewed === -1 ? actor.start : (steps[viewed] ?? null);
  const shown = viewedStep?.snapshot ?? { value: live.value, context: live.context };
  const lastStep = viewedStep ?? steps.at(-1) ?? null;
  const activeIds = useMemo(
    () => (machine ? activeStateIds(machine, shown.value) : new Set<string>()),
    [machine, shown.value],
  );
  const available = useMemo(
    () =>
      machine && result && viewed === null
        ? availableTransitions(machine, live, result.graph, (type) => lastEventOf(actor, type))
        : [],
    // `live` changes with every snapshot; the store's version re-renders the panel.
    [machine, result, viewed, live, actor],
  );
  const marks = useMemo(
    () => new Map(available.map(({ transition, availability }) => [transition.key, availability])),
    [available],
  );
  const lastTaken = useMemo(() => new Set(lastStep?.taken ?? []), [lastStep]);

  const fire = (transition: GraphTransition) => {
    const last = lastEventOf(actor, transition.eventType);
    if (Object.keys(last).length > 1) {
      setFiring({ transition, text: JSON.stringify(last, null, 2), error: '' });
    } else {
      sendToInspected(actor.key, { type: transition.eventType });
    }
  };
  const sendFiring = () => {
    if (!firing) return;
    try {
      const parsed = JSON.parse(firing.text) as unknown;
      if (
        !parsed ||
        typeof parsed !== 'object' ||
        (parsed as EventObject).type !== firing.transition.eventType
      ) {
        setFiring({ ...firing, error: `事件参数必须是对象，且 type 为 ${firing.transition.eventType}` });
        return;
      }
      sendToInspected(actor.key, parsed as EventObject);
      setFiring(null);
    } catch {
      setFiring({ ...firing, error: '事件参数不是有效的 JSON' });
    }
  };
  const step = (delta: number) => {
    const current = viewed ?? steps.length - 1;
    const next = Math.max(-1, current + delta);
    setViewed(next >= steps.length - 1 ? null : next);
  };

  return (
    <Box mt="2">
      <Flex gap="2" align="center" wrap="wrap">
        <Text size="1" color="gray">
          {viewed === null
            ? '当前状态：'
            : viewed === -1
              ? '开始时的状态：'
              : `第 ${viewed + 1 + actor.dropped} 个事件之后的状态：`}
        </Text>
        <Badge data-testid="inspector-state-value">{describeValue(shown.value)}</Badge>
        {viewed !== null && (
          <Button size="1" onClick={() => setViewed(null)}>
            返回当前
          </Button>
        )}
      </Flex>
      {viewed !== null && (
        <Callout.Root size="1" color="amber" mt="2">
          <Callout.Text>
            正在查看过去的状态（只读）：{viewedStep ? `${time(viewedStep.at)} ${viewedStep.event.type}` : ''}
          </Callout.Text>
        </Callout.Root>
      )}
      {error && (
        <Text size="1" color="red">
          状态图无法绘制：{error}
        </Text>
      )}
      {machine && !result && !error && (
        <Text size="1" color="gray">
          正在绘制状态图…
        </Text>
      )}
      {result && (
        <GraphView
          graph={result.layout}
          activeIds={activeIds}
          marks={viewed === null ? marks : undefined}
          lastTaken={lastTaken}
          onFire={viewed === null ? fire : undefined}
        />
      )}
      {viewed === null && available.length > 0 && (
        <Box mt="2">
          <Heading as="h3" size="1">
            当前可用的转换
          </Heading>
          <Flex gap="1" wrap="wrap" mt="1" data-testid="inspector-transitions">
            {available.map(({ transition, availability }) => (
              <Button
                key={transition.key}
                size="1"
                variant={availability === 'enabled' ? 'solid' : 'outline'}
                color={availability === 'enabled' ? undefined : 'gray'}
                disabled={availability === 'blocked'}
                data-transition={transition.key}
                title={`${transition.source} → ${targetsText(transition)}：${availabilityText[availability]}`}
                onClick={() => fire(transition)}
              >
                {transition.label} → {targetsText(transition)}
              </Button>
            ))}
          </Flex>
        </Box>
      )}
      {firing && (
        <Box mt="2">
          <TextArea
            size="1"
            rows={5}
            aria-label={`事件 ${firing.transition.eventType} 的参数（JSON）`}
            value={firing.text}
            onChange={(e) => setFiring({ ...firing, text: e.target.value, error: '' })}
          />
          {firing.error && (
            <Text size="1" color="red" role="alert">
              {firing.error}
            </Text>
          )}
          <Flex gap="1" mt="1">
            <Button size="1" onClick={sendFiring}>
              触发 {firing.transition.eventType}
            </Button>
            <Button size="1" variant="soft" color="gray" onClick={() => setFiring(null)}>
              取消
            </Button>
          </Flex>
        </Box>
      )}
      <details className="inspector-context">
        <summary>{viewed === null ? '上下文（context）' : '当时的上下文（context）'}</summary>
        <pre tabIndex={0}>{contextText(shown.context)}</pre>
      </details>
      <Flex justify="between" align="center" mt="2">
        <Heading as="h3" size="1">
          事件时间线
        </Heading>
        <Flex gap="1">
          <Button
            size="1"
            variant="soft"
            disabled={viewed === -1 || steps.length === 0}
            onClick={() => step(-1)}
          >
            后退一步
          </Button>
          <Button size="1" variant="soft" disabled={viewed === null} onClick={() => step(1)}>
            前进一步
          </Button>
        </Flex>
      </Flex>
      {actor.dropped > 0 && (
        <Text size="1" color="gray">
          更早的 {actor.dropped} 个事件已不在记录中
        </Text>
      )}
      <ol className="inspector-timeline" aria-label="事件时间线">
        {steps.map((entry, index) => {
          const isViewed = viewed === index || (viewed === null && index === steps.length - 1);
          return (
            <li key={`${entry.at}-${index}`}>
              <button
                type="button"
                className={isViewed ? 'is-viewed' : undefined}
                aria-current={isViewed ? 'step' : undefined}
                onClick={() => setViewed(index === steps.length - 1 ? null : index)}
              >
                <span className="inspector-time">{time(entry.at)}</span> {entry.event.type} →{' '}
                {describeValue(entry.snapshot.value)}
              </button>
            </li>
          );
        })}
      </ol>
      <Flex gap="1" mt="2" align="center">
        <Button
          size="1"
          variant="soft"
          onClick={() => {
            const text = testPathSource(actor);
            setCopied(text);
            void copyText(text);
          }}
        >
          复制为测试路径
        </Button>
      </Flex>
      {copied && (
        <Box mt="1">
          <Text size="1" color="green" role="status">
            已复制测试路径（{steps.length} 个事件），粘贴到 tests/machines/ 的模型测试中即可回放
          </Text>
          <pre className="inspector-copied" data-testid="inspector-copied-path" tabIndex={0}>
            {copied}
          </pre>
        </Box>
      )}
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
              sendToInspected(actor.key, JSON.parse(eventText) as EventObject);
            } finally {
              setEventText('');
            }
          }}
        >
          发送
        </Button>
      </Flex>
    </Box>
  );
}

export default function InspectorPanel() {
  useSyncExternalStore(subscribeInspection, inspectionVersion);
  const [isOpen, setIsOpen] = useState(false);
  const [selected, setSelected] = useState<string>('');
  const actors = inspectedActors();
  const actor = actors.find((a) => a.key === selected) ?? actors[0];
  useEffect(installInspectorConsole, []);
  useEffect(() => {
    if (isOpen) warmLayoutWorker();
  }, [isOpen]);
  if (!isOpen) {
    return (
      <Button className="inspector-toggle" size="1" variant="soft" onClick={() => setIsOpen(true)}>
        状态机检查器
      </Button>
    );
  }
  return (
    <Card className="inspector-panel" data-testid="inspector" role="complementary" aria-label="状态机检查器">
      <Flex justify="between" align="center" mb="2">
        <Heading as="h2" size="2">
          状态机检查器
        </Heading>
        <Button size="1" variant="ghost" onClick={() => setIsOpen(false)}>
          收起
        </Button>
      </Flex>
      <Tabs.Root defaultValue="running">
        <Tabs.List size="1">
          <Tabs.Trigger value="running">运行中</Tabs.Trigger>
          <Tabs.Trigger value="atlas">状态机图册</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="running">
          <Box mt="2">
            <Select.Root value={actor?.key ?? ''} onValueChange={setSelected}>
              <Select.Trigger placeholder="选择状态机" aria-label="选择状态机" style={{ width: '100%' }} />
              <Select.Content>
                {actors.map((a) => (
                  <Select.Item key={a.key} value={a.key}>
                    {a.id}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
            {actor ? (
              <ActorView key={actor.key} actor={actor} />
            ) : (
              <Text size="1" color="gray">
                没有运行中的状态机
              </Text>
            )}
          </Box>
        </Tabs.Content>
        <Tabs.Content value="atlas">
          <MachineAtlas />
        </Tabs.Content>
      </Tabs.Root>
    </Card>
  );
}
