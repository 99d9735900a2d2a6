/**
 * 录入客户 / 编辑客户: a buy (求购), rent (求租) or new-house (新房) customer with name, phones,
 * source, level, tags and the requirement (districts and communities wanted, price or rent range, area
 * range, layout, property type, payment method, purpose). A duplicate phone is refused by the server
 * naming the existing customer and its holder; its message is shown here and nothing is saved.
 */
import { useEffect, useState } from 'react';
import { Button, Callout, Checkbox, Dialog, Flex, Grid, Text, TextArea } from '@radix-ui/themes';
import { TextField } from '../../ui/text-field';
import { Select } from '../../ui/select';
import { propertyNames } from '../../../domain/house-rules';
import {
  fetchCustomerTags,
  fetchDistricts,
  saveCustomer,
  type CustomerDetail,
  type CustomerInput,
  type Option,
} from './customer-actors';
import {
  buyPayments,
  customerSources,
  levelNames,
  priceUnit,
  purposes,
  rentPayments,
  roomNames,
} from './customer-format';

type Draft = {
  customerType: string;
  customerAttribution: string;
  name: string;
  gender: string;
  phones: { phone: string; remark: string }[];
  wechat: string;
  source: string;
  level: string;
  tags: number[];
  priceMin: string;
  priceMax: string;
  areaMin: string;
  areaMax: string;
  room: number[];
  districtIds: number[];
  communityNames: string;
  property: string;
  payment: string;
  purpose: string;
  remark: string;
};

const none = 'none';

function draftOf(customer?: CustomerDetail): Draft {
  const demand = customer?.demand;
  const text = (value: number | null | undefined) => (value == null ? '' : String(value));
  return {
    customerType: String(customer?.customerType ?? 1),
    customerAttribution: String(customer?.customerAttribution ?? 1),
    name: customer?.name ?? '',
    gender: customer?.gender ? String(customer.gender) : none,
    phones: customer?.phones.map((row) => ({ phone: row.phone, remark: row.remark ?? '' })) ?? [
      { phone: '', remark: '' },
    ],
    wechat: customer?.wechat ?? '',
    source: customer?.source ?? none,
    level: customer?.level ?? none,
    tags: customer?.tags?.map((tag) => tag.categoryId) ?? [],
    priceMin: text(demand?.priceMin),
    priceMax: text(demand?.priceMax),
    areaMin: text(demand?.areaMin),
    areaMax: text(demand?.areaMax),
    room: demand?.room ?? [],
    districtIds: demand?.districtIds ?? [],
    communityNames: (demand?.communityNames ?? []).join('，'),
    property: demand?.property ? String(demand.property) : none,
    payment: demand?.payment ?? none,
    purpose: demand?.purpose ?? none,
    remark: demand?.remark ?? '',
  };
}

const toggle = (list: number[], value: number) =>
  list.includes(value) ? list.filter((item) => item !== value) : [...list, value].sort((a, b) => a - b);

const numberOrNull = (value: string) => (value.trim() === '' ? null : Number(value));
const chosen = (value: string) => (value === none ? null : value);

/**
 * The body of customerAdd / customerEdit, or the first problem naming the field. A protected phone
 * the edit form was shown masked may go back as it is (the server keeps the number it stands for).
 */
function toInput(draft: Draft, shownMasked: readonly string[] = []): CustomerInput | string {
  if (!draft.name.trim()) return '请输入客户姓名';
  const phones = draft.phones.filter((row) => row.phone.trim() !== '');
  if (phones.length === 0) return '请输入客户电话';
  const wrong = phones.find(
    (row) => !/^1[3-9]\d{9}$/.test(row.phone.trim()) && !shownMasked.includes(row.phone.trim()),
  );
  if (wrong) return `客户电话格式不正确：${wrong.phone}`;
  for (const [label, value] of [
    ['意向价格下限', draft.priceMin],
    ['意向价格上限', draft.priceMax],
    ['意向面积下限', draft.areaMin],
    ['意向面积上限', draft.areaMax],
  ] as const) {
    if (value.trim() !== '' && !(Number(value) >= 0)) return `${label}请输入数字`;
  }
  return {
    customerType: Number(draft.customerType) as 1,
    customerAttribution: Number(draft.customerAttribution) as 1,
    name: draft.name.trim(),
    gender: draft.gender === none ? null : (Number(draft.gender) as 1),
    phones: phones.map((row) => ({ phone: row.phone.trim(), remark: row.remark.trim() || null })),
    wechat: draft.wechat.trim() || null,
    source: chosen(draft.source),
    level: chosen(draft.level) as 'A' | null,
    tags: draft.tags,
    demand: {
      priceMin: numberOrNull(draft.priceMin),
      priceMax: numberOrNull(draft.priceMax),
      areaMin: numberOrNull(draft.areaMin),
      areaMax: numberOrNull(draft.areaMax),
      room: draft.room as 1[],
      districtIds: draft.districtIds,
      communityNames: [
        ...new Set(
          draft.communityNames
            .split(/[,，、\s]+/)
            .map((name) => name.trim())
            .filter(Boolean),
        ),
      ],
      property: draft.property === none ? null : Number(draft.property),
      payment: chosen(draft.payment),
      purpose: draft.customerType === '2' ? null : chosen(draft.purpose),
      remark: draft.remark.trim() || null,
    },
  };
}

function Choice({
  label,
  value,
  options,
  onChange,
  allowNone = true,
  noneLabel = '不限',
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  allowNone?: boolean;
  /** What the empty choice reads: 不限 for a requirement, 未选择 for a fact about the customer. */
  noneLabel?: string;
}) {
  return (
    <Flex direction="column" gap="1">
      <Text size="2">{label}</Text>
      <Select.Root value={value} onValueChange={onChange}>
        <Select.Trigger aria-label={label} />
        <Select.Content>
          {allowNone && <Select.Item value={none}>{noneLabel}</Select.Item>}
          {options.map((option) => (
            <Select.Item key={option.value} value={option.value}>
              {option.label}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
    </Flex>
  );
}

function Field({
  label,
  value,
  onChange,
  placeholder = '请输入',
  width,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  width?: number;
}) {
  return (
    <TextField.Root
      aria-label={label}
      placeholder={placeholder}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      style={width ? { width } : undefined}
    />
  );
}

export function CustomerForm({
  initial,
  onClose,
}: {
  /** The customer being edited; absent when entering a new one. */
  initial?: CustomerDetail;
  onClose: (saved: { customerId: number } | null) => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(initial));
  const [districts, setDistricts] = useState<Option[]>([]);
  const [tags, setTags] = useState<Option[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const set = (patch: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setProblem(null);
  };
  useEffect(() => {
    void fetchDistricts()
      .then(setDistricts)
      .catch(() => setDistricts([]));
    void fetchCustomerTags()
      .then(setTags)
      .catch(() => setTags([]));
  }, []);
  const isRent = draft.customerType === '2';
  const unit = priceUnit(Number(draft.customerType));
  const save = () => {
    const shownMasked = initial?.phonesHidden ? initial.phones.map((row) => row.phone) : [];
    const input = toInput(draft, shownMasked);
    if (typeof input === 'string') return setProblem(input);
    setIsSaving(true);
    void saveCustomer(input, initial?.customerId)
      .then((saved) => onClose({ customerId: saved.customerId }))
      .catch((error: unknown) => {
        setIsSaving(false);
        setProblem(error instanceof Error ? error.message : String(error));
      });
  };
  const title = initial ? '编辑客户' : '录入客户';
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose(null)}>
      <Dialog.Content maxWidth="760px" aria-describedby={undefined}>
        <Dialog.Title>{title}</Dialog.Title>
        <Flex direction="column" gap="3">
          <Grid columns="3" gap="3">
            <Choice
              label="客户类型"
              allowNone={false}
              value={draft.customerType}
              options={[
                { value: '1', label: '求购' },
                { value: '2', label: '求租' },
                { value: '3', label: '新房' },
              ]}
              onChange={(customerType) => set({ customerType, payment: none })}
            />
            {!initial && (
              <Choice
                label="客户归属"
                allowNone={false}
                value={draft.customerAttribution}
                options={[
                  { value: '1', label: '私客（我维护）' },
                  { value: '2', label: '公客' },
                ]}
                onChange={(customerAttribution) => set({ customerAttribution })}
              />
            )}
            <Choice
              label="客户等级"
              noneLabel="未选择"
              value={draft.level}
              options={Object.entries(levelNames).map(([value, label]) => ({ value, label }))}
              onChange={(level) => set({ level })}
            />
          </Grid>
          <Grid columns="3" gap="3">
            <Flex direction="column" gap="1">
              <Text size="2">客户姓名</Text>
              <Field label="客户姓名" value={draft.name} onChange={(name) => set({ name })} />
            </Flex>
            <Choice
              label="性别"
              noneLabel="未选择"
              value={draft.gender}
              options={[
                { value: '1', label: '先生' },
                { value: '2', label: '女士' },
              ]}
              onChange={(gender) => set({ gender })}
            />
            <Choice
              label="客户来源"
              noneLabel="未选择"
              value={draft.source}
              options={customerSources.map((source) => ({ value: source, label: source }))}
              onChange={(source) => set({ source })}
            />
          </Grid>
          <Flex direction="column" gap="1">
            <Text size="2">客户电话</Text>
            {draft.phones.map((row, index) => (
              <Flex key={index} gap="2" align="center">
                <Field
                  label={index === 0 ? '客户电话' : `客户电话${index + 1}`}
                  placeholder="请输入手机号"
                  value={row.phone}
                  width={180}
                  onChange={(phone) =>
                    set({ phones: draft.phones.map((r, i) => (i === index ? { ...r, phone } : r)) })
                  }
                />
                <Field
                  label={`电话${index + 1}备注`}
                  placeholder="备注（如 本人、配偶）"
                  value={row.remark}
                  width={180}
                  onChange={(remark) =>
                    set({ phones: draft.phones.map((r, i) => (i === index ? { ...r, remark } : r)) })
                  }
                />
                {index > 0 && (
                  <Button
                    size="1"
                    variant="ghost"
                    color="red"
                    onClick={() => set({ phones: draft.phones.filter((_, i) => i !== index) })}
                  >
                    移除
                  </Button>
                )}
              </Flex>
            ))}
            {draft.phones.length < 3 && (
              <Flex>
                <Button
                  size="1"
                  variant="soft"
                  onClick={() => set({ phones: [...draft.phones, { phone: '', remark: '' }] })}
                >
                  添加电话
                </Button>
              </Flex>
            )}
          </Flex>
          <Flex gap="3" align="center">
            <Text size="2">微信</Text>
            <Field label="微信" value={draft.wechat} width={200} onChange={(wechat) => set({ wechat })} />
          </Flex>
          {tags.length > 0 && (
            <Flex gap="3" wrap="wrap" align="center">
              <Text size="2">标签</Text>
              {tags.map((tag) => (
                <Text key={tag.id} as="label" size="2">
                  <Flex gap="1" align="center">
                    <Checkbox
                      checked={draft.tags.includes(tag.id)}
                      onCheckedChange={() => set({ tags: toggle(draft.tags, tag.id) })}
                    />
                    {tag.name}
                  </Flex>
                </Text>
              ))}
            </Flex>
          )}
          <Text weight="medium">客户需求</Text>
          <Flex gap="4" wrap="wrap">
            <Flex gap="1" align="center">
              <Text size="2">{isRent ? '意向租金' : '意向价格'}</Text>
              <Field
                label="意向价格下限"
                placeholder="不限"
                width={80}
                value={draft.priceMin}
                onChange={(priceMin) => set({ priceMin })}
              />
              <Text size="1">-</Text>
              <Field
                label="意向价格上限"
                placeholder="不限"
                width={80}
                value={draft.priceMax}
                onChange={(priceMax) => set({ priceMax })}
              />
              <Text size="2">{unit}</Text>
            </Flex>
            <Flex gap="1" align="center">
              <Text size="2">意向面积</Text>
              <Field
                label="意向面积下限"
                placeholder="不限"
                width={70}
                value={draft.areaMin}
                onChange={(areaMin) => set({ areaMin })}
              />
              <Text size="1">-</Text>
              <Field
                label="意向面积上限"
                placeholder="不限"
                width={70}
                value={draft.areaMax}
                onChange={(areaMax) => set({ areaMax })}
              />
              <Text size="2">㎡</Text>
            </Flex>
          </Flex>
          <Flex gap="3" wrap="wrap" align="center">
            <Text size="2">意向居室</Text>
            {Object.entries(roomNames).map(([value, label]) => (
              <Text key={value} as="label" size="2">
                <Flex gap="1" align="center">
                  <Checkbox
                    checked={draft.room.includes(Number(value))}
                    onCheckedChange={() => set({ room: toggle(draft.room, Number(value)) })}
                  />
                  {label}
                </Flex>
              </Text>
            ))}
          </Flex>
          <Flex gap="3" wrap="wrap" align="center">
            <Text size="2">意向区域</Text>
            {districts.map((district) => (
              <Text key={district.id} as="label" size="2">
                <Flex gap="1" align="center">
                  <Checkbox
                    checked={draft.districtIds.includes(district.id)}
                    onCheckedChange={() => set({ districtIds: toggle(draft.districtIds, district.id) })}
                  />
                  {district.name}
                </Flex>
              </Text>
            ))}
          </Flex>
          <Flex gap="2" align="center">
            <Text size="2">意向小区</Text>
            <TextField.Root
              aria-label="意向小区"
              placeholder="多个小区用逗号分隔"
              value={draft.communityNames}
              onChange={(e) => set({ communityNames: e.target.value })}
              style={{ flex: 1 }}
            />
          </Flex>
          <Grid columns="3" gap="3">
            <Choice
              label="物业类型"
              value={draft.property}
              options={Object.entries(propertyNames).map(([value, label]) => ({ value, label }))}
              onChange={(property) => set({ property })}
            />
            <Choice
              label="付款方式"
              value={draft.payment}
              options={(isRent ? rentPayments : buyPayments).map((value) => ({ value, label: value }))}
              onChange={(payment) => set({ payment })}
            />
            {!isRent && (
              <Choice
                label="购房目的"
                value={draft.purpose}
                options={purposes.map((value) => ({ value, label: value }))}
                onChange={(purpose) => set({ purpose })}
              />
            )}
          </Grid>
          <TextArea
            aria-label="需求备注"
            placeholder="其他需求（学区、楼层、朝向等）"
            maxLength={500}
            value={draft.remark}
            onChange={(e) => set({ remark: e.target.value })}
          />
          {problem && (
            <Callout.Root color="red" role="alert">
              <Callout.Text>{problem}</Callout.Text>
            </Callout.Root>
          )}
          <Flex gap="3" justify="end">
            <Button variant="soft" color="gray" onClick={() => onClose(null)}>
              取消
            </Button>
            <Button loading={isSaving} onClick={save}>
              保存
            </Button>
          </Flex>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
