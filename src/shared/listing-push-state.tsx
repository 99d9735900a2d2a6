/**
 * 推广渠道 on the listing detail (issue 37): the listing on each of the four portals, read through
 * queryHousePushState, and — for holders of 房源推广 (2101) — its life there driven by
 * machines/portal-push.machine.ts, one actor per portal: 推送 where it was never pushed, 推送中 until
 * the portal has answered (read again every 3 s), then 已上架, 审核未通过 with the portal's reason or
 * 推送失败 with 重试; 下架 / 上架 with a reason (the housestatus pushes), 移除 from 幸福里 (houseRemove),
 * and 重新推送 after a rejection or a removal. Shared (not in features/promotion) because the listing
 * detail shows it and features do not import each other. Read again whenever the detail reloads
 * (`version`), e.g. after a state change that withdrew the listing from the portals.
 */
import { useEffect, useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import { Badge, Button, Dialog, Flex, Heading, Table, Text, TextArea } from '@radix-ui/themes';
import { fromPromise } from 'xstate';
import { api, ok } from '../api/client';
import type { components } from '../../openapi/generated/api';
import { resourceMachine } from '../../machines/resource.machine';
import {
  portalPushMachine,
  type PortalChange,
  type PortalPushAnswer,
} from '../../machines/portal-push.machine';
import { inspect } from '../inspector/inspection-store';
import { usePermissions } from '../core/permissions';
import { sessionActor } from '../core/session';
import { Channels, PromotionAuth, pushStateNames, PushStates } from '../../domain/promotion';

export type ListingPushState = components['schemas']['HousePushState'];
type PushChannel = components['schemas']['HousePushChannel'];

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

/** The housestatus push of each portal: 1 上架（更新）, 2 下架 with the reason. */
const statusPaths = {
  1: '/VtApp/housestatus',
  2: '/Wubapush/housestatus',
  3: '/Fangopen/housestatus',
  4: '/Tmall/housestatus',
} as const;

function companyId(): number {
  const id = sessionActor.getSnapshot().context.user?.companyid;
  if (!id) throw new Error('登录状态已失效，请重新登录');
  return id;
}

async function readOne(channel: PushChannel, houseId: number) {
  const result = await ok(api.POST('/push/pushProgress', { body: { channel, houseIds: [houseId] } }));
  return result.data?.[0] ?? null;
}

type Listing = { houseId: number; type: 1 | 2; cityName: string | null };

/**
 * The machine's calls for one listing on one portal. A change (下架, 上架, 移除) is queued work: until
 * the queue has run it the listing keeps the state and reason it had when the change was asked, and
 * that reads as 推送中; a change the portal never took (tried 5 times) leaves the state with the
 * server's 操作未完成 reason, which ends the wait.
 */
function portalActors(listing: Listing, channel: PushChannel) {
  let before: { state: number; message: string | null } | null = null;
  return {
    submitPush: fromPromise<PortalPushAnswer>(async () => {
      before = null;
      const result = await ok(
        api.POST('/push/housePush', { body: { channel, houseIds: [listing.houseId] } }),
      );
      const [answer] = result.data ?? [];
      if (!answer?.queued) throw new Error(answer?.message ?? '推送失败');
      return { state: answer.state, message: null };
    }),
    readPushState: fromPromise<PortalPushAnswer>(async () => {
      const row = await readOne(channel, listing.houseId);
      if (!row) return { state: PushStates.none, message: null };
      const message = row.message ?? null;
      if (before && row.state === before.state && message === before.message)
        return { state: PushStates.pending, message: null };
      return { state: row.state, message };
    }),
    requestChange: fromPromise<PortalPushAnswer, PortalChange>(async ({ input }) => {
      const row = await readOne(channel, listing.houseId);
      before = row ? { state: row.state, message: row.message ?? null } : null;
      if (input.action === 'remove')
        await ok(
          api.GET('/push/xfl/houseRemove', {
            params: {
              query: {
                cityName: listing.cityName ?? '',
                companyId: companyId(),
                houseId: listing.houseId,
                reason: input.reason ?? '',
              },
            },
          }),
        );
      else {
        const answer = await ok(
          // The four housestatus pushes take the same query and body (HouseStatusPush).
          api.POST(statusPaths[channel] as (typeof statusPaths)[1], {
            params: { query: { companyid: companyId() } },
            body: {
              houseId: listing.houseId,
              type: listing.type,
              status: input.action === 'online' ? 1 : 2,
              ...(input.reason ? { reason: input.reason } : {}),
            },
          }),
        );
        // 上架 sends the listing again: it is 推送中 at once, and followed like a push.
        if (input.action === 'online' && answer.data?.state === PushStates.pending) before = null;
      }
      return { state: PushStates.pending, message: null };
    }),
  };
}

type Asked = { action: 'offline' | 'remove'; title: string };

/** 下架 / 移除: the reason the portal is told, asked before anything is sent. */
function ReasonDialog({
  asked,
  channelName,
  onConfirm,
  onCancel,
}: {
  asked: Asked;
  channelName: string;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const label = asked.action === 'offline' ? '下架原因' : '移除原因';
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onCancel()}>
      <Dialog.Content maxWidth="460px">
        <Dialog.Title>{asked.title}</Dialog.Title>
        <Dialog.Description size="2" mb="3">
          {asked.action === 'offline'
            ? `房源将从${channelName}下架，可再上架。`
            : `房源将从${channelName}移除，需重新推送才会再上架。`}
        </Dialog.Description>
        <TextArea
          aria-label={label}
          placeholder={`请填写${label}`}
          maxLength={100}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            setProblem(null);
          }}
        />
        {problem && (
          <Text as="p" color="red" size="2" mt="2" role="alert">
            {problem}
          </Text>
        )}
        <Flex gap="3" justify="end" mt="4">
          <Button variant="soft" color="gray" onClick={onCancel}>
            取消
          </Button>
          <Button onClick={() => (reason.trim() ? onConfirm(reason.trim()) : setProblem(`请填写${label}`))}>
            确定
          </Button>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}

const waitingStates = ['submitting', 'changing', 'pending', 'checking'] as const;

/** One portal's row: the listing's state there and, for a promoter, what can be done next. */
function PortalRow({ listing, row, canPush }: { listing: Listing; row: ListingPushState; canPush: boolean }) {
  const channel = row.channel;
  const [machine] = useState(() => portalPushMachine.provide({ actors: portalActors(listing, channel) }));
  const [push, send] = useMachine(machine, {
    inspect,
    input: { state: row.state, message: row.message ?? null },
  });
  const [asked, setAsked] = useState<Asked | null>(null);
  const isWaiting = waitingStates.some((state) => push.matches(state));
  const state = isWaiting ? PushStates.pending : push.context.state;
  const actions: { label: string; run: () => void }[] = [];
  if (canPush && !isWaiting) {
    if (push.matches('draft')) actions.push({ label: '推送', run: () => send({ type: 'push.submit' }) });
    if (push.matches('failed')) actions.push({ label: '重试', run: () => send({ type: 'push.submit' }) });
    if (push.matches('rejected') || push.matches('removed'))
      actions.push({ label: '重新推送', run: () => send({ type: 'push.submit' }) });
    if (push.matches('online'))
      actions.push({
        label: '下架',
        run: () => setAsked({ action: 'offline', title: `从${row.channelName}下架` }),
      });
    if (push.matches('offline')) actions.push({ label: '上架', run: () => send({ type: 'push.online' }) });
    if ((push.matches('online') || push.matches('offline')) && channel === Channels.xfl)
      actions.push({
        label: '移除',
        run: () => setAsked({ action: 'remove', title: `从${row.channelName}移除` }),
      });
  }
  return (
    <Table.Row data-testid="listing-push-state">
      <Table.Cell>{row.channelName}</Table.Cell>
      <Table.Cell>
        <Badge color={stateColors[state] ?? 'gray'}>{pushStateNames[state]}</Badge>
      </Table.Cell>
      <Table.Cell>{isWaiting ? '等待渠道处理' : (push.context.message ?? '—')}</Table.Cell>
      <Table.Cell>{row.pushTime ?? '—'}</Table.Cell>
      {canPush && (
        <Table.Cell>
          <Flex gap="2" align="center" wrap="wrap">
            {isWaiting && (
              <Text size="1" color="gray" role="status">
                处理中…
              </Text>
            )}
            {actions.map((action) => (
              <Button
                key={action.label}
                size="1"
                variant="soft"
                aria-label={`${action.label}（${row.channelName}）`}
                onClick={action.run}
              >
                {action.label}
              </Button>
            ))}
            {push.context.error && !isWaiting && (
              <Text size="1" color="red" role="alert">
                {push.context.error}
              </Text>
            )}
          </Flex>
          {asked && (
            <ReasonDialog
              asked={asked}
              channelName={row.channelName}
              onCancel={() => setAsked(null)}
              onConfirm={(reason) => {
                setAsked(null);
                send({ type: asked.action === 'offline' ? 'push.offline' : 'push.remove', reason });
              }}
            />
          )}
        </Table.Cell>
      )}
    </Table.Row>
  );
}

export function ListingPushStates({
  houseId,
  houseType,
  cityName,
  version,
}: {
  houseId: number;
  houseType: number;
  cityName: string | null;
  version: unknown;
}) {
  const [machine] = useState(() =>
    resourceMachine.provide({
      actors: { load: fromPromise<unknown>(() => fetchListingPushStates(houseId)) },
    }),
  );
  const [snapshot, send] = useMachine(machine, { inspect });
  const permissions = usePermissions();
  const canPush = permissions.can(PromotionAuth.appType, PromotionAuth.itemId, PromotionAuth.push);
  const shown = useRef(version);
  useEffect(() => {
    if (shown.current === version) return;
    shown.current = version;
    send({ type: 'reload' });
  }, [version, send]);
  const all = (snapshot.context.data as ListingPushState[] | null) ?? [];
  // Portals it was never pushed to show only to a promoter, who may push there.
  const rows = canPush ? all : all.filter((row) => row.state !== PushStates.none);
  const listing: Listing = { houseId, type: houseType === 2 ? 2 : 1, cityName };
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
      ) : snapshot.matches('loading') && all.length === 0 ? (
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
              {canPush && <Table.ColumnHeaderCell>操作</Table.ColumnHeaderCell>}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              // A new reading of the portal (after the detail reloads) starts the row's machine again there.
              <PortalRow
                key={`${row.channel}:${row.state}:${row.message ?? ''}`}
                listing={listing}
                row={row}
                canPush={canPush}
              />
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Flex>
  );
}
