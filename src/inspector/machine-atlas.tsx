/**
 * The machine atlas (development): every machine of machines/ drawn from its definition, whether or
 * not an actor of it runs. The machines are loaded when the atlas is first opened (atlas-machines.ts).
 */
import { useEffect, useState } from 'react';
import type { AnyStateMachine } from 'xstate';
import { Box, Button, Flex, Heading, Text, TextField } from '@radix-ui/themes';
import { GraphView } from './graph/graph-view';
import { useMachineLayout } from './use-machine-layout';
import type { AtlasEntry } from './atlas-machines';
import { inspectedActors } from './inspection-store';

function AtlasMachine({ machine }: { machine: AnyStateMachine }) {
  const { result, error } = useMachineLayout(machine);
  return (
    <Box mt="2">
      <Heading as="h3" size="1">
        {machine.id}
      </Heading>
      {error && (
        <Text size="1" color="red">
          状态图无法绘制：{error}
        </Text>
      )}
      {!result && !error && (
        <Text size="1" color="gray">
          正在绘制状态图…
        </Text>
      )}
      {result && (
        <>
          <Text size="1" color="gray">
            {result.graph.states.length - 1} 个状态，{result.graph.transitions.length} 个转换
          </Text>
          <GraphView graph={result.layout} />
        </>
      )}
    </Box>
  );
}

export function MachineAtlas() {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const [entries, setEntries] = useState<AtlasEntry[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    import('./atlas-machines').then(
      (module) => isCurrent && setEntries(module.atlasEntries),
      () => isCurrent && setLoadError('状态机加载失败'),
    );
    return () => {
      isCurrent = false;
    };
  }, []);
  const term = search.trim().toLowerCase().replaceAll(/[-\s]/g, '');
  // Machines the atlas does not import (the session's, in the first bundle), from their running actors.
  const known = new Set((entries ?? []).flatMap((entry) => entry.machines.map((machine) => machine.id)));
  const running = new Map<string, AnyStateMachine>();
  for (const actor of inspectedActors())
    if (actor.machine && !known.has(actor.machine.id)) running.set(actor.machine.id, actor.machine);
  const all = entries
    ? [
        ...entries,
        ...[...running.values()].map((machine) => ({
          name: machine.id.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase(),
          machines: [machine],
        })),
      ].sort((a, b) => a.name.localeCompare(b.name))
    : [];
  const shown = all.filter(
    (entry) =>
      !term ||
      entry.name.replaceAll('-', '').includes(term) ||
      entry.machines.some((machine) => machine.id.toLowerCase().includes(term)),
  );
  const chosenEntry = shown.find((entry) => entry.name === chosen) ?? null;
  return (
    <Box mt="2" data-testid="machine-atlas">
      <TextField.Root
        size="1"
        placeholder="搜索状态机"
        aria-label="搜索状态机"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {loadError && (
        <Text size="1" color="red">
          {loadError}
        </Text>
      )}
      {!entries && !loadError && (
        <Text size="1" color="gray">
          正在加载状态机…
        </Text>
      )}
      {entries && (
        <Flex gap="1" wrap="wrap" mt="2" role="list" aria-label="状态机列表">
          {shown.map((entry) => (
            <div role="listitem" key={entry.name}>
              <Button
                size="1"
                variant={entry.name === chosen ? 'solid' : 'soft'}
                aria-pressed={entry.name === chosen}
                onClick={() => setChosen(entry.name)}
              >
                {entry.name}
              </Button>
            </div>
          ))}
          {shown.length === 0 && (
            <Text size="1" color="gray">
              没有找到相关状态机
            </Text>
          )}
        </Flex>
      )}
      {chosenEntry?.machines.map((machine) => (
        <AtlasMachine key={machine.id} machine={machine} />
      ))}
    </Box>
  );
}
