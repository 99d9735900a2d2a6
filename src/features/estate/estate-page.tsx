/**
 * /views/estate/index (小区档案): the communities of the company's open cities from the platform
 * base, by city, district, 片区 and key (name, alias or address), 全部小区 or 已建档 only, 15 a page,
 * with the company's houses on sale and for rent. A row opens the community (the community archive
 * machine): its data, buildings and pictures, and 建立档案 from the platform data instead of typing.
 */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Badge, Box, Button, Card, Flex, Heading, Tabs, Text } from '@radix-ui/themes';
import { SearchField } from '../../ui/search-field';
import { resourceMachine } from '../../../machines/resource.machine';
import { useWorkspace, type PageProps } from '../../core/workspace';
import { usePermissions } from '../../core/permissions';
import { HouseAuth } from '../../../domain/auth-ids';
import { inspect } from '../../inspector/inspection-store';
import { DetailDialog } from '../../ui/list-page/detail-dialog';
import { FilterBar } from '../../ui/list-page/filter-bar';
import { ListTable, type Column } from '../../ui/list-page/list-table';
import { useFilterDraft, useListPage } from '../../ui/list-page/use-list-page';
import { CommunityDetail } from './community-detail';
import {
  communityPageSize,
  fetchCommunities,
  fetchDistricts,
  fetchOpenCities,
  type CommunityListItem,
  type CommunityQuery,
  type District,
  type OpenCity,
} from './estate-actors';
import { formatUnitPrice } from './estate-format';
import { FilterSelect } from '../../ui/list-page/filter-select';

type Filters = { cityId: string; distractId: string; regionId: string; key: string };
const all = 'all';
const emptyFilters: Filters = { cityId: all, distractId: all, regionId: all, key: '' };
type Query = Omit<CommunityQuery, 'pageindex' | 'pagesize'>;

function toQuery(filters: Filters, archived: 0 | 1): Query {
  return {
    archived,
    ...(filters.cityId !== all ? { cityId: Number(filters.cityId) } : {}),
    ...(filters.distractId !== all ? { distractId: Number(filters.distractId) } : {}),
    ...(filters.regionId !== all ? { regionId: Number(filters.regionId) } : {}),
    ...(filters.key.trim() ? { key: filters.key.trim() } : {}),
  };
}

const citiesMachine = resourceMachine.provide({ actors: { load: fromPromise<unknown>(fetchOpenCities) } });

function columns(onOpen: (communityId: number) => void): Column<CommunityListItem>[] {
  return [
    {
      key: 'name',
      header: '小区名称',
      isRowHeader: true,
      cell: (row) => (
        <>
          <Button variant="ghost" size="2" onClick={() => onOpen(row.communityId)}>
            {row.communityName}
          </Button>
          {row.alias && (
            <Text as="div" size="1" color="gray">
              别名：{row.alias}
            </Text>
          )}
        </>
      ),
    },
    {
      key: 'area',
      header: '区域',
      cell: (row) => [row.cityName, row.districtName, row.regionName].filter(Boolean).join(' · '),
    },
    { key: 'address', header: '地址', cell: (row) => row.address ?? '—' },
    { key: 'buildYear', header: '建成年份', cell: (row) => (row.buildYear ? `${row.buildYear} 年` : '—') },
    { key: 'price', header: '挂牌均价', cell: (row) => formatUnitPrice(row.avgUnitPrice) },
    { key: 'sell', header: '在售', cell: (row) => row.sellCount },
    { key: 'rent', header: '在租', cell: (row) => row.rentCount },
    {
      key: 'archived',
      header: '档案',
      cell: (row) =>
        row.isArchived === 1 ? <Badge color="green">已建档</Badge> : <Badge color="gray">未建档</Badge>,
    },
  ];
}

/** 区县 and 片区 of the chosen city, read when the city changes (keyed by it). */
function DistrictFilters({
  cityId,
  draft,
  onChange,
}: {
  cityId: number | null;
  draft: Filters;
  onChange: (patch: Partial<Filters>) => void;
}) {
  const [machine] = useState(() =>
    resourceMachine.provide({
      actors: { load: fromPromise<unknown>(async () => (cityId ? fetchDistricts(cityId) : [])) },
    }),
  );
  const [state] = useMachine(machine, { inspect });
  const districts = (state.context.data as District[] | null) ?? [];
  const regions = districts.find((d) => String(d.distractId) === draft.distractId)?.regions ?? [];
  return (
    <>
      <FilterSelect
        label="区县"
        allLabel="全部区县"
        value={draft.distractId}
        disabled={cityId === null}
        options={districts.map((d) => ({ value: d.distractId, label: d.distractName }))}
        onChange={(distractId) => onChange({ distractId, regionId: all })}
      />
      <FilterSelect
        label="片区"
        allLabel="全部片区"
        value={draft.regionId}
        disabled={regions.length === 0}
        options={regions.map((r) => ({ value: r.regionId, label: r.regionName }))}
        onChange={(regionId) => onChange({ regionId })}
      />
    </>
  );
}

export default function EstatePage(_props: PageProps) {
  const [archived, setArchived] = useState<0 | 1>(0);
  const { draft, set, reset } = useFilterDraft(emptyFilters);
  const [applied, setApplied] = useState<Filters>(emptyFilters);
  const list = useListPage({
    load: fetchCommunities,
    query: toQuery(emptyFilters, 0),
    pageSize: communityPageSize,
  });
  const [cities] = useMachine(citiesMachine, { inspect });
  const openCities = (cities.context.data as OpenCity[] | null) ?? [];
  const [openId, setOpenId] = useState<number | null>(null);
  const { openPage } = useWorkspace();
  const { can } = usePermissions();
  const apply = (filters: Filters) => {
    setApplied(filters);
    list.setQuery(toQuery(filters, archived));
  };

  return (
    <Flex direction="column" gap="4" p="5" data-testid="estate-page">
      <Flex align="end" gap="3">
        <Box flexGrow="1">
          <Heading size="6">小区档案</Heading>
          <Text size="2" color="gray">
            开通城市的小区库：建立本公司的小区档案，维护楼栋与图片，录入房源时按楼栋、单元、门牌选择
          </Text>
        </Box>
        {can(HouseAuth.appType, HouseAuth.itemId, HouseAuth.add) && (
          <Button
            variant="soft"
            onClick={() => openPage({ appType: 3, appId: 2, name: '云采集', path: '/views/estate/collect' })}
          >
            云采集
          </Button>
        )}
      </Flex>
      <Card size="2">
        <Tabs.Root
          value={String(archived)}
          onValueChange={(value) => {
            const next = Number(value) as 0 | 1;
            setArchived(next);
            list.setQuery(toQuery(applied, next));
          }}
        >
          <Tabs.List>
            <Tabs.Trigger aria-controls="community-list" value="0">
              全部小区
            </Tabs.Trigger>
            <Tabs.Trigger aria-controls="community-list" value="1">
              已建档
            </Tabs.Trigger>
          </Tabs.List>
        </Tabs.Root>
      </Card>
      <FilterBar
        testId="community-search"
        applyText="搜索"
        onApply={() => apply(draft)}
        onReset={() => apply(reset())}
      >
        <FilterSelect
          label="城市"
          allLabel="全部开通城市"
          value={draft.cityId}
          options={openCities.map((city) => ({ value: city.cityid, label: city.name }))}
          onChange={(cityId) => set({ cityId, distractId: all, regionId: all })}
        />
        <DistrictFilters
          key={draft.cityId}
          cityId={draft.cityId === all ? null : Number(draft.cityId)}
          draft={draft}
          onChange={set}
        />
        <SearchField
          historyKey="community"
          label="关键字"
          placeholder="小区名称、别名或地址"
          value={draft.key}
          maxLength={50}
          onChange={(key) => set({ key })}
          onSearch={(key) => apply({ ...draft, key })}
          width={220}
        />
      </FilterBar>
      <ListTable
        id="community-list"
        list={list}
        columns={columns(setOpenId)}
        rowKey={(row) => row.communityId}
        emptyText="没有找到小区"
        testId="community-list"
        rowTestId="community-row"
        showTotal
      />
      <DetailDialog
        title="小区档案"
        openKey={openId}
        maxWidth="820px"
        onClose={(changed) => {
          setOpenId(null);
          if (changed) list.reload();
        }}
      >
        {(communityId, onChanged) => (
          <CommunityDetail key={communityId} communityId={communityId} onChanged={onChanged} />
        )}
      </DetailDialog>
    </Flex>
  );
}
