/**
 * 推广 (/views/promotion/index, 001 sections 2 and 9): the six tabs of listings on the portals — 幸福里
 * 出售 / 出租, 58 优选, 房天下, 天猫好房 出售 / 出租 — each with its push state and the portal's reason,
 * views and leads; push again, 上架 / 下架 with a reason (天猫好房出租), 下架 with a reason (幸福里),
 * and 推送房源: the company's valid listings chosen and pushed as queued work, with the batch's
 * progress until every listing has its result. Actions show only to holders of 房源推广 (2101).
 * The batch runs on machines/push-batch.machine.ts; a row's action, until the portal answers, on
 * machines/portal-push.machine.ts.
 */
import { useEffect, useEffectEvent, useState } from 'react';
import { useMachine, useSelector } from '@xstate/react';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import {
  Badge,
  Box,
  Checkbox,
  Dialog,
  Flex,
  Heading,
  Progress,
  Select,
  Tabs,
  Text,
  TextArea,
} from '@radix-ui/themes';
import type { PageProps } from '../../core/workspace';
import { usePermissions } from '../../core/permissions';
import { inspect } from '../../inspector/inspection-store';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { FilterBar } from '../../ui/list-page/filter-bar';
import { FilterSelect, namedOptions } from '../../ui/list-page/filter-select';
import { ListTable, type Column } from '../../ui/list-page/list-table';
import { useFilterDraft, useListPage } from '../../ui/list-page/use-list-page';
import {
  PromotionAuth,
  PushStates,
  canPush as mayPushAgain,
  channelNames,
  promotionTabs,
  pushStateNames,
} from '../../../domain/promotion';
import { pushBatchMachine, type BatchRow } from '../../../machines/push-batch.machine';
import {
  portalPushMachine,
  type PortalChange,
  type PortalPushAnswer,
} from '../../../machines/portal-push.machine';
import {
  fetchPromotionPage,
  fetchPushProgress,
  pushHouses,
  removeFromXfl,
  searchPushCandidates,
  setRentOnline,
  type PromotionHouse,
  type PromotionQuery,
  type PromotionState,
  type PushCandidate,
} from './promotion-actors';

type TabEntry = (typeof promotionTabs)[number];
type RowAction = 'again' | 'online' | 'offline' | 'remove';
/** A row's action followed until the portal answers: 下架 and 移除 carry the reason asked for. */
type Followed = { house: PromotionHouse; action: RowAction; reason: string | null };
type PortalPushActor = ActorRefFrom<typeof portalPushMachine>;

const stateColors: Record<number, 'gray' | 'blue' | 'green' | 'amber' | 'red'> = {
  0: 'gray',
  1: 'blue',
  2: 'green',
  3: 'gray',
  4: 'red',
  5: 'amber',
  6: 'gray',
};
const submittedTexts: Record<RowAction, string> = {
  again: '已提交推送，渠道处理后更新状态',
  online: '已提交上架，渠道处理后更新状态',
  offline: '已提交下架，渠道处理后更新状态',
  remove: '已提交下架，渠道处理后更新状态',
};

const errorText = (error: unknown) => (error instanceof Error ? error.message : '操作失败，请稍后再试');
const priceText = (kind: number, price: number) => (kind === 2 ? `${price} 元/月` : `${price} 万`);

type Filters = { key: string; state: string; kind: string };
const emptyFilters: Filters = { key: '', state: 'all', kind: '1' };
const toQuery = (filters: Filters): PromotionQuery => ({
  key: filters.key,
  state: filters.state === 'all' ? null : (Number(filters.state) as PromotionState),
  kind: filters.kind === '2' ? 2 : 1,
});

/** 下架: the reason the portal is told, asked before anything is sent. */
function ReasonDialog({
  house,
  onConfirm,
  onCancel,
}: {
  house: PromotionHouse;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onCancel()}>
      <Dialog.Content maxWidth="460px">
        <Dialog.Title>下架房源</Dialog.Title>
        <Dialog.Description size="2" mb="3">
          您确定要下架该房源吗？{house.communityName} {house.title}
        </Dialog.Description>
        <TextArea
          aria-label="下架原因"
          placeholder="请填写下架原因"
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
          <Button onClick={() => (reason.trim() ? onConfirm(reason.trim()) : setProblem('请填写下架原因'))}>
            确定下架
          </Button>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}

/**
 * One row's action on the portal-push machine: sent once from the button, then the listing's state
 * read again until the portal has answered (a queued 上架 / 下架 shows the old state until the queue
 * runs).
 */
function followAction(entry: TabEntry, followed: Followed): PortalPushActor {
  const { house, action, reason } = followed;
  const machine = portalPushMachine.provide({
    actors: {
      submitPush: fromPromise<PortalPushAnswer>(async () => {
        const [answer] = await pushHouses(entry.channel, [house.houseId]);
        if (!answer?.queued) throw new Error(answer?.message ?? '推送失败');
        return { state: answer.state, message: null };
      }),
      readPushState: fromPromise<PortalPushAnswer>(async () => {
        const [row] = await fetchPushProgress(entry.channel, [house.houseId]);
        // Until the queue has run, the listing still shows the state the change started from.
        if (!row || (action !== 'again' && row.state === house.state))
          return { state: PushStates.pending, message: null };
        return { state: row.state, message: row.message ?? null };
      }),
      requestChange: fromPromise<PortalPushAnswer, PortalChange>(async ({ input }) => {
        if (input.action === 'remove') await removeFromXfl(house, input.reason ?? '');
        else await setRentOnline(house.outId ?? '', input.action === 'online', input.reason ?? '');
        return { state: PushStates.pending, message: null };
      }),
    },
  });
  const actor = createActor(machine, {
    inspect,
    input: { state: house.state, message: house.message ?? null },
  });
  actor.start();
  if (action === 'again') actor.send({ type: 'push.submit' });
  else if (action === 'online') actor.send({ type: 'push.online' });
  else if (action === 'offline') actor.send({ type: 'push.offline', reason: reason ?? '' });
  else actor.send({ type: 'push.remove', reason: reason ?? '' });
  return actor;
}

const waitingStates = ['submitting', 'changing', 'pending', 'checking'] as const;

/** Says what the followed action waits for, then the portal's answer or the refusal; the list is read again then. */
function FollowedAction({
  followed,
  actor,
  onSettled,
}: {
  followed: Followed;
  actor: PortalPushActor;
  onSettled: () => void;
}) {
  const push = useSelector(actor, (snapshot) => snapshot);
  const isWaiting = waitingStates.some((state) => push.matches(state));
  const settle = useEffectEvent(onSettled);
  useEffect(() => {
    if (!isWaiting) settle();
  }, [isWaiting]);
  if (push.context.error && !isWaiting)
    return (
      <Text color="red" size="2" role="alert">
        {push.context.error}
      </Text>
    );
  const { house, action } = followed;
  const message = push.context.message ? `（${push.context.message}）` : '';
  return (
    <Text color="gray" size="2" role="status">
      {isWaiting
        ? submittedTexts[action]
        : `${house.communityName}：${pushStateNames[push.context.state] ?? ''}${message}`}
    </Text>
  );
}

/** 推送房源: choose valid listings, push them, and watch each one reach its result (push-batch machine). */
function PushDialog({ entry, onDone }: { entry: TabEntry; onDone: (changed: boolean) => void }) {
  const channel = entry.channel;
  const [kind, setKind] = useState<1 | 2>(entry.kinds[0]);
  const [keyword, setKeyword] = useState('');
  const [candidates, setCandidates] = useState<PushCandidate[]>([]);
  const [chosen, setChosen] = useState<number[]>([]);
  const [searchProblem, setSearchProblem] = useState<string | null>(null);
  const [isSearching, setSearching] = useState(false);
  const [machine] = useState(() =>
    pushBatchMachine.provide({
      actors: {
        submitBatch: fromPromise<BatchRow[], { houseIds: number[] }>(async ({ input }) =>
          (await pushHouses(channel, input.houseIds)).map((answer) => ({
            houseId: answer.houseId,
            state: answer.state,
            stateName: answer.stateName,
            message: answer.queued ? null : answer.message,
          })),
        ),
        readBatch: fromPromise<BatchRow[], { houseIds: number[] }>(async ({ input }) =>
          (await fetchPushProgress(channel, input.houseIds)).map((row) => ({
            houseId: row.houseId,
            state: row.state,
            stateName: row.stateName,
            message: row.message ?? null,
          })),
        ),
      },
    }),
  );
  const [batch, send] = useMachine(machine, { inspect });

  const search = async (forKind: 1 | 2, key: string) => {
    setSearching(true);
    setSearchProblem(null);
    try {
      setCandidates(await searchPushCandidates(forKind, key));
    } catch (error) {
      setSearchProblem(errorText(error));
    } finally {
      setSearching(false);
    }
  };
  useEffect(() => {
    // The first list: the valid listings of the kind, newest first; later searches come from 搜索.
    let isCurrent = true;
    searchPushCandidates(entry.kinds[0], '')
      .then((rows) => isCurrent && setCandidates(rows))
      .catch((error: unknown) => isCurrent && setSearchProblem(errorText(error)));
    return () => {
      isCurrent = false;
    };
  }, [entry]);

  const isChoosing = batch.matches('choosing') || batch.matches('submitting');
  const { houseIds, rows, error } = batch.context;
  const inFlight = rows.filter((row) => row.state === PushStates.pending).length;
  const done = houseIds.length - inFlight;
  const toggle = (houseId: number) =>
    setChosen((current) =>
      current.includes(houseId) ? current.filter((id) => id !== houseId) : [...current, houseId],
    );
  const problem = error ?? searchProblem;
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onDone(!isChoosing)}>
      <Dialog.Content maxWidth="640px">
        <Dialog.Title>推送房源到{channelNames[channel]}</Dialog.Title>
        <Dialog.Description size="2" mb="3" color="gray">
          只能推送状态为有效的房源；每套房源单独排队推送，渠道审核后显示结果。
        </Dialog.Description>
        {isChoosing ? (
          <Flex direction="column" gap="3">
            <form
              aria-label="查找房源"
              onSubmit={(event) => {
                event.preventDefault();
                void search(kind, keyword);
              }}
            >
              <Flex gap="2">
                {entry.kinds.length > 1 && (
                  <Select.Root
                    value={String(kind)}
                    onValueChange={(value) => {
                      const next = value === '2' ? 2 : 1;
                      setKind(next);
                      setChosen([]);
                      void search(next, keyword);
                    }}
                  >
                    <Select.Trigger aria-label="房源类型" />
                    <Select.Content>
                      <Select.Item value="1">出售</Select.Item>
                      <Select.Item value="2">出租</Select.Item>
                    </Select.Content>
                  </Select.Root>
                )}
                <Box flexGrow="1">
                  <TextField.Root
                    aria-label="小区名称"
                    placeholder="请输入小区名称"
                    value={keyword}
                    onChange={(event) => setKeyword(event.target.value)}
                  />
                </Box>
                <Button type="submit" variant="soft" loading={isSearching}>
                  搜索
                </Button>
              </Flex>
            </form>
            <Flex
              direction="column"
              gap="1"
              style={{ maxHeight: 320, overflowY: 'auto' }}
              data-testid="push-candidates"
            >
              {candidates.length === 0 && !isSearching && (
                <Text size="2" color="gray">
                  没有可推送的房源
                </Text>
              )}
              {candidates.map((house) => (
                <Text as="label" size="2" key={house.houseId}>
                  <Flex gap="2" align="center">
                    <Checkbox
                      checked={chosen.includes(house.houseId)}
                      onCheckedChange={() => toggle(house.houseId)}
                    />
                    {house.communityName} {house.area}㎡ {priceText(kind, house.price)}（{house.houseNo}）
                  </Flex>
                </Text>
              ))}
            </Flex>
          </Flex>
        ) : (
          <Flex direction="column" gap="2" data-testid="push-progress">
            <Text size="2">
              已完成 {done} / {houseIds.length}
              {inFlight > 0 ? '，推送中…' : '，推送结束'}
            </Text>
            <Progress value={(done / houseIds.length) * 100} aria-label="推送进度" />
            {rows.map((row) => {
              const house = candidates.find((candidate) => candidate.houseId === row.houseId);
              return (
                <Flex key={row.houseId} gap="2" align="center" data-testid="push-result">
                  <Text size="2">{house ? `${house.communityName}（${house.houseNo}）` : '房源'}</Text>
                  <Badge color={stateColors[row.state]}>{row.stateName}</Badge>
                  {row.message && (
                    <Text size="1" color="gray">
                      {row.message}
                    </Text>
                  )}
                </Flex>
              );
            })}
          </Flex>
        )}
        {problem && (
          <Text as="p" color="red" size="2" mt="2" role="alert">
            {problem}
          </Text>
        )}
        <Flex gap="3" justify="end" mt="4">
          {isChoosing ? (
            <>
              <Button variant="soft" color="gray" onClick={() => onDone(false)}>
                取消
              </Button>
              <Button
                loading={batch.matches('submitting')}
                onClick={() => send({ type: 'batch.push', houseIds: chosen })}
              >
                推送所选（{chosen.length}）
              </Button>
            </>
          ) : (
            <Button onClick={() => onDone(true)}>{inFlight > 0 ? '后台继续推送，关闭' : '完成'}</Button>
          )}
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}

function columns(
  entry: TabEntry,
  canPush: boolean,
  act: (house: PromotionHouse, action: RowAction) => void,
): Column<PromotionHouse>[] {
  return [
    {
      key: 'house',
      header: '房源',
      isRowHeader: true,
      cell: (row) => (
        <Flex direction="column">
          <Text size="2" weight="medium">
            {row.communityName} {row.title}
          </Text>
          <Text size="1" color="gray">
            {row.houseNo ?? ''} {row.area}㎡ {priceText(row.type, row.price)}
          </Text>
        </Flex>
      ),
    },
    {
      key: 'state',
      header: '推送状态',
      cell: (row) => (
        <Flex direction="column" gap="1" align="start">
          <Badge color={stateColors[row.state]}>{row.stateName}</Badge>
          {row.message && (
            <Text size="1" color="gray">
              {row.message}
            </Text>
          )}
        </Flex>
      ),
    },
    {
      key: 'reach',
      header: '浏览 / 线索',
      cell: (row) => `${row.viewCount ?? 0} / ${row.leadCount ?? 0}`,
    },
    { key: 'broker', header: '推送人', cell: (row) => row.userName ?? '—' },
    { key: 'time', header: '推送时间', cell: (row) => row.pushTime ?? '—' },
    {
      key: 'actions',
      header: '操作',
      cell: (row) => {
        if (!canPush) return '—';
        // 天猫好房出租 puts an offline listing back with 上架 rather than a new push.
        const isRentOffline = entry.tab === 6 && row.state === PushStates.offline;
        const again = mayPushAgain(row.state) && row.state !== PushStates.none && !isRentOffline;
        return (
          <Flex gap="2" wrap="wrap">
            {again && (
              <Button size="1" variant="soft" onClick={() => act(row, 'again')}>
                {row.state === PushStates.failed ? '重试' : '重新推送'}
              </Button>
            )}
            {entry.tab === 6 && row.state === PushStates.offline && row.outId && (
              <Button size="1" variant="soft" onClick={() => act(row, 'online')}>
                上架
              </Button>
            )}
            {entry.tab === 6 && row.state === PushStates.online && row.outId && (
              <Button size="1" variant="soft" color="red" onClick={() => act(row, 'offline')}>
                下架
              </Button>
            )}
            {(entry.tab === 1 || entry.tab === 2) && row.state === PushStates.online && (
              <Button size="1" variant="soft" color="red" onClick={() => act(row, 'remove')}>
                下架
              </Button>
            )}
          </Flex>
        );
      },
    },
  ];
}

function PromotionList({ entry, canPush }: { entry: TabEntry; canPush: boolean }) {
  const { draft, set, reset } = useFilterDraft(emptyFilters);
  const list = useListPage({
    load: (query: PromotionQuery, page, pageSize) => fetchPromotionPage(entry.tab, query, page, pageSize),
    query: toQuery(emptyFilters),
  });
  const [asking, setAsking] = useState<{ house: PromotionHouse; action: 'offline' | 'remove' } | null>(null);
  const [following, setFollowing] = useState<{ followed: Followed; actor: PortalPushActor } | null>(null);
  const [isPushing, setPushing] = useState(false);
  const follow = (followed: Followed) => {
    setFollowing({ followed, actor: followAction(entry, followed) });
  };
  // The action followed before, or the page's tab closing, stops its reads.
  useEffect(() => () => following?.actor.stop(), [following]);
  const act = (house: PromotionHouse, action: RowAction) => {
    if (action === 'offline' || action === 'remove') return setAsking({ house, action });
    follow({ house, action, reason: null });
  };
  return (
    <Flex direction="column" gap="3" pt="3">
      <FilterBar
        onApply={() => list.setQuery(toQuery(draft))}
        onReset={() => list.setQuery(toQuery(reset()))}
      >
        <TextField.Root
          aria-label="关键字"
          placeholder="小区名称、房源编号或渠道房源编号"
          value={draft.key}
          onChange={(event) => set({ key: event.target.value })}
          style={{ width: 260 }}
        />
        <FilterSelect
          label="推送状态"
          allLabel="全部状态"
          value={draft.state}
          options={namedOptions(pushStateNames)}
          onChange={(state) => set({ state })}
        />
        {entry.channel === 3 && (
          <FilterSelect
            label="房源类型"
            value={draft.kind}
            options={[
              { value: '1', label: '出售' },
              { value: '2', label: '出租' },
            ]}
            onChange={(value) => set({ kind: value })}
          />
        )}
        {canPush && (
          <Button variant="solid" onClick={() => setPushing(true)}>
            推送房源
          </Button>
        )}
      </FilterBar>
      {following && (
        <FollowedAction followed={following.followed} actor={following.actor} onSettled={list.reload} />
      )}
      <ListTable
        list={list}
        columns={columns(entry, canPush, act)}
        rowKey={(row) => `${row.houseId}-${row.tab}`}
        emptyText="该渠道还没有推广的房源"
        rowTestId="promotion-row"
        showTotal
      />
      {asking && (
        <ReasonDialog
          house={asking.house}
          onCancel={() => setAsking(null)}
          onConfirm={(reason) => {
            follow({ ...asking, reason });
            setAsking(null);
          }}
        />
      )}
      {isPushing && (
        <PushDialog
          entry={entry}
          onDone={(changed) => {
            setPushing(false);
            if (changed) list.reload();
          }}
        />
      )}
    </Flex>
  );
}

export default function PromotionPage(_props: PageProps) {
  const permissions = usePermissions();
  const canPush = permissions.can(PromotionAuth.appType, PromotionAuth.itemId, PromotionAuth.push);
  const [tab, setTab] = useState('1');
  return (
    <Flex direction="column" gap="3" p="4" data-testid="promotion-page">
      <Heading size="5">推广</Heading>
      <Text size="2" color="gray">
        房源推送到各渠道后由渠道审核上架；房源成交、出租或失效后会自动从所有渠道下架。
      </Text>
      <Tabs.Root value={tab} onValueChange={setTab}>
        <Tabs.List aria-label="推广渠道">
          {promotionTabs.map((entry) => (
            <Tabs.Trigger key={entry.tab} value={String(entry.tab)}>
              {entry.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {promotionTabs.map((entry) => (
          <Tabs.Content key={entry.tab} value={String(entry.tab)}>
            <PromotionList entry={entry} canPush={canPush} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Flex>
  );
}
