/**
 * 录入房源 / 编辑房源: a sale or rent listing on a community of the dictionary, with its numbers,
 * layout, floors, price (the unit price derived), owner, tags, pictures and VR link. Before saving the
 * duplicate check runs; a duplicate shows the server's message with 去查看 (opens the existing
 * listing) / 取消, and nothing is saved (001 section 8). The company's own fields (房源基础设置 →
 * 自定义字段) follow, with their require flags, checked by the same rules as on the server.
 */
import { useEffect, useRef, useState } from 'react';
import { AlertDialog, Box, Button, Callout, Dialog, Flex, Grid, Text, TextArea } from '@radix-ui/themes';
import { TextField } from '../../ui/text-field';
import { ApiCodeError } from '../../api/client';
import { isMobile } from '../../../domain/validators';
import { houseInputProblem, propertyNames, renovationNames, towardNames } from '../../../domain/house-rules';
import {
  checkDuplicate,
  fetchHouseTags,
  fetchPoolCount,
  fetchRentExtension,
  readWidgetFields,
  saveHouse,
  searchCommunities,
  uploadPhoto,
  type AppCategory,
  type CommunityOption,
  type HouseInput,
  type HouseWidgetField,
} from './house-actors';
import { checkWidgetValues } from '../../../domain/widget-fields';
import { WidgetFieldsForm } from '../../ui/widget-fields-form';
import { derivedUnitPrice } from './house-format';
import type { HouseDetail } from '../../../machines/house-open.machine';
import { CommunityRoomPicker } from '../../shared/community-room-picker';
import { useEstateSetting } from '../../shared/estate-setting';
import { RentInfoFields, emptyRentDraft, rentDraftFrom, rentInput, type RentDraft } from './house-rent-info';
import { CodeSelect, ListingField, ListingTextField, ToggleChips } from '../../shared/listing-fields';

type Draft = Record<
  | 'type'
  | 'attribution'
  | 'buildingNo'
  | 'unitNo'
  | 'roomNo'
  | 'room'
  | 'hall'
  | 'bath'
  | 'area'
  | 'floor'
  | 'totalFloor'
  | 'toward'
  | 'renovation'
  | 'property'
  | 'price'
  | 'ownerName'
  | 'ownerPhone'
  | 'vrUrl'
  | 'remark',
  string
>;

const emptyDraft: Draft = {
  type: '1',
  attribution: '2',
  buildingNo: '',
  unitNo: '',
  roomNo: '',
  room: '2',
  hall: '1',
  bath: '1',
  area: '',
  floor: '',
  totalFloor: '',
  toward: '2',
  renovation: '4',
  property: '1',
  price: '',
  ownerName: '',
  ownerPhone: '',
  vrUrl: '',
  remark: '',
};

function fromDetail(data: HouseDetail['requestData']): Draft {
  const text = (value: string | number | null | undefined) => (value == null ? '' : String(value));
  return {
    type: text(data.type),
    attribution: text(data.attribution),
    buildingNo: text(data.buildingNo),
    unitNo: text(data.unitNo),
    roomNo: text(data.roomNo),
    room: text(data.room),
    hall: text(data.hall),
    bath: text(data.bath),
    area: text(data.area),
    floor: text(data.floor),
    totalFloor: text(data.totalFloor),
    toward: text(data.toward ?? 2),
    renovation: text(data.renovation ?? 4),
    property: text(data.property ?? 1),
    price: text(data.price),
    ownerName: data.ownerName?.includes('*') ? '' : text(data.ownerName),
    ownerPhone: data.ownerPhone?.includes('*') ? '' : text(data.ownerPhone),
    vrUrl: '',
    remark: text(data.remark),
  };
}

/**
 * The form as the contract's body, or the first problem, naming the field. A community not in the
 * dictionary goes by its typed name unless the estate settings require picking one.
 */
function toInput(
  draft: Draft,
  choice: { community: CommunityOption | null; typedName: string; mustPick: boolean },
  tags: number[],
  pictures: string[],
): HouseInput | string {
  if (draft.attribution !== '1' && draft.attribution !== '2') return '请选择房源归属';
  const { community } = choice;
  const typedName = choice.typedName.trim();
  if (!community && (choice.mustPick || !typedName))
    return choice.mustPick && typedName
      ? '公司规定录入房源必须从小区库选择小区，请从搜索结果中选择'
      : '请选择小区';
  const required: [keyof Draft, string][] = [
    ['area', '建筑面积'],
    ['price', draft.type === '2' ? '租金' : '总价'],
    ['ownerName', '业主姓名'],
    ['ownerPhone', '业主电话'],
  ];
  for (const [field, label] of required) if (!draft[field].trim()) return `请输入${label}`;
  if (!isMobile(draft.ownerPhone.trim())) return '业主电话格式不正确';
  const number = (value: string) => (value.trim() === '' ? undefined : Number(value));
  for (const [field, label] of [
    ['area', '建筑面积'],
    ['price', '价格'],
    ['floor', '所在楼层'],
    ['totalFloor', '总楼层'],
  ] as const) {
    const value = number(draft[field]);
    if (value !== undefined && (!Number.isFinite(value) || value < (field === 'floor' ? -5 : 0)))
      return `${label}请输入正确的数字`;
  }
  const input: HouseInput = {
    type: Number(draft.type) as 1,
    attribution: Number(draft.attribution) as 2,
    ...(community ? { communityId: community.communityId } : { communityName: typedName }),
    room: Number(draft.room),
    hall: Number(draft.hall),
    bath: Number(draft.bath),
    area: Number(draft.area),
    price: Number(draft.price),
    ownerName: draft.ownerName.trim(),
    ownerPhone: draft.ownerPhone.trim(),
    toward: Number(draft.toward) as 2,
    renovation: Number(draft.renovation) as 4,
    property: Number(draft.property) as 1,
    tags,
    pictures: pictures.map((url) => ({ type: 1 as const, url })),
    ...(draft.buildingNo.trim() ? { buildingNo: draft.buildingNo.trim() } : {}),
    ...(draft.unitNo.trim() ? { unitNo: draft.unitNo.trim() } : {}),
    ...(draft.roomNo.trim() ? { roomNo: draft.roomNo.trim() } : {}),
    ...(number(draft.floor) !== undefined ? { floor: number(draft.floor)! } : {}),
    ...(number(draft.totalFloor) !== undefined ? { totalFloor: number(draft.totalFloor)! } : {}),
    ...(draft.vrUrl.trim() ? { vrUrl: draft.vrUrl.trim() } : {}),
    ...(draft.remark.trim() ? { remark: draft.remark.trim() } : {}),
  };
  return houseInputProblem(input) ?? input;
}

function CommunityPicker({
  value,
  onChange,
  onType,
  mayType,
  initialName,
}: {
  value: CommunityOption | null;
  onChange: (next: CommunityOption | null) => void;
  onType: (keyword: string) => void;
  /** 小区库中没有时可填写小区名称 (the estate settings). */
  mayType: boolean;
  initialName: string;
}) {
  const [keyword, setKeyword] = useState(value?.communityName ?? initialName);
  const [options, setOptions] = useState<CommunityOption[]>([]);
  // The chosen result's button goes with the results: focus goes back to the field, not out of the form.
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!keyword.trim() || keyword === value?.communityName) return;
    const timer = setTimeout(() => {
      void searchCommunities(keyword.trim())
        .then(setOptions)
        .catch(() => setOptions([]));
    }, 300);
    return () => clearTimeout(timer);
  }, [keyword, value]);
  return (
    <Flex direction="column" gap="1">
      <TextField.Root
        ref={field}
        aria-label="小区"
        placeholder="输入小区名称搜索"
        value={keyword}
        onChange={(e) => {
          setKeyword(e.target.value);
          onType(e.target.value);
          onChange(null);
        }}
      />
      {!value && keyword.trim() && (
        <Text size="1" color={mayType ? 'gray' : 'orange'}>
          {mayType ? '小区库中没有时按填写的名称录入' : '请从搜索结果中选择小区'}
        </Text>
      )}
      {!value && options.length > 0 && (
        <Flex gap="1" wrap="wrap" data-testid="community-options">
          {options.map((option) => (
            <Button
              key={option.communityId}
              size="1"
              variant="soft"
              onClick={() => {
                onChange(option);
                setKeyword(option.communityName);
                setOptions([]);
                field.current?.focus();
              }}
            >
              {option.communityName}
            </Button>
          ))}
        </Flex>
      )}
      {value?.address && (
        <Text size="1" color="gray">
          {value.address}
        </Text>
      )}
    </Flex>
  );
}

export function HouseForm({
  initial,
  initialPictures = [],
  onClose,
  onOpenExisting,
}: {
  /** Editing: the listing's form data (protected fields that were not revealed come empty). */
  initial?: HouseDetail['requestData'];
  /** Editing: the pictures this person sees; they are sent back so an edit keeps them. */
  initialPictures?: string[];
  onClose: (saved: { houseId: number; type: number } | null) => void;
  onOpenExisting: (houseId: number, type: number) => void;
}) {
  const [draft, setDraft] = useState<Draft>(initial ? fromDetail(initial) : emptyDraft);
  const [community, setCommunity] = useState<CommunityOption | null>(
    initial?.communityId
      ? {
          communityId: initial.communityId,
          communityName: initial.communityName,
          address: initial.address ?? null,
        }
      : null,
  );
  const [typedName, setTypedName] = useState(initial && !initial.communityId ? initial.communityName : '');
  const estateSetting = useEstateSetting();
  const mustPick = estateSetting?.mustPickCommunity === 1;
  const [tags, setTags] = useState<number[]>(initial?.tags ?? []);
  const [tagOptions, setTagOptions] = useState<AppCategory[]>([]);
  const [pictures, setPictures] = useState<string[]>(initialPictures);
  const [problem, setProblem] = useState<string | null>(null);
  const [duplicate, setDuplicate] = useState<{ message: string; houseId: number } | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const [widgetFields, setWidgetFields] = useState<HouseWidgetField[]>([]);
  const [widgetValues, setWidgetValues] = useState<Record<string, unknown>>(initial?.fieldsList ?? {});
  const [rent, setRent] = useState<RentDraft>(emptyRentDraft);
  const [poolCounts, setPoolCounts] = useState<Record<string, string>>({});
  const chosenPool = initial ? null : draft.attribution;
  useEffect(() => {
    // A new listing's pool shows how many more this person may enter into it (queryAuthHouseCount).
    if (chosenPool !== '1' && chosenPool !== '2') return;
    let isCurrent = true;
    const name = chosenPool === '2' ? '私盘' : '公盘';
    void fetchPoolCount(Number(chosenPool) as 1 | 2)
      .then((count) => {
        if (!isCurrent) return;
        const text =
          count.remain === null
            ? `${name}不限条数`
            : `${name}还可录入 ${count.remain} 条（上限 ${count.limit ?? 0}，已有 ${count.used}）`;
        setPoolCounts((current) => ({ ...current, [chosenPool]: text }));
      })
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, [chosenPool]);
  const poolCount = chosenPool ? (poolCounts[chosenPool] ?? null) : null;
  const initialHouseId = initial?.type === 2 ? initial.houseId : null;
  useEffect(() => {
    // An edit sends the whole form, so a rent listing's 出租信息 is read to be sent back.
    if (initialHouseId === null) return;
    void fetchRentExtension(initialHouseId)
      .then((extension) => setRent(rentDraftFrom(extension)))
      .catch((error: unknown) => setProblem(error instanceof Error ? error.message : String(error)));
  }, [initialHouseId]);
  useEffect(() => {
    void fetchHouseTags()
      .then(setTagOptions)
      .catch(() => setTagOptions([]));
    void readWidgetFields()
      .then(setWidgetFields)
      .catch((error: unknown) => setProblem(error instanceof Error ? error.message : String(error)));
  }, []);
  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const text = (field: keyof Draft, label: string, placeholder = '请输入') => (
    <ListingTextField
      label={label}
      placeholder={placeholder}
      value={draft[field]}
      maxLength={60}
      onChange={(value) => set({ [field]: value })}
    />
  );

  async function submit() {
    const input = toInput(draft, { community, typedName, mustPick }, tags, pictures);
    if (typeof input === 'string') return setProblem(input);
    const widgets = checkWidgetValues(widgetFields, widgetValues);
    if (!widgets.ok) return setProblem(widgets.problem);
    if (widgetFields.length > 0) input.fieldsList = widgets.value;
    if (input.type === 2) {
      const rental = rentInput(rent);
      if (typeof rental === 'string') return setProblem(rental);
      Object.assign(input, rental);
    }
    // An edit that adds no picture leaves them as they are (the server keeps what this person cannot see).
    if (initial && pictures.length === initialPictures.length) delete input.pictures;
    setProblem(null);
    setIsSaving(true);
    try {
      await checkDuplicate(input, initial?.houseId);
      const saved = await saveHouse(input, initial?.houseId);
      onClose({ houseId: saved.houseId, type: input.type });
    } catch (error) {
      const existing =
        error instanceof ApiCodeError ? (error.data as { houseId?: number } | null)?.houseId : undefined;
      if (error instanceof ApiCodeError && existing)
        setDuplicate({ message: error.message, houseId: existing });
      else setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose(null)}>
      <Dialog.Content maxWidth="860px" aria-describedby={undefined}>
        <Dialog.Title>{initial ? '编辑房源' : '录入房源'}</Dialog.Title>
        <Grid columns="4" gap="3">
          <CodeSelect
            label="房源类型"
            names={{ 1: '出售', 2: '出租' }}
            value={draft.type}
            onChange={(type) => set({ type })}
          />
          <Flex direction="column" gap="1">
            <CodeSelect
              label="房源归属"
              names={{ 2: '私盘', 1: '公盘' }}
              value={draft.attribution}
              onChange={(attribution) => set({ attribution })}
              hasEmpty={!initial}
            />
            {poolCount && (
              <Text size="1" color="gray" data-testid="house-pool-count">
                {poolCount}
              </Text>
            )}
          </Flex>
          <Flex direction="column" style={{ gridColumn: 'span 2' }}>
            <ListingField label="小区">
              <CommunityPicker
                value={community}
                onChange={setCommunity}
                onType={setTypedName}
                mayType={!mustPick}
                initialName={typedName}
              />
            </ListingField>
          </Flex>
          <CommunityRoomPicker
            communityId={community?.communityId ?? null}
            value={{ buildingNo: draft.buildingNo, unitNo: draft.unitNo, roomNo: draft.roomNo }}
            onChange={set}
          />
          <ListingField label="户型（室/厅/卫）">
            <Flex gap="1">
              {(['room', 'hall', 'bath'] as const).map((field, index) => (
                <TextField.Root
                  key={field}
                  aria-label={['室', '厅', '卫'][index]}
                  value={draft[field]}
                  onChange={(e) => set({ [field]: e.target.value.replace(/\D/g, '') })}
                  style={{ width: 48 }}
                />
              ))}
            </Flex>
          </ListingField>
          {text('area', '建筑面积（㎡）')}
          {text('floor', '所在楼层')}
          {text('totalFloor', '总楼层')}
          <CodeSelect
            label="朝向"
            names={towardNames}
            value={draft.toward}
            onChange={(toward) => set({ toward })}
          />
          <CodeSelect
            label="装修"
            names={renovationNames}
            value={draft.renovation}
            onChange={(renovation) => set({ renovation })}
          />
          <CodeSelect
            label="物业类型"
            names={propertyNames}
            value={draft.property}
            onChange={(property) => set({ property })}
          />
          {text('price', draft.type === '2' ? '租金（元/月）' : '总价（万元）')}
          <ListingField label="单价">
            <Text as="div" size="2" mt="2">
              {draft.type === '1' ? derivedUnitPrice(1, draft.price, draft.area) : '—'}
            </Text>
          </ListingField>
          {text('ownerName', '业主姓名')}
          {text('ownerPhone', '业主电话', initial ? '受保护，修改请重新输入' : '请输入')}
          <Flex direction="column" style={{ gridColumn: 'span 2' }}>
            {text('vrUrl', 'VR 看房地址', 'https://')}
          </Flex>
        </Grid>
        {draft.type === '2' && (
          <RentInfoFields
            draft={rent}
            onChange={(patch) => setRent((current) => ({ ...current, ...patch }))}
          />
        )}
        {widgetFields.length > 0 && (
          <Box mt="3">
            <WidgetFieldsForm
              title="自定义字段"
              fields={widgetFields}
              values={widgetValues}
              onChange={(name, value) => setWidgetValues((current) => ({ ...current, [name]: value }))}
            />
          </Box>
        )}
        <Text as="div" size="2" weight="medium" mt="3" mb="1">
          标签
        </Text>
        <ToggleChips
          options={tagOptions.map((tag) => ({ key: tag.categoryId, name: tag.name }))}
          chosen={tags}
          onChange={setTags}
        />
        <Text as="div" size="2" weight="medium" mt="3" mb="1">
          房源图片（第一张为封面）
        </Text>
        <Flex gap="2" align="center" wrap="wrap">
          {pictures.map((url) => (
            <img
              key={url}
              src={url}
              alt="房源图片"
              width={72}
              height={54}
              style={{ objectFit: 'cover', borderRadius: 4 }}
            />
          ))}
          <input
            type="file"
            accept="image/png,image/jpeg,image/webp"
            aria-label="上传图片"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file)
                void uploadPhoto(file)
                  .then((url) => setPictures((current) => [...current, url]))
                  .catch((error: unknown) =>
                    setProblem(error instanceof Error ? error.message : String(error)),
                  );
            }}
          />
        </Flex>
        <Text as="div" size="2" weight="medium" mt="3" mb="1">
          备注
        </Text>
        <TextArea
          aria-label="备注"
          value={draft.remark}
          maxLength={500}
          onChange={(e) => set({ remark: e.target.value })}
        />
        {problem && (
          <Callout.Root color="red" mt="3" role="alert">
            <Callout.Text>{problem}</Callout.Text>
          </Callout.Root>
        )}
        <Flex gap="3" mt="4" justify="end">
          <Button variant="soft" color="gray" onClick={() => onClose(null)}>
            取消
          </Button>
          <Button loading={isSaving} onClick={() => void submit()}>
            保存
          </Button>
        </Flex>
        <AlertDialog.Root open={duplicate !== null}>
          <AlertDialog.Content maxWidth="420px">
            <AlertDialog.Title>房源重复</AlertDialog.Title>
            <AlertDialog.Description>{duplicate?.message}</AlertDialog.Description>
            <Flex gap="3" mt="4" justify="end">
              <AlertDialog.Cancel>
                <Button variant="soft" color="gray" onClick={() => setDuplicate(null)}>
                  取消
                </Button>
              </AlertDialog.Cancel>
              <AlertDialog.Action>
                <Button onClick={() => duplicate && onOpenExisting(duplicate.houseId, Number(draft.type))}>
                  去查看
                </Button>
              </AlertDialog.Action>
            </Flex>
          </AlertDialog.Content>
        </AlertDialog.Root>
      </Dialog.Content>
    </Dialog.Root>
  );
}
