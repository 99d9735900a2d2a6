/**
 * 楼栋号 / 单元号 / 门牌号 of a listing chosen from the community archive instead of typed: the
 * company's archive of the chosen community lists its buildings (楼栋 → 单元数, 总层数, 每层户数), so a
 * room is picked as building, unit and "floor + household" (1803 is the 3rd home on the 18th floor),
 * which also fills the floor and the building's total floors. Without an archive with buildings the
 * numbers are typed; 手动填写 is offered to who may add building numbers (新增楼栋、单元号, 17), as
 * the server refuses an unknown building to others. Three cells of the entry form's grid.
 */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Button, Flex } from '@radix-ui/themes';
import { TextField } from '../ui/text-field';
import { Select } from '../ui/select';
import { resourceMachine } from '../../machines/resource.machine';
import { api, ApiCodeError, ok } from '../api/client';
import { inspect } from '../inspector/inspection-store';
import { usePermissions } from '../core/permissions';
import type { components } from '../../openapi/generated/api';
import { HouseAuth } from '../../domain/auth-ids';
import { ListingField } from './listing-fields';

type Building = components['schemas']['CommunityBuilding'];
export type RoomNumbers = { buildingNo: string; unitNo: string; roomNo: string };
export type RoomPatch = Partial<RoomNumbers & { floor: string; totalFloor: string }>;

const notArchived = 404;

async function loadBuildings(communityId: number): Promise<Building[]> {
  try {
    const result = await ok(
      api.GET('/community/companyCommunityDetail', { params: { query: { communityId } } }),
    );
    return result.data?.buildings ?? [];
  } catch (error) {
    if (error instanceof ApiCodeError && error.code === notArchived) return [];
    throw error;
  }
}

/** The rooms of a building: every floor × household, as 门牌号 1803 (floor 18, home 3). */
export function roomsOf(building: Building): { roomNo: string; floor: number }[] {
  const rooms: { roomNo: string; floor: number }[] = [];
  for (let floor = 1; floor <= building.floorCount; floor += 1)
    for (let home = 1; home <= building.householdsPerFloor; home += 1)
      rooms.push({ roomNo: `${floor}${String(home).padStart(2, '0')}`, floor });
  return rooms;
}

export function unitsOf(building: Building): string[] {
  return Array.from({ length: building.unitCount }, (_, index) => `${index + 1}单元`);
}

function Choice({
  label,
  value,
  options,
  onChange,
  placeholder,
}: {
  label: string;
  value: string;
  options: string[];
  onChange: (value: string) => void;
  placeholder: string;
}) {
  return (
    <Select.Root value={value || undefined} onValueChange={onChange} disabled={options.length === 0}>
      <Select.Trigger aria-label={label} placeholder={placeholder} style={{ width: '100%' }} />
      <Select.Content position="popper" style={{ maxHeight: 320 }}>
        {options.map((option) => (
          <Select.Item key={option} value={option}>
            {option}
          </Select.Item>
        ))}
      </Select.Content>
    </Select.Root>
  );
}

function TypedNumbers({ value, onChange }: { value: RoomNumbers; onChange: (patch: RoomPatch) => void }) {
  const field = (key: keyof RoomNumbers, label: string, placeholder: string) => (
    <ListingField label={label}>
      <TextField.Root
        aria-label={label}
        placeholder={placeholder}
        value={value[key]}
        maxLength={20}
        onChange={(e) => onChange({ [key]: e.target.value })}
      />
    </ListingField>
  );
  return (
    <>
      {field('buildingNo', '楼栋号', '如 7栋')}
      {field('unitNo', '单元号', '如 2单元')}
      {field('roomNo', '门牌号', '如 1803')}
    </>
  );
}

function PickedNumbers({
  buildings,
  value,
  onChange,
  onTyping,
}: {
  buildings: Building[];
  value: RoomNumbers;
  onChange: (patch: RoomPatch) => void;
  onTyping: (() => void) | null;
}) {
  const building = buildings.find((b) => b.buildingNo === value.buildingNo);
  const units = building ? unitsOf(building) : [];
  const rooms = building ? roomsOf(building) : [];
  return (
    <>
      <ListingField label="楼栋号">
        <Flex gap="1" align="center">
          <Choice
            label="楼栋号"
            placeholder="选择楼栋"
            value={building ? value.buildingNo : ''}
            options={buildings.map((b) => b.buildingNo)}
            onChange={(buildingNo) => {
              const next = buildings.find((b) => b.buildingNo === buildingNo)!;
              onChange({
                buildingNo,
                unitNo: next.unitCount === 1 ? '1单元' : '',
                roomNo: '',
                totalFloor: String(next.floorCount),
              });
            }}
          />
          {onTyping && (
            <Button type="button" size="1" variant="ghost" onClick={onTyping}>
              手动填写
            </Button>
          )}
        </Flex>
      </ListingField>
      <ListingField label="单元号">
        <Choice
          label="单元号"
          placeholder={building && units.length === 0 ? '无单元' : '选择单元'}
          value={units.includes(value.unitNo) ? value.unitNo : ''}
          options={units}
          onChange={(unitNo) => onChange({ unitNo })}
        />
      </ListingField>
      <ListingField label="门牌号">
        <Choice
          label="门牌号"
          placeholder="选择门牌"
          value={rooms.some((room) => room.roomNo === value.roomNo) ? value.roomNo : ''}
          options={rooms.map((room) => room.roomNo)}
          onChange={(roomNo) =>
            onChange({ roomNo, floor: String(rooms.find((room) => room.roomNo === roomNo)?.floor ?? '') })
          }
        />
      </ListingField>
    </>
  );
}

function ArchiveNumbers({
  communityId,
  value,
  onChange,
}: {
  communityId: number;
  value: RoomNumbers;
  onChange: (patch: RoomPatch) => void;
}) {
  const [machine] = useState(() =>
    resourceMachine.provide({ actors: { load: fromPromise<unknown>(() => loadBuildings(communityId)) } }),
  );
  const [state] = useMachine(machine, { inspect });
  const { can } = usePermissions();
  const buildings = (state.context.data as Building[] | null) ?? [];
  const mayType = can(HouseAuth.appType, HouseAuth.itemId, HouseAuth.newBuildingNo);
  // A listing entered before the archive knew its building keeps its typed numbers.
  const isKnown =
    value.buildingNo === '' || buildings.some((building) => building.buildingNo === value.buildingNo);
  const [isTyping, setTyping] = useState(false);
  if (buildings.length === 0 || isTyping || !isKnown)
    return <TypedNumbers value={value} onChange={onChange} />;
  return (
    <PickedNumbers
      buildings={buildings}
      value={value}
      onChange={onChange}
      onTyping={mayType ? () => setTyping(true) : null}
    />
  );
}

export function CommunityRoomPicker({
  communityId,
  value,
  onChange,
}: {
  communityId: number | null;
  value: RoomNumbers;
  onChange: (patch: RoomPatch) => void;
}) {
  if (!communityId) return <TypedNumbers value={value} onChange={onChange} />;
  return <ArchiveNumbers key={communityId} communityId={communityId} value={value} onChange={onChange} />;
}
