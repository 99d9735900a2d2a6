/** Coupons: gifts to receive, and my coupons by use state (未使用 / 已使用 / 已过期), 15 per page. */
import { useEffect, useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import { Badge, Box, Button, Card, Flex, Heading, SegmentedControl, Table, Text } from '@radix-ui/themes';
import { resourceMachine } from '../../../machines/resource.machine';
import { inspect } from '../../inspector/inspection-store';
import { Pager } from '../../ui/pager';
import {
  couponPageSize,
  loadCoupons,
  loadGifts,
  receiveGift,
  type Coupon,
  type Gift,
  type Page,
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

function CouponPage({
  useType,
  page,
  onPage,
}: {
  useType: UseType;
  page: number;
  onPage: (page: number) => void;
}) {
  const [machine] = useState(() => resourceMachine.provide({ actors: { load: loadCoupons(useType, page) } }));
  const [state, send] = useMachine(machine, { inspect });
  const data = state.context.data as Page<Coupon> | null;
  if (state.matches('failed'))
    return (
      <Flex gap="2" align="center">
        <Text color="red">{state.context.error}</Text>
        <Button size="1" variant="soft" onClick={() => send({ type: 'retry' })}>
          重试
        </Button>
      </Flex>
    );
  if (!data) return <Text color="gray">加载中...</Text>;
  if (data.list.length === 0) return <Text color="gray">暂无优惠券</Text>;
  return (
    <>
      <Table.Root size="1">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>优惠券</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>优惠</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>适用</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>有效期</Table.ColumnHeaderCell>
            {useType === 2 && <Table.ColumnHeaderCell>使用订单</Table.ColumnHeaderCell>}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {data.list.map((coupon) => (
            <Table.Row key={coupon.couponId} data-testid="coupon-row">
              <Table.Cell>{coupon.name}</Table.Cell>
              <Table.Cell>{describeCoupon(coupon)}</Table.Cell>
              <Table.Cell>{goodsTypeNames[coupon.goodsType]}</Table.Cell>
              <Table.Cell>
                {coupon.validFrom} 至 {coupon.validTo}
              </Table.Cell>
              {useType === 2 && <Table.Cell>{coupon.orderNumber ?? '—'}</Table.Cell>}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      <Pager page={page} pageSize={couponPageSize} total={data.total} onPage={onPage} />
    </>
  );
}

export function CouponsSection({ onGiftReceived }: { onGiftReceived: () => void }) {
  const [gifts, sendGifts] = useMachine(giftsMachine, { inspect });
  const [useType, setUseType] = useState<UseType>(1);
  const [page, setPage] = useState(1);
  const giftList = (gifts.context.data as Gift[] | null) ?? [];
  // A received gift of sign credits changes the balance shown above.
  const giftCount = useRef<number | null>(null);
  useEffect(() => {
    if (!gifts.matches('loaded')) return;
    if (giftCount.current !== null && giftList.length < giftCount.current) onGiftReceived();
    giftCount.current = giftList.length;
  }, [gifts, giftList.length, onGiftReceived]);

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
            setPage(1);
          }}
        >
          {useTypes.map((type) => (
            <SegmentedControl.Item key={type.value} value={String(type.value)}>
              {type.label}
            </SegmentedControl.Item>
          ))}
        </SegmentedControl.Root>
      </Flex>
      <CouponPage key={`${useType}:${page}`} useType={useType} page={page} onPage={setPage} />
      <Badge color="gray" style={{ alignSelf: 'start' }}>
        每单限用一张优惠券
      </Badge>
    </Flex>
  );
}
