/**
 * 出租信息 of a rent listing (rentExtension, 001 section 7): how it is let (整租 / 合租), the
 * payment method, deposit, lease terms, when a tenant can move in, when the current lease ends, the
 * furnishings and what the landlord asks of tenants — entered in the listing form and shown on the
 * listing's detail.
 */
import { useEffect, useState } from 'react';
import { Card, DataList, Flex, Grid, Heading, Text, TextArea } from '@radix-ui/themes';
import { TextField } from '../../ui/text-field';
import { fetchRentExtension, type HouseInput, type HouseRentExtension } from './house-actors';
import {
  CodeSelect,
  ListingField,
  ListingTextField,
  ToggleChips,
  unchosen,
} from '../../shared/listing-fields';

export const rentTypeNames: Record<number, string> = { 1: '整租', 2: '合租' };
export const facilityNames = ['空调', '洗衣机', '冰箱', '热水器', '宽带', '床', '衣柜'] as const;

export type RentDraft = {
  rentType: string;
  paymentMethod: string;
  deposit: string;
  leaseTermMin: string;
  leaseTermMax: string;
  checkInDate: string;
  rentExpire: string;
  facilities: string[];
  requirement: string;
};

export const emptyRentDraft: RentDraft = {
  rentType: unchosen,
  paymentMethod: '',
  deposit: '',
  leaseTermMin: '',
  leaseTermMax: '',
  checkInDate: '',
  rentExpire: '',
  facilities: [],
  requirement: '',
};

export function rentDraftFrom(extension: HouseRentExtension): RentDraft {
  const text = (value: string | number | null | undefined) => (value == null ? '' : String(value));
  return {
    rentType: extension.rentType ? String(extension.rentType) : unchosen,
    paymentMethod: text(extension.paymentMethod),
    deposit: text(extension.deposit),
    leaseTermMin: text(extension.leaseTermMin),
    leaseTermMax: text(extension.leaseTermMax),
    checkInDate: text(extension.checkInDate),
    rentExpire: text(extension.rentExpire),
    facilities: extension.facilities ?? [],
    requirement: text(extension.requirement),
  };
}

/** The form's rent fields as the contract's rentInfo and paymentMethod, or the first problem. */
export function rentInput(draft: RentDraft): Pick<HouseInput, 'rentInfo' | 'paymentMethod'> | string {
  const number = (value: string) => (value.trim() === '' ? undefined : Number(value));
  const deposit = number(draft.deposit);
  if (deposit !== undefined && (!Number.isFinite(deposit) || deposit < 0 || deposit > 10000000))
    return '押金请输入 0 至 10000000 的数字';
  const months: [keyof RentDraft, string][] = [
    ['leaseTermMin', '最短租期'],
    ['leaseTermMax', '最长租期'],
  ];
  for (const [field, label] of months) {
    const value = number(draft[field] as string);
    if (value !== undefined && (!Number.isInteger(value) || value < 1 || value > 120))
      return `${label}请输入 1 至 120 的整数（月）`;
  }
  const min = number(draft.leaseTermMin);
  const max = number(draft.leaseTermMax);
  if (min !== undefined && max !== undefined && min > max) return '最短租期不能大于最长租期';
  const rentInfo: NonNullable<HouseInput['rentInfo']> = {
    ...(draft.rentType !== unchosen ? { rentType: Number(draft.rentType) as 1 } : {}),
    ...(deposit !== undefined ? { deposit } : {}),
    ...(min !== undefined ? { leaseTermMin: min } : {}),
    ...(max !== undefined ? { leaseTermMax: max } : {}),
    ...(draft.checkInDate ? { checkInDate: draft.checkInDate } : {}),
    ...(draft.rentExpire ? { rentExpire: draft.rentExpire } : {}),
    ...(draft.facilities.length > 0 ? { facilities: draft.facilities } : {}),
    ...(draft.requirement.trim() ? { requirement: draft.requirement.trim() } : {}),
  };
  return {
    rentInfo,
    ...(draft.paymentMethod.trim() ? { paymentMethod: draft.paymentMethod.trim() } : {}),
  };
}

export function RentInfoFields({
  draft,
  onChange,
}: {
  draft: RentDraft;
  onChange: (patch: Partial<RentDraft>) => void;
}) {
  const text = (field: keyof RentDraft, label: string, placeholder = '请输入', type?: 'date') => (
    <ListingTextField
      label={label}
      placeholder={placeholder}
      type={type}
      value={draft[field] as string}
      maxLength={20}
      onChange={(value) => onChange({ [field]: value })}
    />
  );
  return (
    <section aria-label="出租信息" data-testid="house-rent-fields">
      <Text as="div" size="2" weight="medium" mt="3" mb="1">
        出租信息
      </Text>
      <Grid columns="4" gap="3">
        <CodeSelect
          label="出租方式"
          names={rentTypeNames}
          value={draft.rentType}
          onChange={(rentType) => onChange({ rentType })}
          hasEmpty
        />
        {text('paymentMethod', '付款方式', '如 押一付三')}
        {text('deposit', '押金（元）')}
        <ListingField label="租期（月）">
          <Flex gap="1" align="center">
            <TextField.Root
              aria-label="最短租期"
              placeholder="最短"
              value={draft.leaseTermMin}
              onChange={(e) => onChange({ leaseTermMin: e.target.value })}
              style={{ width: 64 }}
            />
            <Text size="1">-</Text>
            <TextField.Root
              aria-label="最长租期"
              placeholder="最长"
              value={draft.leaseTermMax}
              onChange={(e) => onChange({ leaseTermMax: e.target.value })}
              style={{ width: 64 }}
            />
          </Flex>
        </ListingField>
        {text('checkInDate', '可入住日期', '', 'date')}
        {text('rentExpire', '当前租约到期日', '', 'date')}
      </Grid>
      <Text as="div" size="2" weight="medium" mt="3" mb="1">
        配套设施
      </Text>
      <ToggleChips
        options={facilityNames.map((name) => ({ key: name, name }))}
        chosen={draft.facilities}
        onChange={(facilities) => onChange({ facilities })}
      />
      <Text as="div" size="2" weight="medium" mt="3" mb="1">
        对租客的要求
      </Text>
      <TextArea
        aria-label="对租客的要求"
        value={draft.requirement}
        maxLength={200}
        onChange={(e) => onChange({ requirement: e.target.value })}
      />
    </section>
  );
}

/** The detail's 出租信息 card, read again with the listing. */
/** `version` changes whenever the listing is read again. */
export function HouseRentInfo({ houseId, version }: { houseId: number; version: unknown }) {
  const [info, setInfo] = useState<HouseRentExtension | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    fetchRentExtension(houseId).then(
      (extension) => isCurrent && setInfo(extension),
      (error: unknown) => isCurrent && setProblem(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      isCurrent = false;
    };
  }, [houseId, version]);
  const shown = (value: string | number | null | undefined, unit = '') =>
    value == null || value === '' ? '—' : `${value}${unit}`;
  const term = leaseTerm(info?.leaseTermMin ?? null, info?.leaseTermMax ?? null);
  return (
    <Card data-testid="house-rent-info">
      <Heading as="h2" size="3" mb="2">
        出租信息
      </Heading>
      {problem ? (
        <Text size="2" color="red" role="alert">
          {problem}
        </Text>
      ) : (
        <DataList.Root>
          <DataList.Item>
            <DataList.Label>出租方式</DataList.Label>
            <DataList.Value>{info?.rentType ? rentTypeNames[info.rentType] : '—'}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>付款方式</DataList.Label>
            <DataList.Value>{shown(info?.paymentMethod)}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>押金</DataList.Label>
            <DataList.Value>{shown(info?.deposit, ' 元')}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>租期</DataList.Label>
            <DataList.Value>{term}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>可入住日期</DataList.Label>
            <DataList.Value>{shown(info?.checkInDate)}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>当前租约到期日</DataList.Label>
            <DataList.Value>{shown(info?.rentExpire)}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>配套设施</DataList.Label>
            <DataList.Value>{info?.facilities?.length ? info.facilities.join('、') : '—'}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>对租客的要求</DataList.Label>
            <DataList.Value>{shown(info?.requirement)}</DataList.Value>
          </DataList.Item>
        </DataList.Root>
      )}
    </Card>
  );
}

/** 租期 as a broker reads it: a range, one bound (起租/最长), or — when neither is known. */
function leaseTerm(min: number | null, max: number | null): string {
  if (min != null && max != null) return min === max ? `${min} 个月` : `${min} - ${max} 个月`;
  if (min != null) return `${min} 个月起租`;
  if (max != null) return `最长 ${max} 个月`;
  return '—';
}
