/**
 * 推广 (/views/promotion/index, 001 sections 2 and 9): the six tabs of listings on the portals — 幸福里
 * 出售 / 出租, 58 优选, 房天下, 天猫好房 出售 / 出租 — each with its push state and the portal's reason,
 * views and leads; push again, 上架 / 下架 with a reason (天猫好房出租), 下架 with a reason (幸福里),
 * and 推送房源: the company's valid listings chosen and pushed as queued work, with the batch's
 * progress until every listing has its result. Actions show only to holders of 房源推广 (2101).
 */
import { useEffect, useEffectEvent, useState } from 'react';
import {
  Badge,
  Box,
  Checkbox,
  Dialog,
  Flex,
  Heading,
  Progress,
  Tabs,
  Text,
  TextArea,
} from '@radix-ui/themes';
import type { PageProps } from '../../core/workspace';
import { usePermissions } from '../../core/permissions';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { FilterBar } from '../../ui/list-page/filter-bar';
import { FilterSelect, namedOptions } from '../../ui/list-page/filter-select';
import { ListTable, type Column } from '../../ui/list-page/list-table';
import { useFilterDraft, useListPage } from '../../ui/list-page/use-list-page';
import { channelNames, promotionTabs } from '../../../domain/promotion';
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

const promotionAuth = [21, 0, 2101] as const;
const stateNames: Record<number, string> = {
  0: '未推送',
  1: '推送中',
  2: '已上架',
  3: '已下架',
  4: '推送失败',
  5: '审核未通过',
  6: '已移除',
};
const stateColors: Record<number, 'gray' | 'blue' | 'green' | 'amber' | 'red'> = {
  0: 'gray',
  1: 'blue',
  2: 'green',
  3: 'gray',
  4: 'red',
  5: 'amber',
  6: 'gray',
};
/** How often the batch's progress is asked while a listing is still 推送中. */
const progressPollMs = 1500;
/** After a queued 上架 / 下架, when the list is read again for the portal's answer. */
const queuedRefreshMs = [2500, 6000, 12000];

const errorText = (error: unknown) => (error instanceof Error ? error.message : '操作失败，请稍后再试');
const priceText = (kind: number, price: number) => (kind === 2 ? `${price} 元/月` : `${price} 万`);

type Filters = { key: string; state: string; kind: string };
const emptyFilters: Filters = { key: '', state: 'all', kind: '1' };
const toQuery = (filters: Filters): PromotionQuery => ({
  key: filters.key,
  state: filters.state === 'all' ? null : (Number(filters.state) as PromotionState),
  kind: filters.kind === '2' ? 2 : 1,
});

/** What a row's action asks before it runs: a reason for 下架. */
type Pending = { house: PromotionHouse; action: 'offline' | 'remove' } | null;

function ReasonDialog({
  pending,
  onDone,
}: {
  pending: NonNullable<Pending>;
  onDone: (changed: boolean) => void;
}) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const confirm = async () => {
    if (!reason.trim()) return setProblem('请填写下架原因');
    setSaving(true);
    try {
      if (pending.action === 'offline') await setRentOnline(pending.house.outId ?? '', false, reason.trim());
      else await removeFromXfl(pending.house, reason.trim());
      onDone(true);
    } catch (error) {
      setProblem(errorText(error));
      setSaving(false);
    }
  };
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onDone(false)}>
      <Dialog.Content maxWidth="460px">
        <Dialog.Title>下架房源</Dialog.Title>
        <Dialog.Description size="2" mb="3">
          您确定要下架该房源吗？{pending.house.communityName} {pending.house.title}
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
          <Button variant="soft" color="gray" onClick={() => onDone(false)}>
            取消
          </Button>
          <Button loading={isSaving} onClick={() => void confirm()}>
            确定下架
          </Button>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}

/** 推送房源: choose valid listings, push them, and watch each one reach its result. */
function PushDialog({
  entry,
  kind,
  initial,
  onDone,
}: {
  entry: TabEntry;
  kind: 1 | 2;
  /** Listings chosen already (推送 again from a row). */
  initial: PushCandidate[];
  onDone: (changed: boolean) => void;
}) {
  const channel = entry.channel;
  const [keyword, setKeyword] = useState('');
  const [candidates, setCandidates] = useState<PushCandidate[]>(initial);
  const [chosen, setChosen] = useState<number[]>(initial.map((house) => house.houseId));
  const [problem, setProblem] = useState<string | null>(null);
  const [isSearching, setSearching] = useState(false);
  const [results, setResults] = useState<
    Map<number, { stateName: string; state: number; message: string | null }>
  >(new Map());
  const [isPushing, setPushing] = useState(false);
  const [pushed, setPushed] = useState<number[]>([]);

  const search = async () => {
    setSearching(true);
    setProblem(null);
    try {
      setCandidates(await searchPushCandidates(kind, keyword));
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setSearching(false);
    }
  };
  useEffect(() => {
    // The first list: the valid listings of the kind, newest first; later searches come from 搜索.
    if (initial.length > 0) return undefined;
    let isCurrent = true;
    searchPushCandidates(kind, '')
      .then((rows) => isCurrent && setCandidates(rows))
      .catch((error: unknown) => isCurrent && setProblem(errorText(error)));
    return () => {
      isCurrent = false;
    };
  }, [initial, kind]);

  const push = async () => {
    if (chosen.length === 0) return setProblem('请选择要推送的房源');
    setPushing(true);
    setProblem(null);
    try {
      const answers = await pushHouses(channel, chosen);
      setResults(
        new Map(
          answers.map((answer) => [
            answer.houseId,
            {
              stateName: answer.stateName,
              state: answer.state,
              message: answer.queued ? null : answer.message,
            },
          ]),
        ),
      );
      setPushed(chosen);
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setPushing(false);
    }
  };

  const inFlight = [...results.values()].filter((result) => result.state === 1).length;
  useEffect(() => {
    if (pushed.length === 0 || inFlight === 0) return undefined;
    const timer = setTimeout(() => {
      void fetchPushProgress(channel, pushed)
        .then((rows) =>
          setResults(
            new Map(
              rows.map((row) => [
                row.houseId,
                { stateName: row.stateName, state: row.state, message: row.message ?? null },
              ]),
            ),
          ),
        )
        .catch((error: unknown) => setProblem(errorText(error)));
    }, progressPollMs);
    return () => clearTimeout(timer);
  }, [channel, pushed, inFlight, results]);

  const done = pushed.length - inFlight;
  const toggle = (houseId: number) =>
    setChosen((current) =>
      current.includes(houseId) ? current.filter((id) => id !== houseId) : [...current, houseId],
    );
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onDone(pushed.length > 0)}>
      <Dialog.Content maxWidth="640px">
        <Dialog.Title>推送房源到{channelNames[channel]}</Dialog.Title>
        <Dialog.Description size="2" mb="3" color="gray">
          只能推送状态为有效的房源；每套房源单独排队推送，渠道审核后显示结果。
        </Dialog.Description>
        {pushed.length === 0 ? (
          <Flex direction="column" gap="3">
            <form
              aria-label="查找房源"
              onSubmit={(event) => {
                event.preventDefault();
                void search();
              }}
            >
              <Flex gap="2">
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
              已完成 {done} / {pushed.length}
              {inFlight > 0 ? '，推送中…' : '，推送结束'}
            </Text>
            <Progress value={(done / pushed.length) * 100} aria-label="推送进度" />
            {pushed.map((houseId) => {
              const house = candidates.find((row) => row.houseId === houseId);
              const result = results.get(houseId);
              return (
                <Flex key={houseId} gap="2" align="center" data-testid="push-result">
                  <Text size="2">{house ? `${house.communityName}（${house.houseNo}）` : '房源'}</Text>
                  <Badge color={stateColors[result?.state ?? 1]}>{result?.stateName ?? '推送中'}</Badge>
                  {result?.message && (
                    <Text size="1" color="gray">
                      {result.message}
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
          {pushed.length === 0 ? (
            <>
              <Button variant="soft" color="gray" onClick={() => onDone(false)}>
                取消
              </Button>
              <Button loading={isPushing} onClick={() => void push()}>
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
  act: (house: PromotionHouse, action: 'again' | 'online' | 'offline' | 'remove') => void,
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
        const again = [3, 4, 5].includes(row.state) && !(entry.tab === 6 && row.state === 3);
        return (
          <Flex gap="2" wrap="wrap">
            {again && (
              <Button size="1" variant="soft" onClick={() => act(row, 'again')}>
                {row.state === 4 ? '重试' : '重新推送'}
              </Button>
            )}
            {entry.tab === 6 && row.state === 3 && row.outId && (
              <Button size="1" variant="soft" onClick={() => act(row, 'online')}>
                上架
              </Button>
            )}
            {entry.tab === 6 && row.state === 2 && row.outId && (
              <Button size="1" variant="soft" color="red" onClick={() => act(row, 'offline')}>
                下架
              </Button>
            )}
            {(entry.tab === 1 || entry.tab === 2) && row.state === 2 && (
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
  const [pending, setPending] = useState<Pending>(null);
  const [pushing, setPushing] = useState<PushCandidate[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // 上架 / 下架 is queued work: the portal's answer comes in a moment, and the list is read again then.
  const [refreshRound, setRefreshRound] = useState<number | null>(null);
  const reloadLater = useEffectEvent(() => list.reload());
  useEffect(() => {
    if (refreshRound === null) return undefined;
    const timers = queuedRefreshMs.map((delay) => setTimeout(reloadLater, delay));
    return () => timers.forEach(clearTimeout);
  }, [refreshRound]);
  const submitted = (text: string) => {
    setNotice(text);
    setRefreshRound((count) => (count ?? 0) + 1);
    list.reload();
  };
  const kind: 1 | 2 = entry.kinds.length === 1 ? entry.kinds[0] : list.query.kind;
  const act = (house: PromotionHouse, action: 'again' | 'online' | 'offline' | 'remove') => {
    setProblem(null);
    if (action === 'again')
      return setPushing([
        {
          houseId: house.houseId,
          houseNo: house.houseNo ?? '',
          communityName: house.communityName,
          area: house.area,
          price: house.price,
        },
      ]);
    if (action === 'online')
      return void setRentOnline(house.outId ?? '', true, '')
        .then(() => submitted('已提交上架，渠道处理后更新状态'))
        .catch((error: unknown) => setProblem(errorText(error)));
    setPending({ house, action });
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
          options={namedOptions(stateNames)}
          onChange={(state) => set({ state })}
        />
        {entry.kinds.length > 1 && entry.channel === 3 && (
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
          <Button variant="solid" onClick={() => setPushing([])}>
            推送房源
          </Button>
        )}
      </FilterBar>
      {problem && (
        <Text color="red" size="2" role="alert">
          {problem}
        </Text>
      )}
      {notice && (
        <Text color="gray" size="2" role="status">
          {notice}
        </Text>
      )}
      <ListTable
        list={list}
        columns={columns(entry, canPush, act)}
        rowKey={(row) => `${row.houseId}-${row.tab}`}
        emptyText="该渠道还没有推广的房源"
        rowTestId="promotion-row"
        showTotal
      />
      {pending && (
        <ReasonDialog
          pending={pending}
          onDone={(changed) => {
            setPending(null);
            if (changed) submitted('已提交下架，渠道处理后更新状态');
          }}
        />
      )}
      {pushing && (
        <PushDialog
          entry={entry}
          kind={kind}
          initial={pushing}
          onDone={(changed) => {
            setPushing(null);
            if (changed) list.reload();
          }}
        />
      )}
    </Flex>
  );
}

export default function PromotionPage(_props: PageProps) {
  const permissions = usePermissions();
  const canPush = permissions.can(...promotionAuth);
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
