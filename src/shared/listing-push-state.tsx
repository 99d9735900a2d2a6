/**
 * A listing's state on the four portals (queryHousePushState, issue 37) on its detail: where it is
 * pushed, whether it is online, and the portal's reason for a refusal, a take-down or a withdrawal.
 * Shared (not in features/promotion) because the listing detail shows it and features do not import
 * each other. Read again whenever the detail reloads (`version`), e.g. after a state change.
 */
import { useEffect, useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import { Badge, Button, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { fromPromise } from 'xstate';
import { api, ok } from '../api/client';
import type { components } from '../../openapi/generated/api';
import { resourceMachine } from '../../machines/resource.machine';
import { inspect } from '../inspector/inspection-store';
import { pushStateNames, PushStates } from '../../domain/promotion';

export type ListingPushState = components['schemas']['HousePushState'];

export async function fetchListingPushStates(houseId: number): Promise<ListingPushState[]> {
  const result = await ok(api.GET('/house/push/queryHousePushState', { params: { query: { houseId } } }));
  return result.data ?? [];
}

const stateColors: Record<number, 'gray' | 'green' | 'red' | 'amber' | 'blue'> = {
  [PushStates.none]: 'gray',
  [PushStates.pending]: 'blue',
  [PushStates.online]: 'green',
  [PushStates.offline]: 'amber',
  [PushStates.failed]: 'red',
  [PushStates.rejected]: 'red',
  [PushStates.removed]: 'gray',
};

export function ListingPushStates({ houseId, version }: { houseId: number; version: unknown }) {
  const [machine] = useState(() =>
    resourceMachine.provide({
      actors: { load: fromPromise<unknown>(() => fetchListingPushStates(houseId)) },
    }),
  );
  const [snapshot, send] = useMachine(machine, { inspect });
  const shown = useRef(version);
  useEffect(() => {
    if (shown.current === version) return;
    shown.current = version;
    send({ type: 'reload' });
  }, [version, send]);
  const rows = ((snapshot.context.data as ListingPushState[] | null) ?? []).filter(
    (row) => row.state !== PushStates.none,
  );
  return (
    <Flex direction="column" gap="2" data-testid="listing-push-states">
      <Heading as="h2" size="3">
        推广渠道
      </Heading>
      {snapshot.matches('failed') ? (
        <Flex gap="3" align="center">
          <Text color="red">{snapshot.context.error}</Text>
          <Button size="1" variant="soft" onClick={() => send({ type: 'retry' })}>
            重试
          </Button>
        </Flex>
      ) : snapshot.matches('loading') && rows.length === 0 ? (
        <Text color="gray">加载中...</Text>
      ) : rows.length === 0 ? (
        <Text color="gray">未推送到任何渠道</Text>
      ) : (
        <Table.Root size="1">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>渠道</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>推送状态</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>原因</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>推送时间</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={row.channel} data-testid="listing-push-state">
                <Table.Cell>{row.channelName}</Table.Cell>
                <Table.Cell>
                  <Badge color={stateColors[row.state] ?? 'gray'}>{pushStateNames[row.state]}</Badge>
                </Table.Cell>
                <Table.Cell>{row.message ?? '—'}</Table.Cell>
                <Table.Cell>{row.pushTime ?? '—'}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Flex>
  );
}
