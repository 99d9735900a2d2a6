/**
 * 云采集 (/views/estate/collect; 001 sections 2, 7 and 9): owners' postings collected from the
 * portals in the company's open cities, sale or rent, by district, source, room type (1–4, 5 = four
 * or more), price, area and key, sorted by total price, unit price, rent or area up or down, 15 a
 * page. 保存 turns one into the user's private listing after the company's duplicate check; a
 * duplicate opens the dialog with 去查看 / 取消 (the collect-save machine).
 */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import {
  AlertDialog,
  Badge,
  Box,
  Button,
  Callout,
  Card,
  Flex,
  Heading,
  Spinner,
  Tabs,
  Text,
} from '@radix-ui/themes';
import { TextField } from '../../ui/text-field';
import { NoticeCallout } from '../../ui/notice-callout';
import { resourceMachine } from '../../../machines/resource.machine';
import { collectSaveMachine } from '../../../machines/collect-save.machine';
import { useWorkspace, type PageProps } from '../../core/workspace';
import { inspect } from '../../inspector/inspection-store';
import { housePages } from '../../shared/house-pages';
import { FilterBar } from '../../ui/list-page/filter-bar';
import { FilterSelect } from '../../ui/list-page/filter-select';
import { ListTable, type Column } from '../../ui/list-page/list-table';
import { useFilterDraft, useListPage } from '../../ui/list-page/use-list-page';
import { usePermissions } from '../../core/permissions';
import { HouseAuth } from '../../../domain/auth-ids';
import { collectSortsFor } from '../../../domain/estate-rules';
import {
  collectPageSize,
  fetchCityDistricts,
  fetchCollected,
  loadCollectAccess,
  saveGatheredFor,
  type CollectAccess,
  type CollectedListing,
  type CollectQuery,
} from './collect-actors';

const all = 'all';
type Filters = {
  cityId: string;
  distractId: string;
  source: string;
  room: string;
  sort: string;
  priceMin: string;
  priceMax: string;
  areaMin: string;
  areaMax: string;
  key: string;
};

function emptyFilters(cityId: number): Filters {
  return {
    cityId: String(cityId),
    distractId: all,
    source: all,
    room: all,
    sort: '0',
    priceMin: '',
    priceMax: '',
    areaMin: '',
    areaMax: '',
    key: '',
  };
}

function toQuery(filters: Filters, type: 1 | 2): CollectQuery {
  const number = (text: string) => (text.trim() === '' ? undefined : Number(text));
  const chosen = (text: string) => (text === all ? undefined : Number(text));
  const sort = collectSortsFor(type).includes(Number(filters.sort)) ? Number(filters.sort) : 0;
  const query: CollectQuery = { cityId: Number(filters.cityId), type, sort: sort as CollectQuery['sort'] };
  const optional = {
    distractId: chosen(filters.distractId),
    source: chosen(filters.source),
    room: chosen(filters.room) as CollectQuery['room'],
    priceMin: number(filters.priceMin),
    priceMax: number(filters.priceMax),
    areaMin: number(filters.areaMin),
    areaMax: number(filters.areaMax),
    key: filters.key.trim() || undefined,
  };
  for (const [name, value] of Object.entries(optional))
    if (value !== undefined && !Number.isNaN(value)) Object.assign(query, { [name]: value });
  return query;
}

const accessMachine = resourceMachine.provide({ actors: { load: fromPromise<unknown>(loadCollectAccess) } });

function formatPrice(row: CollectedListing): string {
  return row.type === 1 ? `${row.price} 万` : `${row.price.toLocaleString('zh-CN')} 元/月`;
}

function columns(onSave: (row: CollectedListing) => void, canSave: boolean): Column<CollectedListing>[] {
  return [
    {
      key: 'title',
      header: '房源',
      isRowHeader: true,
      cell: (row) => (
        <Flex direction="column" gap="1">
          <Text weight="medium">{row.title}</Text>
          <Text size="1" color="gray">
            {[row.distractName, row.communityName, row.buildingNo, row.unitNo, row.roomNo]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </Flex>
      ),
    },
    {
      key: 'layout',
      header: '户型',
      cell: (row) => `${row.room ?? 0}室${row.hall ?? 0}厅${row.bath ?? 0}卫`,
    },
    { key: 'area', header: '面积', cell: (row) => `${row.area} ㎡` },
    {
      key: 'price',
      header: '价格',
      cell: (row) => (
        <Flex direction="column">
          <Text weight="bold" color="red">
            {formatPrice(row)}
          </Text>
          {row.unitPrice != null && (
            <Text size="1" color="gray">
              {row.unitPrice.toLocaleString('zh-CN')} 元/㎡
            </Text>
          )}
        </Flex>
      ),
    },
    {
      key: 'floor',
      header: '楼层',
      cell: (row) => `${row.floorDesc ?? '—'}${row.toward ? ` · ${row.toward}` : ''}`,
    },
    {
      key: 'owner',
      header: '业主',
      cell: (row) => (
        <Flex direction="column">
          <Text>{row.ownerName ?? '—'}</Text>
          <Text size="1" color="gray">
            {row.phone ?? ''}
          </Text>
        </Flex>
      ),
    },
    {
      key: 'source',
      header: '来源',
      cell: (row) => (
        <Flex direction="column">
          <Text>{row.sourceName}</Text>
          <Text size="1" color="gray">
            {row.publishTime}
          </Text>
        </Flex>
      ),
    },
    {
      key: 'action',
      header: '操作',
      cell: (row) =>
        row.saved === 1 ? (
          <Badge color="green">已转入</Badge>
        ) : canSave ? (
          <Button size="1" onClick={() => onSave(row)}>
            保存
          </Button>
        ) : null,
    },
  ];
}

/** 区县 of the chosen city, read when the city changes (keyed by it). */
function DistrictFilter({
  cityId,
  value,
  onChange,
}: {
  cityId: number;
  value: string;
  onChange: (value: string) => void;
}) {
  const [machine] = useState(() =>
    resourceMachine.provide({
      actors: { load: fromPromise<unknown>(async () => fetchCityDistricts(cityId)) },
    }),
  );
  const [state] = useMachine(machine, { inspect });
  const options = (state.context.data as { value: number; label: string }[] | null) ?? [];
  return (
    <FilterSelect label="区县" allLabel="全部区县" value={value} options={options} onChange={onChange} />
  );
}

function Range({
  label,
  unit,
  min,
  max,
  onChange,
}: {
  label: string;
  unit: string;
  min: string;
  max: string;
  onChange: (min: string, max: string) => void;
}) {
  const clean = (text: string) => text.replace(/[^\d.]/g, '');
  return (
    <Flex gap="1" align="center">
      <Text size="2" color="gray">
        {label}
      </Text>
      <TextField.Root
        aria-label={`最低${label}`}
        value={min}
        style={{ width: 64 }}
        onChange={(e) => onChange(clean(e.target.value), max)}
      />
      <Text size="2" color="gray">
        –
      </Text>
      <TextField.Root
        aria-label={`最高${label}`}
        value={max}
        style={{ width: 64 }}
        onChange={(e) => onChange(min, clean(e.target.value))}
      />
      <Text size="1" color="gray">
        {unit}
      </Text>
    </Flex>
  );
}

function CollectList({ access }: { access: CollectAccess }) {
  const { setting, ticket } = access;
  const { openPage } = useWorkspace();
  const { can } = usePermissions();
  const firstCity = setting.cities[0]!.cityId;
  const [type, setType] = useState<1 | 2>(1);
  const { draft, set, reset } = useFilterDraft(emptyFilters(firstCity));
  const [applied, setApplied] = useState<Filters>(emptyFilters(firstCity));
  const list = useListPage({
    load: (query: CollectQuery, page, pageSize) => fetchCollected(ticket, query, page, pageSize),
    query: toQuery(emptyFilters(firstCity), 1),
    pageSize: collectPageSize,
  });
  const [machine] = useState(() =>
    collectSaveMachine.provide({
      actors: { saveGathered: saveGatheredFor(ticket) },
      actions: {
        listingSaved: () => list.reload(),
        openListing: (_, params) => openPage(housePages.detail(params.houseId, params.houseType)),
      },
    }),
  );
  const [saving, send] = useMachine(machine, { inspect });
  const apply = (filters: Filters, kind = type) => {
    setApplied(filters);
    list.setQuery(toQuery(filters, kind));
  };
  const sorts = setting.sortOptions.filter((option) => collectSortsFor(type).includes(option.value));
  const { notice, duplicate } = saving.context;
  const canSave = can(HouseAuth.appType, HouseAuth.itemId, HouseAuth.add);

  return (
    <>
      <Card size="2">
        <Flex align="center" gap="4">
          <Tabs.Root
            value={String(type)}
            onValueChange={(value) => {
              const next = Number(value) as 1 | 2;
              setType(next);
              apply(applied, next);
            }}
          >
            <Tabs.List>
              <Tabs.Trigger aria-controls="collect-list" value="1">
                出售
              </Tabs.Trigger>
              <Tabs.Trigger aria-controls="collect-list" value="2">
                出租
              </Tabs.Trigger>
            </Tabs.List>
          </Tabs.Root>
          <Box flexGrow="1" />
          <Text size="2" color="gray">
            {setting.dailyLimit ? `每人每日最多转入 ${setting.dailyLimit} 条` : '转入条数不限'}
          </Text>
        </Flex>
      </Card>
      <FilterBar
        testId="collect-search"
        applyText="搜索"
        onApply={() => apply(draft)}
        onReset={() => apply(reset())}
      >
        <FilterSelect
          label="城市"
          value={draft.cityId}
          options={setting.cities.map((city) => ({ value: city.cityId, label: city.cityName }))}
          onChange={(cityId) => set({ cityId, distractId: all })}
        />
        <DistrictFilter
          key={draft.cityId}
          cityId={Number(draft.cityId)}
          value={draft.distractId}
          onChange={(distractId) => set({ distractId })}
        />
        <FilterSelect
          label="来源"
          allLabel="全部来源"
          value={draft.source}
          options={setting.sources}
          onChange={(source) => set({ source })}
        />
        <FilterSelect
          label="居室"
          allLabel="全部居室"
          value={draft.room}
          options={setting.roomOptions}
          onChange={(room) => set({ room })}
        />
        <Range
          label={type === 1 ? '总价' : '租金'}
          unit={type === 1 ? '万' : '元/月'}
          min={draft.priceMin}
          max={draft.priceMax}
          onChange={(priceMin, priceMax) => set({ priceMin, priceMax })}
        />
        <Range
          label="面积"
          unit="㎡"
          min={draft.areaMin}
          max={draft.areaMax}
          onChange={(areaMin, areaMax) => set({ areaMin, areaMax })}
        />
        <TextField.Root
          aria-label="关键字"
          placeholder="小区、标题"
          value={draft.key}
          maxLength={50}
          onChange={(e) => set({ key: e.target.value })}
          onKeyDown={(e) => e.key === 'Enter' && apply(draft)}
          style={{ width: 160 }}
        />
        <FilterSelect
          label="排序"
          value={sorts.some((option) => String(option.value) === draft.sort) ? draft.sort : '0'}
          options={sorts}
          onChange={(sort) => apply({ ...draft, sort })}
        />
      </FilterBar>
      {notice && (
        <NoticeCallout
          notice={notice}
          onDismiss={() => send({ type: 'notice.dismiss' })}
          size="1"
          role="status"
        />
      )}
      <ListTable
        id="collect-list"
        list={list}
        columns={columns(
          (row) => send({ type: 'gather.save', gatherId: row.gatherId, houseType: row.type }),
          canSave && !saving.matches('saving'),
        )}
        rowKey={(row) => row.gatherId}
        emptyText="没有符合条件的采集房源"
        testId="collect-list"
        rowTestId="collect-row"
        showTotal
      />
      <AlertDialog.Root open={saving.matches('duplicate')}>
        <AlertDialog.Content maxWidth="440px">
          <AlertDialog.Title>房源重复</AlertDialog.Title>
          <AlertDialog.Description>{duplicate?.message}</AlertDialog.Description>
          <Flex gap="3" mt="4" justify="end">
            <AlertDialog.Cancel>
              <Button variant="soft" color="gray" onClick={() => send({ type: 'duplicate.dismiss' })}>
                取消
              </Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action>
              <Button onClick={() => send({ type: 'duplicate.view' })}>去查看</Button>
            </AlertDialog.Action>
          </Flex>
        </AlertDialog.Content>
      </AlertDialog.Root>
    </>
  );
}

export default function CollectPage(_props: PageProps) {
  const [access, send] = useMachine(accessMachine, { inspect });
  const data = access.context.data as CollectAccess | null;
  return (
    <Flex direction="column" gap="4" p="5" data-testid="collect-page">
      <Box>
        <Heading size="6">云采集</Heading>
        <Text size="2" color="gray">
          各大房产网站的业主个人房源，保存即转为您的私盘房源（按公司判重标准查重，已有的房源不会重复录入）
        </Text>
      </Box>
      {access.matches('failed') ? (
        <Flex gap="2" align="center">
          <Text color="red">{access.context.error}</Text>
          <Button size="1" variant="soft" onClick={() => send({ type: 'retry' })}>
            重试
          </Button>
        </Flex>
      ) : !data ? (
        <Flex justify="center" my="6">
          <Spinner />
        </Flex>
      ) : data.setting.enabled !== 1 || data.setting.cities.length === 0 ? (
        <Callout.Root color="gray">
          <Callout.Text>本公司尚未开通云采集，或开通城市暂无采集房源。</Callout.Text>
        </Callout.Root>
      ) : (
        <CollectList access={data} />
      )}
    </Flex>
  );
}
