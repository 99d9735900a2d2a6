/** Pieces every purchase form shares: the coupon choice and the server's quote. */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { DataList, Flex, Text } from '@radix-ui/themes';
import { Select } from '../../ui/select';
import { resourceMachine } from '../../../machines/resource.machine';
import { inspect } from '../../inspector/inspection-store';
import { loadCheckoutCoupons, type Calculation, type CheckoutCoupon } from './recharge-actors';
import { formatYuan } from './format';

const noCoupon = 'none';

type CouponSelectProps = {
  goodsType: 1 | 2 | 3;
  value: number | null;
  disabled: boolean;
  onChange: (couponId: number | null) => void;
};

export function CouponSelect({ goodsType, value, disabled, onChange }: CouponSelectProps) {
  const [machine] = useState(() =>
    resourceMachine.provide({ actors: { load: loadCheckoutCoupons(goodsType) } }),
  );
  const [state] = useMachine(machine, { inspect });
  const coupons = (state.context.data as CheckoutCoupon[] | null) ?? [];
  return (
    <Flex direction="column" gap="1">
      <Text size="2" weight="medium">
        优惠券
      </Text>
      <Select.Root
        value={value === null ? noCoupon : String(value)}
        disabled={disabled}
        onValueChange={(next) => onChange(next === noCoupon ? null : Number(next))}
      >
        <Select.Trigger aria-label="优惠券" />
        <Select.Content>
          <Select.Item value={noCoupon}>不使用优惠券</Select.Item>
          {coupons.map((coupon) => (
            <Select.Item key={coupon.couponId} value={String(coupon.couponId)}>
              {coupon.name}
              {coupon.usable === 1 ? '' : `（${coupon.reason ?? '不可用'}）`}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
    </Flex>
  );
}

export function QuoteView({ quote, unit }: { quote: Calculation | null; unit: string }) {
  if (!quote) return null;
  return (
    <DataList.Root size="2" data-testid="quote">
      <DataList.Item>
        <DataList.Label>数量</DataList.Label>
        <DataList.Value>
          {quote.count} {unit}
          {quote.unitPrice !== undefined && `（单价 ${formatYuan(quote.unitPrice)} 元）`}
        </DataList.Value>
      </DataList.Item>
      <DataList.Item>
        <DataList.Label>原价</DataList.Label>
        <DataList.Value>{formatYuan(quote.originalPrice)} 元</DataList.Value>
      </DataList.Item>
      <DataList.Item>
        <DataList.Label>优惠</DataList.Label>
        <DataList.Value>
          {quote.coupon ? `${quote.coupon.name} -${formatYuan(quote.couponAmount)} 元` : '无'}
        </DataList.Value>
      </DataList.Item>
      <DataList.Item>
        <DataList.Label>应付金额</DataList.Label>
        <DataList.Value>
          <Text weight="bold" color="red" data-testid="total-fee">
            {formatYuan(quote.totalFee)} 元
          </Text>
        </DataList.Value>
      </DataList.Item>
      {quote.expirationDate && (
        <DataList.Item>
          <DataList.Label>到期日</DataList.Label>
          <DataList.Value>{quote.expirationDate}</DataList.Value>
        </DataList.Item>
      )}
    </DataList.Root>
  );
}
