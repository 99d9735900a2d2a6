/**
 * The company's archive of one community as a form (companyCommunity): the fields the company
 * maintains over the platform data, and its buildings (楼栋号、单元数、总层数、每层户数、电梯), from which
 * a listing's building, unit and room are chosen. The server checks every field again and names it.
 */
import { useState } from 'react';
import { Box, Flex, Grid, IconButton, Table, Text, TextArea } from '@radix-ui/themes';
import { TextField } from '../../ui/text-field';
import { Select } from '../../ui/select';
import { Button } from '../../ui/button';
import type { CommunityArchiveInput, CommunityRecord } from '../../../machines/community-archive.machine';

type Building = NonNullable<CommunityArchiveInput['buildings']>[number];
type TextFields = Record<(typeof textFields)[number]['key'], string>;

const textFields = [
  { key: 'alias', label: '小区别名' },
  { key: 'address', label: '地址' },
  { key: 'buildYear', label: '建成年份', numeric: true },
  { key: 'developer', label: '开发商' },
  { key: 'propertyCompany', label: '物业公司' },
  { key: 'propertyPhone', label: '物业电话' },
  { key: 'propertyFee', label: '物业费（元/㎡/月）', numeric: true },
  { key: 'totalBuildings', label: '楼栋总数', numeric: true },
  { key: 'totalHouseholds', label: '总户数', numeric: true },
  { key: 'parkingSpaces', label: '车位数', numeric: true },
  { key: 'greeningRate', label: '绿化率（%）', numeric: true },
  { key: 'plotRatio', label: '容积率', numeric: true },
] as const;

function initialText(record: CommunityRecord): TextFields {
  const base = record.archive?.community ?? record.community;
  const text = (value: string | number | null | undefined) => (value == null ? '' : String(value));
  return {
    alias: text(base.alias),
    address: text(base.address),
    buildYear: text(base.buildYear),
    developer: text(base.developer),
    propertyCompany: text(base.propertyCompany),
    propertyPhone: text(record.archive?.propertyPhone),
    propertyFee: text(base.propertyFee),
    totalBuildings: text(base.totalBuildings),
    totalHouseholds: text(base.totalHouseholds),
    parkingSpaces: text(base.parkingSpaces),
    greeningRate: text(base.greeningRate),
    plotRatio: text(base.plotRatio),
  };
}

/** The form's values as the contract's input: empty fields are left out, numbers parsed. */
export function toArchiveInput(
  communityId: number,
  text: TextFields,
  buildings: Building[],
  remark: string,
): CommunityArchiveInput {
  const input: Record<string, unknown> = { communityId, buildings };
  for (const field of textFields) {
    const value = text[field.key].trim();
    if (value === '') continue;
    input[field.key] = 'numeric' in field ? Number(value) : value;
  }
  if (remark.trim() !== '') input['remark'] = remark.trim();
  return input as CommunityArchiveInput;
}

const emptyBuilding = (n: number): Building => ({
  buildingNo: `${n}栋`,
  unitCount: 1,
  floorCount: 18,
  householdsPerFloor: 4,
  elevator: 1,
});

export function ArchiveForm({
  record,
  isSaving,
  onSave,
  onCancel,
}: {
  record: CommunityRecord;
  isSaving: boolean;
  onSave: (value: CommunityArchiveInput) => void;
  onCancel: () => void;
}) {
  const [text, setText] = useState<TextFields>(() => initialText(record));
  const [buildings, setBuildings] = useState<Building[]>(() => record.archive?.buildings ?? []);
  const [remark, setRemark] = useState(record.archive?.remark ?? '');
  const setBuilding = (index: number, patch: Partial<Building>) =>
    setBuildings((list) => list.map((b, i) => (i === index ? { ...b, ...patch } : b)));
  const numberCell = (
    index: number,
    key: 'unitCount' | 'floorCount' | 'householdsPerFloor',
    label: string,
  ) => (
    <TextField.Root
      size="1"
      type="number"
      aria-label={`第 ${index + 1} 栋${label}`}
      value={String(buildings[index]?.[key] ?? '')}
      onChange={(e) => setBuilding(index, { [key]: Number(e.target.value) })}
    />
  );
  return (
    <form
      aria-label="小区档案"
      onSubmit={(e) => {
        e.preventDefault();
        onSave(toArchiveInput(record.community.communityId, text, buildings, remark));
      }}
    >
      <Grid columns="3" gap="3">
        {textFields.map((field) => (
          <label key={field.key}>
            <Text size="2" as="div" mb="1">
              {field.label}
            </Text>
            <TextField.Root
              value={text[field.key]}
              inputMode={'numeric' in field ? 'decimal' : undefined}
              onChange={(e) => setText((t) => ({ ...t, [field.key]: e.target.value }))}
            />
          </label>
        ))}
      </Grid>
      <Flex justify="between" align="center" mt="4" mb="2">
        <Text weight="bold">楼栋（{buildings.length}）</Text>
        <Button
          type="button"
          size="1"
          variant="soft"
          onClick={() => setBuildings((list) => [...list, emptyBuilding(list.length + 1)])}
        >
          添加楼栋
        </Button>
      </Flex>
      {buildings.length === 0 ? (
        <Text size="2" color="gray" as="p">
          尚未添加楼栋；添加后，录入房源时可按楼栋、单元、门牌选择。
        </Text>
      ) : (
        <Box style={{ maxHeight: 260, overflowY: 'auto' }}>
          <Table.Root size="1" variant="surface">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>楼栋号</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>单元数</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>总层数</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>每层户数</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>电梯</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {buildings.map((building, index) => (
                <Table.Row key={index}>
                  <Table.Cell>
                    <TextField.Root
                      size="1"
                      aria-label={`第 ${index + 1} 栋楼栋号`}
                      value={building.buildingNo}
                      onChange={(e) => setBuilding(index, { buildingNo: e.target.value })}
                    />
                  </Table.Cell>
                  <Table.Cell>{numberCell(index, 'unitCount', '单元数')}</Table.Cell>
                  <Table.Cell>{numberCell(index, 'floorCount', '总层数')}</Table.Cell>
                  <Table.Cell>{numberCell(index, 'householdsPerFloor', '每层户数')}</Table.Cell>
                  <Table.Cell>
                    <Select.Root
                      size="1"
                      value={String(building.elevator ?? 0)}
                      onValueChange={(v) => setBuilding(index, { elevator: Number(v) as 0 | 1 })}
                    >
                      <Select.Trigger aria-label={`第 ${index + 1} 栋电梯`} />
                      <Select.Content>
                        <Select.Item value="1">有</Select.Item>
                        <Select.Item value="0">无</Select.Item>
                      </Select.Content>
                    </Select.Root>
                  </Table.Cell>
                  <Table.Cell>
                    <IconButton
                      type="button"
                      size="1"
                      variant="ghost"
                      color="red"
                      aria-label={`删除第 ${index + 1} 栋`}
                      onClick={() => setBuildings((list) => list.filter((_, i) => i !== index))}
                    >
                      ×
                    </IconButton>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
      <label>
        <Text size="2" as="div" mt="4" mb="1">
          备注
        </Text>
        <TextArea value={remark} maxLength={500} onChange={(e) => setRemark(e.target.value)} />
      </label>
      <Flex gap="3" justify="end" mt="4">
        <Button type="button" variant="soft" color="gray" onClick={onCancel} disabled={isSaving}>
          取消
        </Button>
        <Button type="submit" loading={isSaving}>
          保存
        </Button>
      </Flex>
    </form>
  );
}
