/**
 * /views/house/index (房源): the listings the user sees, by type tab with counts (全部 / 出售 / 出租 /
 * 其他), searched by community, listing number or owner name, owner phone, price, area, layout, pool
 * and state, and under 更多条件 by every other condition housingPosts takes (times, unit price, floor,
 * numbers, district and region, renovation, orientation, property type, tag, department, maintainer,
 * others), 15 a page (001 section 3 "House search"). A row opens the listing's detail tab; 录入房源
 * and 回收站 show only with their permissions.
 */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Badge, Box, Button, Card, Flex, Heading, Tabs, Text } from '@radix-ui/themes';
import { TextField } from '../../ui/text-field';
import { SearchField } from '../../ui/search-field';
import { resourceMachine } from '../../../machines/resource.machine';
import { useWorkspace, type PageProps } from '../../core/workspace';
import {
  houseTypeDescriptions,
  isHouseTypeChoice,
  useKeptChoice,
  type HouseTypeChoice,
} from '../../core/kept-choices';
import { usePermissions } from '../../core/permissions';
import { inspect } from '../../inspector/inspection-store';
import { FilterBar, RangeFilter } from '../../ui/list-page/filter-bar';
import { FilterSelect } from '../../ui/list-page/filter-select';
import { ListTable, type Column } from '../../ui/list-page/list-table';
import { useFilterDraft, useListPage } from '../../ui/list-page/use-list-page';
import { housePages } from '../../shared/house-pages';
import { HouseAuth } from '../../../domain/auth-ids';
import { houseStateName } from '../../../domain/house-rules';
import {
  fetchHouses,
  fetchTypeCounts,
  housePageSize,
  type HouseListItem,
  type HouseSearch,
  type HouseTypeCount,
} from './house-actors';
import { formatFloor, formatLayout, formatPrice, formatUnitPrice } from './house-format';
import { HouseForm } from './house-form';
import { HouseMoreFilters, emptyMoreFilters, moreQuery, type MoreFilters } from './house-more-filters';
import { RecycleBin } from './recycle-bin';

type Filters = MoreFilters & {
  keyType: string;
  key: string;
  phone: string;
  priceMin: string;
  priceMax: string;
  areaMin: string;
  areaMax: string;
  rooms: string;
  attribution: string;
  state: string;
  sort: string;
};
const all = 'all';
const emptyFilters: Filters = {
  ...emptyMoreFilters,
  keyType: '1',
  key: '',
  phone: '',
  priceMin: '',
  priceMax: '',
  areaMin: '',
  areaMax: '',
  rooms: all,
  attribution: all,
  state: all,
  sort: '0',
};
type Query = Omit<HouseSearch, 'pageindex' | 'pagesize'>;

const number = (value: string) => (value.trim() === '' || Number.isNaN(Number(value)) ? null : Number(value));

function toQuery(filters: Filters, type: number): Query {
  const range = (min: string, max: string) =>
    number(min) === null && number(max) === null ? undefined : { min: number(min), max: number(max) };
  const price = range(filters.priceMin, filters.priceMax);
  const area = range(filters.areaMin, filters.areaMax);
  return {
    ...moreQuery(filters),
    type: type as 0,
    sort: Number(filters.sort) as 0,
    attribution: (filters.attribution === all ? 0 : Number(filters.attribution)) as 0,
    ...(filters.key.trim()
      ? { newKey: { type: Number(filters.keyType) as 1, key: filters.key.trim() } }
      : {}),
    ...(/^(\d{4}|1\d{10})$/.test(filters.phone.trim()) ? { contactPhone: filters.phone.trim() } : {}),
    ...(price ? { price } : {}),
    ...(area ? { area } : {}),
    ...(filters.rooms !== all ? { houseType: [Number(filters.rooms) as 1] } : {}),
    ...(filters.state !== all ? { houseState: [Number(filters.state) as 1] } : {}),
  };
}

const countsMachine = resourceMachine.provide({ actors: { load: fromPromise<unknown>(fetchTypeCounts) } });

function columns(onOpen: (row: HouseListItem) => void): Column<HouseListItem>[] {
  return [
    {
      key: 'community',
      header: '房源',
      isRowHeader: true,
      cell: (row) => (
        <Flex gap="3" align="center">
          {row.coverUrl ? (
            <img
              src={row.coverUrl}
              alt=""
              width={64}
              height={48}
              style={{ objectFit: 'cover', borderRadius: 4 }}
            />
          ) : null}
          <Box>
            <Button variant="ghost" size="2" onClick={() => onOpen(row)}>
              {row.communityName}
              {row.buildingNo ? ` ${row.buildingNo}` : ''}
            </Button>
            <Text as="div" size="1" color="gray">
              {row.houseNo} · {[row.districtName, row.regionName].filter(Boolean).join(' ') || '—'}
            </Text>
          </Box>
        </Flex>
      ),
    },
    {
      key: 'layout',
      header: '户型',
      cell: (row) => formatLayout({ room: row.room ?? 0, hall: row.hall ?? 0, bath: row.bath ?? 0 }),
    },
    { key: 'area', header: '面积', cell: (row) => `${row.area} ㎡` },
    { key: 'floor', header: '楼层', cell: (row) => formatFloor(row) },
    {
      key: 'price',
      header: '价格',
      cell: (row) => (
        <>
          <Text weight="bold" color="red">
            {formatPrice(row.type, row.price)}
          </Text>
          {row.type === 1 && (
            <Text as="div" size="1" color="gray">
              {formatUnitPrice(row.unitPrice)}
            </Text>
          )}
        </>
      ),
    },
    {
      key: 'state',
      header: '状态',
      cell: (row) => (
        <Flex gap="1" wrap="wrap">
          <Badge color={row.houseState === 1 ? 'green' : 'gray'}>{row.stateName}</Badge>
          <Badge color={row.attribution === 2 ? 'orange' : 'blue'}>
            {row.attribution === 2 ? '私盘' : '公盘'}
          </Badge>
          {row.isLock === 1 && <Badge color="gray">已锁定</Badge>}
          {row.isSeal === 1 && <Badge color="gray">已封盘</Badge>}
          {row.isTop === 1 && <Badge color="amber">置顶</Badge>}
        </Flex>
      ),
    },
    { key: 'tags', header: '标签', cell: (row) => (row.tags ?? []).slice(0, 3).join('、') || '—' },
    { key: 'attributor', header: '维护人', cell: (row) => row.attributorName ?? '—' },
    { key: 'followUp', header: '最近跟进', cell: (row) => row.followUpTime?.slice(0, 10) ?? '—' },
  ];
}

export default function HousePage(_props: PageProps) {
  const { openPage } = useWorkspace();
  const permissions = usePermissions();
  // The house type (with its description) is kept per user in the browser and opened on again.
  const [typeChoice, setTypeChoice] = useKeptChoice(
    'houseType',
    { type: 0, description: '全部' },
    isHouseTypeChoice,
  );
  const type = typeChoice.type;
  const { draft, set, reset } = useFilterDraft(emptyFilters);
  const [applied, setApplied] = useState<Filters>(emptyFilters);
  const list = useListPage({
    load: fetchHouses,
    query: toQuery(emptyFilters, type),
    pageSize: housePageSize,
  });
  const [counts, sendCounts] = useMachine(countsMachine, { inspect });
  const typeCounts = (counts.context.data as HouseTypeCount[] | null) ?? [];
  const [isEntering, setIsEntering] = useState(false);
  const [isBinOpen, setIsBinOpen] = useState(false);
  const [isMoreOpen, setIsMoreOpen] = useState(false);
  const apply = (filters: Filters) => {
    setApplied(filters);
    list.setQuery(toQuery(filters, type));
  };
  const refresh = () => {
    list.reload();
    sendCounts({ type: 'reload' });
  };
  const open = (row: { houseId: number; type: number }) => openPage(housePages.detail(row.houseId, row.type));

  return (
    <Flex direction="column" gap="4" p="5" data-testid="house-page">
      <Flex justify="between" align="end">
        <Box>
          <Heading size="6">房源</Heading>
          <Text size="2" color="gray">
            公司的出售与出租房源：私盘由维护人跟进，公盘全员可见
          </Text>
        </Box>
        <Flex gap="2">
          {permissions.can(HouseAuth.appType, HouseAuth.itemId, HouseAuth.recycleBin) && (
            <Button variant="soft" color="gray" onClick={() => setIsBinOpen(true)}>
              回收站
            </Button>
          )}
          {permissions.can(HouseAuth.appType, HouseAuth.itemId, HouseAuth.add) && (
            <Button onClick={() => setIsEntering(true)}>录入房源</Button>
          )}
        </Flex>
      </Flex>
      <Card size="2">
        <Tabs.Root
          value={String(type)}
          onValueChange={(value) => {
            const next = Number(value) as HouseTypeChoice['type'];
            setTypeChoice({ type: next, description: houseTypeDescriptions[next] });
            list.setQuery(toQuery(applied, next));
          }}
        >
          <Tabs.List>
            {[0, 1, 2, 3].map((value) => {
              const entry = typeCounts.find((count) => count.type === value);
              const name = houseTypeDescriptions[value as HouseTypeChoice['type']];
              return (
                <Tabs.Trigger aria-controls="house-list" key={value} value={String(value)}>
                  {name}
                  {entry ? `（${entry.count}）` : ''}
                </Tabs.Trigger>
              );
            })}
          </Tabs.List>
        </Tabs.Root>
      </Card>
      <FilterBar
        testId="house-search"
        applyText="搜索"
        onApply={() => apply(draft)}
        onReset={() => apply(reset())}
      >
        <FilterSelect
          label="搜索类型"
          value={draft.keyType}
          options={[
            { value: 1, label: '小区名称或地址' },
            { value: 2, label: '房源编号' },
            { value: 3, label: '业主姓名' },
          ]}
          onChange={(keyType) => set({ keyType })}
        />
        <SearchField
          historyKey="house"
          label="关键字"
          placeholder="请输入关键字"
          value={draft.key}
          maxLength={50}
          onChange={(key) => set({ key })}
          onSearch={(key) => apply({ ...draft, key })}
          width={180}
        />
        <TextField.Root
          aria-label="业主电话"
          placeholder="业主电话或后 4 位"
          value={draft.phone}
          maxLength={11}
          onChange={(e) => set({ phone: e.target.value })}
          style={{ width: 150 }}
        />
        <RangeFilter
          names={['最低价格', '最高价格']}
          placeholders={['最低价', '最高价']}
          min={draft.priceMin}
          max={draft.priceMax}
          onChange={(priceMin, priceMax) => set({ priceMin, priceMax })}
          width={80}
        />
        <RangeFilter
          names={['最小面积', '最大面积']}
          placeholders={['面积 ㎡', '面积 ㎡']}
          min={draft.areaMin}
          max={draft.areaMax}
          onChange={(areaMin, areaMax) => set({ areaMin, areaMax })}
          width={80}
        />
        <FilterSelect
          label="户型"
          allLabel="全部户型"
          value={draft.rooms}
          options={[1, 2, 3, 4, 5].map((rooms) => ({
            value: rooms,
            label: rooms === 5 ? '五室及以上' : `${'一二三四'[rooms - 1]}室`,
          }))}
          onChange={(rooms) => set({ rooms })}
        />
        <FilterSelect
          label="归属"
          allLabel="公盘和私盘"
          value={draft.attribution}
          options={[
            { value: 1, label: '公盘' },
            { value: 2, label: '私盘' },
          ]}
          onChange={(attribution) => set({ attribution })}
        />
        <FilterSelect
          label="状态"
          allLabel="全部状态"
          value={draft.state}
          options={[1, 2, 3, 4, 5].map((state) => ({ value: state, label: houseStateName(state, 1) }))}
          onChange={(state) => set({ state })}
        />
        <FilterSelect
          label="排序"
          value={draft.sort}
          options={[
            { value: 0, label: '默认排序' },
            { value: 1, label: '最新录入' },
            { value: 2, label: '最早录入' },
            { value: 4, label: '价格从低到高' },
            { value: 3, label: '价格从高到低' },
            { value: 6, label: '单价从低到高' },
            { value: 5, label: '单价从高到低' },
            { value: 8, label: '面积从小到大' },
            { value: 7, label: '面积从大到小' },
            { value: 9, label: '最近跟进' },
            { value: 10, label: '最久未跟进' },
          ]}
          onChange={(sort) => set({ sort })}
        />
        <Button
          variant="ghost"
          aria-expanded={isMoreOpen}
          aria-controls="house-more-filters"
          onClick={() => setIsMoreOpen((open) => !open)}
        >
          {isMoreOpen ? '收起条件' : '更多条件'}
        </Button>
        {isMoreOpen && (
          <Box id="house-more-filters" width="100%">
            <HouseMoreFilters draft={draft} onChange={set} />
          </Box>
        )}
      </FilterBar>
      <ListTable
        id="house-list"
        list={list}
        columns={columns(open)}
        rowKey={(row) => row.houseId}
        emptyText="没有找到房源"
        testId="house-list"
        rowTestId="house-row"
        showTotal
      />
      {isEntering && (
        <HouseForm
          onClose={(saved) => {
            setIsEntering(false);
            if (saved) {
              refresh();
              open(saved);
            }
          }}
          onOpenExisting={(houseId, houseType) => {
            setIsEntering(false);
            open({ houseId, type: houseType });
          }}
        />
      )}
      {isBinOpen && (
        <RecycleBin
          onClose={(changed) => {
            setIsBinOpen(false);
            if (changed) refresh();
          }}
        />
      )}
    </Flex>
  );
}
