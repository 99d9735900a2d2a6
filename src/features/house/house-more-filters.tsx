/**
 * 更多条件 of the listing search: the rest of what housingPosts filters by (001 section 3 "House
 * search": time ranges, unit price and floor ranges, building, unit and room numbers, district and
 * region, renovation, orientation, property type, tags and others), plus the department and the
 * maintainer. Shown under the main filters when opened.
 */
import { useEffect, useMemo, useState } from 'react';
import { Flex } from '@radix-ui/themes';
import { TextField } from '../../ui/text-field';
import { DateRangeFilter, RangeFilter } from '../../ui/list-page/filter-bar';
import { FilterSelect, namedOptions, staffOptions } from '../../ui/list-page/filter-select';
import { propertyNames, renovationNames, towardNames } from '../../../domain/house-rules';
import {
  fetchHouseDepartments,
  fetchHouseDistricts,
  fetchHouseTags,
  type AppCategory,
  type HouseDepartmentNode,
  type HouseDistrict,
  type HouseSearch,
} from './house-actors';

export type MoreFilters = {
  entryStart: string;
  entryEnd: string;
  followUpStart: string;
  followUpEnd: string;
  updateStart: string;
  updateEnd: string;
  unitPriceMin: string;
  unitPriceMax: string;
  floorMin: string;
  floorMax: string;
  buildingNo: string;
  unitNo: string;
  roomNo: string;
  district: string;
  region: string;
  renovation: string;
  toward: string;
  property: string;
  tag: string;
  deptId: string;
  userId: string;
  other: string;
};

const all = 'all';

export const emptyMoreFilters: MoreFilters = {
  entryStart: '',
  entryEnd: '',
  followUpStart: '',
  followUpEnd: '',
  updateStart: '',
  updateEnd: '',
  unitPriceMin: '',
  unitPriceMax: '',
  floorMin: '',
  floorMax: '',
  buildingNo: '',
  unitNo: '',
  roomNo: '',
  district: all,
  region: all,
  renovation: all,
  toward: all,
  property: all,
  tag: all,
  deptId: all,
  userId: all,
  other: all,
};

/** 其他条件 as the contract numbers them. */
export const otherConditionNames: Record<number, string> = {
  1: '有钥匙',
  2: '独家',
  3: '有实勘图',
  4: '有 VR',
  5: '已锁定',
  6: '已置顶',
  7: '已封盘',
  8: '我维护的',
  9: '我录入的',
};

type MoreQuery = Pick<
  HouseSearch,
  | 'entryTime'
  | 'followUpTime'
  | 'updateTime'
  | 'unitPrice'
  | 'floor'
  | 'buildingNo'
  | 'unitNo'
  | 'roomNo'
  | 'district'
  | 'region'
  | 'renovation'
  | 'toward'
  | 'property'
  | 'tags'
  | 'deptId'
  | 'userId'
  | 'others'
>;

const number = (value: string) => (value.trim() === '' || Number.isNaN(Number(value)) ? null : Number(value));

/** The part of the search body these filters set; an untouched filter sends nothing. */
export function moreQuery(filters: MoreFilters): MoreQuery {
  const range = (min: string, max: string) =>
    number(min) === null && number(max) === null ? undefined : { min: number(min), max: number(max) };
  const dates = (start: string, end: string) =>
    start || end ? { start: start || null, end: end || null } : undefined;
  const chosen = (value: string) => (value === all ? undefined : Number(value));
  const query: MoreQuery = {};
  const entryTime = dates(filters.entryStart, filters.entryEnd);
  if (entryTime) query.entryTime = entryTime;
  const followUpTime = dates(filters.followUpStart, filters.followUpEnd);
  if (followUpTime) query.followUpTime = followUpTime;
  const updateTime = dates(filters.updateStart, filters.updateEnd);
  if (updateTime) query.updateTime = updateTime;
  const unitPrice = range(filters.unitPriceMin, filters.unitPriceMax);
  if (unitPrice) query.unitPrice = unitPrice;
  const floor = range(filters.floorMin, filters.floorMax);
  if (floor) query.floor = floor;
  for (const key of ['buildingNo', 'unitNo', 'roomNo'] as const)
    if (filters[key].trim()) query[key] = filters[key].trim();
  const district = chosen(filters.district);
  if (district) query.district = district;
  const region = chosen(filters.region);
  if (region) query.region = region;
  const renovation = chosen(filters.renovation);
  if (renovation) query.renovation = [renovation as 1];
  const toward = chosen(filters.toward);
  if (toward) query.toward = [toward as 1];
  const property = chosen(filters.property);
  if (property) query.property = [property as 1];
  const tag = chosen(filters.tag);
  if (tag) query.tags = [tag];
  const deptId = chosen(filters.deptId);
  if (deptId) query.deptId = deptId;
  const userId = chosen(filters.userId);
  if (userId) query.userId = userId;
  const other = chosen(filters.other);
  if (other) query.others = [other as 1];
  return query;
}

function flatten(nodes: HouseDepartmentNode[], depth = 0): { node: HouseDepartmentNode; depth: number }[] {
  return nodes.flatMap((node) => [{ node, depth }, ...flatten(node.children, depth + 1)]);
}

export function HouseMoreFilters({
  draft,
  onChange,
}: {
  draft: MoreFilters;
  onChange: (patch: Partial<MoreFilters>) => void;
}) {
  const [districts, setDistricts] = useState<HouseDistrict[]>([]);
  const [tags, setTags] = useState<AppCategory[]>([]);
  const [departments, setDepartments] = useState<HouseDepartmentNode[]>([]);
  useEffect(() => {
    void fetchHouseDistricts()
      .then(setDistricts)
      .catch(() => setDistricts([]));
    void fetchHouseTags()
      .then(setTags)
      .catch(() => setTags([]));
    void fetchHouseDepartments()
      .then(setDepartments)
      .catch(() => setDepartments([]));
  }, []);
  const deptRows = useMemo(() => flatten(departments), [departments]);
  const people = useMemo(() => {
    const picked =
      draft.deptId === all
        ? deptRows
        : flatten(deptRows.filter((row) => String(row.node.dept.deptId) === draft.deptId).map((r) => r.node));
    const seen = new Map<number, { userId: number; name: string }>();
    for (const row of picked) for (const person of row.node.users ?? []) seen.set(person.userId, person);
    return [...seen.values()];
  }, [deptRows, draft.deptId]);
  const regions = districts.find((district) => String(district.distractId) === draft.district)?.regions ?? [];

  return (
    <Flex gap="3" wrap="wrap" align="center" width="100%" data-testid="house-more-filters">
      <DateRangeFilter
        label="录入时间"
        start={draft.entryStart}
        end={draft.entryEnd}
        onChange={(entryStart, entryEnd) => onChange({ entryStart, entryEnd })}
      />
      <DateRangeFilter
        label="跟进时间"
        start={draft.followUpStart}
        end={draft.followUpEnd}
        onChange={(followUpStart, followUpEnd) => onChange({ followUpStart, followUpEnd })}
      />
      <DateRangeFilter
        label="更新时间"
        start={draft.updateStart}
        end={draft.updateEnd}
        onChange={(updateStart, updateEnd) => onChange({ updateStart, updateEnd })}
      />
      <RangeFilter
        label="单价"
        names={['最低单价', '最高单价']}
        placeholders={['最低', '最高']}
        width={72}
        min={draft.unitPriceMin}
        max={draft.unitPriceMax}
        onChange={(unitPriceMin, unitPriceMax) => onChange({ unitPriceMin, unitPriceMax })}
      />
      <RangeFilter
        label="楼层"
        names={['最低楼层', '最高楼层']}
        placeholders={['最低', '最高']}
        width={72}
        min={draft.floorMin}
        max={draft.floorMax}
        onChange={(floorMin, floorMax) => onChange({ floorMin, floorMax })}
      />
      {(
        [
          ['buildingNo', '楼栋号'],
          ['unitNo', '单元号'],
          ['roomNo', '门牌号'],
        ] as const
      ).map(([key, label]) => (
        <TextField.Root
          key={key}
          aria-label={label}
          placeholder={label}
          value={draft[key]}
          maxLength={20}
          onChange={(e) => onChange({ [key]: e.target.value })}
          style={{ width: 90 }}
        />
      ))}
      <FilterSelect
        label="区县"
        allLabel="全部区县"
        value={draft.district}
        options={districts.map((district) => ({ value: district.distractId, label: district.distractName }))}
        onChange={(district) => onChange({ district, region: all })}
      />
      <FilterSelect
        label="片区"
        allLabel="全部片区"
        value={draft.region}
        disabled={regions.length === 0}
        options={regions.map((region) => ({ value: region.regionId, label: region.regionName }))}
        onChange={(region) => onChange({ region })}
      />
      <FilterSelect
        label="装修"
        allLabel="全部装修"
        value={draft.renovation}
        options={namedOptions(renovationNames)}
        onChange={(renovation) => onChange({ renovation })}
      />
      <FilterSelect
        label="朝向"
        allLabel="全部朝向"
        value={draft.toward}
        options={namedOptions(towardNames)}
        onChange={(toward) => onChange({ toward })}
      />
      <FilterSelect
        label="物业类型"
        allLabel="全部物业类型"
        value={draft.property}
        options={namedOptions(propertyNames)}
        onChange={(property) => onChange({ property })}
      />
      <FilterSelect
        label="标签"
        allLabel="全部标签"
        value={draft.tag}
        options={tags.map((tag) => ({ value: tag.categoryId, label: tag.name }))}
        onChange={(tag) => onChange({ tag })}
      />
      <FilterSelect
        label="部门"
        allLabel="全部部门"
        value={draft.deptId}
        options={deptRows.map((row) => ({
          value: row.node.dept.deptId,
          label: `${'\u3000'.repeat(row.depth)}${row.node.dept.deptName}`,
        }))}
        onChange={(deptId) => onChange({ deptId, userId: all })}
      />
      <FilterSelect
        label="维护人"
        allLabel="全部维护人"
        value={draft.userId}
        options={staffOptions(people)}
        onChange={(userId) => onChange({ userId })}
      />
      <FilterSelect
        label="其他条件"
        allLabel="其他条件不限"
        value={draft.other}
        options={namedOptions(otherConditionNames)}
        onChange={(other) => onChange({ other })}
      />
    </Flex>
  );
}
