/** Coupons: gifts to receive, and my coupons by use state (未使用 / 已使用 / 已过期), 15 per page. */
import { useEffect, useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import { Badge, Box, Button, Card, Flex, Heading, SegmentedControl, Text } from '@radix-ui/themes';
import { resourceMachine } from '../../../machines/resource.machine';
import { inspect } from '../../inspector/inspection-store';
import { ListTable, type Column } from '../../ui/list-page/list-table';
import { useListPage } from '../../ui/list-page/use-list-page';
import {
  couponPageSize,
  fetchCoupons,
  loadGifts,
  receiveGift,
  type Coupon,
  type Gift,
} from './recharge-actors';
import { formatYuan, goodsTypeNames } from './format';

const giftsMachine = resourceMachine.provide({ actors: { load: loadGifts, save: receiveGift } });
const useTypes = [
  { value: 1, label: '未使用' },
  { value: 2, label: '已使用' },
  { value: 3, label: '已过期' },
] as const;
type UseType = (typeof useTypes)[number]['value'];

function describeCoupon(coupon: Coupon): string {
  const benefit = coupon.couponType === 1 ? `减 ${formatYuan(coupon.amount)} 元` : `${coupon.discount} 折`;
  const threshold = coupon.threshold > 0 ? `满 ${formatYuan(coupon.threshold)} 元` : '无门槛';
  return `${threshold}${benefit}`;
}

function couponColumns(useType: UseType): Column<Coupon>[] {
  return [
    { key: 'name', header: '优惠券', cell: (c) => c.name },
    { key: 'benefit', header: '优惠', cell: describeCoupon },
    { key: 'goods', header: '适用', cell: (c) => goodsTypeNames[c.goodsType] },
    { key: 'valid', header: '有效期', cell: (c) => `${c.validFrom} 至 ${c.validTo}` },
    ...(useType === 2
      ? [{ key: 'order', header: '使用订单', cell: (c: Coupon) => c.orderNumber ?? '—' }]
      : []),
  ];
}

export function CouponsSection({ onGiftReceived }: { onGiftReceived: () => void }) {
  const [gifts, sendGifts] = useMachine(giftsMachine, { inspect });
  const [useType, setUseType] = useState<UseType>(1);
  const coupons = useListPage({
    load: fetchCoupons,
    query: { useType: 1 },
    pageSize: couponPageSize,
  });
  const giftList = (gifts.context.data as Gift[] | null) ?? [];
  // A received gift of sign credits changes the balance shown above.
  const giftCount = useRef<number | null>(null);
  useEffect(() => {
    if (!gifts.matches('loaded')) return;
    if (giftCount.current !== null && giftList.length < giftCount.current) {
      onGiftReceived();
      coupons.reload();
    }
    giftCount.current = giftList.length;
  }, [gifts, giftList.length, onGiftReceived, coupons]);

  return (
    <Flex direction="column" gap="4" data-testid="coupons">
      {giftList.length > 0 && (
        <Box>
          <Heading size="3" mb="2">
            待领取
          </Heading>
          <Flex direction="column" gap="2">
            {giftList.map((gift) => (
              <Card key={gift.id} data-testid="gift">
                <Flex justify="between" align="center" gap="3">
                  <Box>
                    <Text weight="bold">{gift.title}</Text>
                    {gift.description && (
                      <Text as="p" size="1" color="gray">
                        {gift.description}
                      </Text>
                    )}
                  </Box>
                  <Button
                    disabled={!gifts.matches('loaded')}
                    onClick={() => sendGifts({ type: 'save', value: gift })}
                  >
                    领取
                  </Button>
                </Flex>
              </Card>
            ))}
          </Flex>
          {gifts.context.error && <Text color="red">{gifts.context.error}</Text>}
        </Box>
      )}
      <Flex justify="between" align="center">
        <Heading size="3">我的优惠券</Heading>
        <SegmentedControl.Root
          value={String(useType)}
          onValueChange={(value) => {
            setUseType(Number(value) as UseType);
            coupons.setQuery({ useType: Number(value) as UseType });
          }}
        >
          {useTypes.map((type) => (
            <SegmentedControl.Item key={type.value} value={String(type.value)}>
              {type.label}
            </SegmentedControl.Item>
          ))}
        </SegmentedControl.Root>
      </Flex>
      <ListTable
        list={coupons}
        columns={couponColumns(useType)}
        rowKey={(c) => c.couponId}
        emptyText="暂无优惠券"
        rowTestId="coupon-row"
        size="1"
        variant="ghost"
      />
      <Badge color="gray" style={{ alignSelf: 'start' }}>
        每单限用一张优惠券
      </Badge>
    </Flex>
  );
}
