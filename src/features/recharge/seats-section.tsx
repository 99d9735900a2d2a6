/** Account seats: choices 5, 10, 30 or another count of at least 5; they end with the package in force. */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { Button, Flex, Heading, Text } from '@radix-ui/themes';
import { TextField } from '../../ui/text-field';
import { resourceMachine } from '../../../machines/resource.machine';
import type { OrderRequest } from '../../../machines/order-payment.machine';
import { inspect } from '../../inspector/inspection-store';
import { quoteDefaultSeats, quoteSeats, type Calculation, type SeatsOrderBody } from './recharge-actors';
import { CouponSelect, QuoteView } from './checkout-parts';

const quoteMachine = resourceMachine.provide({ actors: { load: quoteDefaultSeats, save: quoteSeats } });
export const seatChoices = [5, 10, 30];
export const minimumSeats = 5;

type Props = { canBuy: boolean; onBuy: (request: OrderRequest) => void };

export function SeatsSection({ canBuy, onBuy }: Props) {
  const [quote, sendQuote] = useMachine(quoteMachine, { inspect });
  const [countText, setCountText] = useState(String(minimumSeats));
  const [couponId, setCouponId] = useState<number | null>(null);
  const [quotedFor, setQuotedFor] = useState({ count: minimumSeats, couponId: null as number | null });
  const calculation = quote.context.data as Calculation | null;
  const isQuoting = quote.matches('loading') || quote.matches('saving');

  const requestQuote = (count: number, coupon: number | null) => {
    if (!Number.isInteger(count) || count < minimumSeats) return;
    if (quote.matches('failed')) {
      sendQuote({ type: 'retry' });
      return;
    }
    if (count === quotedFor.count && coupon === quotedFor.couponId) return;
    setQuotedFor({ count, couponId: coupon });
    sendQuote({ type: 'save', value: { count, coupons: coupon === null ? [] : [coupon] } });
  };
  const isCurrent = Number(countText) === quotedFor.count && couponId === quotedFor.couponId;
  const isTooFew = Number(countText) < minimumSeats;
  const buy = () => {
    if (!calculation) return;
    const body: SeatsOrderBody = {
      count: calculation.count ?? quotedFor.count,
      originalPrice: calculation.originalPrice,
      totalFee: calculation.totalFee,
      coupons: calculation.coupon ? [calculation.coupon.couponId] : [],
      paymentType: 1,
    };
    onBuy({ kind: 'seats', body });
  };

  return (
    <Flex direction="column" gap="4" data-testid="seats">
      <Heading size="4">账号席位</Heading>
      <Text size="2" color="gray">
        增购的账号与当前套餐同时到期，按剩余天数折算价格；最少购买 {minimumSeats} 个。
      </Text>
      <Flex gap="2" wrap="wrap" align="center">
        {seatChoices.map((count) => (
          <Button
            key={count}
            type="button"
            variant={Number(countText) === count ? 'solid' : 'soft'}
            disabled={isQuoting}
            onClick={() => {
              setCountText(String(count));
              requestQuote(count, couponId);
            }}
          >
            {count} 个
          </Button>
        ))}
        <TextField.Root
          name="accountCount"
          aria-label="账号数量"
          type="number"
          min={minimumSeats}
          value={countText}
          style={{ width: 120 }}
          onChange={(event) => setCountText(event.currentTarget.value)}
          onBlur={() => requestQuote(Number(countText), couponId)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') requestQuote(Number(countText), couponId);
          }}
        />
      </Flex>
      {isTooFew && <Text color="red">账号数量最少 {minimumSeats} 个</Text>}
      <CouponSelect
        goodsType={3}
        value={couponId}
        disabled={isQuoting}
        onChange={(next) => {
          setCouponId(next);
          requestQuote(Number(countText), next);
        }}
      />
      {quote.context.error && <Text color="red">{quote.context.error}</Text>}
      {quote.matches('loaded') && <QuoteView quote={calculation} unit="个" />}
      <Flex justify="end">
        <Button
          size="3"
          disabled={
            !canBuy || !quote.matches('loaded') || !calculation || !isCurrent || quote.context.error !== null
          }
          onClick={buy}
        >
          立即购买
        </Button>
      </Flex>
    </Flex>
  );
}
