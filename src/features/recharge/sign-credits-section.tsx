/** Sign credits: the price tiers (N元/份, the cheapest as N元起/份), the count (default 10), the quote, buy. */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { Badge, Button, Card, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { TextField } from '../../ui/text-field';
import { resourceMachine } from '../../../machines/resource.machine';
import type { OrderRequest } from '../../../machines/order-payment.machine';
import { inspect } from '../../inspector/inspection-store';
import {
  loadSignPrices,
  quoteDefaultSign,
  quoteSign,
  type Calculation,
  type SignOrderBody,
  type SignPriceItem,
} from './recharge-actors';
import { CouponSelect, QuoteView } from './checkout-parts';
import { formatYuan } from './format';

const pricesMachine = resourceMachine.provide({ actors: { load: loadSignPrices } });
const quoteMachine = resourceMachine.provide({ actors: { load: quoteDefaultSign, save: quoteSign } });
const quickCounts = [10, 50, 100, 500, 1000];
export const defaultSignCount = 10;

type Props = { canBuy: boolean; onBuy: (request: OrderRequest) => void };

export function SignCreditsSection({ canBuy, onBuy }: Props) {
  const [prices] = useMachine(pricesMachine, { inspect });
  const [quote, sendQuote] = useMachine(quoteMachine, { inspect });
  const [countText, setCountText] = useState(String(defaultSignCount));
  const [couponId, setCouponId] = useState<number | null>(null);
  const [quotedFor, setQuotedFor] = useState({
    signCount: defaultSignCount,
    couponId: null as number | null,
  });

  const tiers = (prices.context.data as SignPriceItem[] | null) ?? [];
  const cheapest = Math.min(...tiers.map((tier) => tier.unitPrice));
  const calculation = quote.context.data as Calculation | null;
  const isQuoting = !quote.matches('loaded');

  const requestQuote = (signCount: number, coupon: number | null) => {
    if (!Number.isInteger(signCount) || signCount < 1) return;
    if (signCount === quotedFor.signCount && coupon === quotedFor.couponId) return;
    setQuotedFor({ signCount, couponId: coupon });
    sendQuote({ type: 'save', value: { signCount, coupons: coupon === null ? [] : [coupon] } });
  };
  const isCurrent = Number(countText) === quotedFor.signCount && couponId === quotedFor.couponId;
  const buy = () => {
    if (!calculation) return;
    const body: SignOrderBody = {
      signCount: calculation.count ?? quotedFor.signCount,
      originalPrice: calculation.originalPrice,
      totalFee: calculation.totalFee,
      coupons: calculation.coupon ? [calculation.coupon.couponId] : [],
      paymentType: 1,
    };
    onBuy({ kind: 'sign', body });
  };

  return (
    <Flex direction="column" gap="4" data-testid="sign-credits">
      <Flex align="baseline" gap="3">
        <Heading size="4">签约份数</Heading>
        {tiers.length > 0 && (
          <Text color="red" weight="bold" data-testid="sign-price-from">
            {formatYuan(cheapest)}元起/份
          </Text>
        )}
      </Flex>
      <Grid columns={{ initial: '2', md: '3' }} gap="3">
        {tiers.map((tier) => (
          <Card key={tier.count} data-testid="sign-tier">
            <Text as="p" weight="bold">
              {tier.count} 份起
            </Text>
            <Text as="p" color="red">
              {tier.unitPrice === cheapest
                ? `${formatYuan(tier.unitPrice)}元起/份`
                : `${formatYuan(tier.unitPrice)}元/份`}
            </Text>
            {tier.description && <Badge color="orange">{tier.description}</Badge>}
          </Card>
        ))}
      </Grid>
      <Flex direction="column" gap="2">
        <Text size="2" weight="medium">
          购买份数
        </Text>
        <Flex gap="2" wrap="wrap" align="center">
          {quickCounts.map((count) => (
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
              {count} 份
            </Button>
          ))}
          <TextField.Root
            name="signCount"
            aria-label="购买份数"
            type="number"
            min={1}
            max={100000}
            value={countText}
            style={{ width: 120 }}
            onChange={(event) => setCountText(event.currentTarget.value)}
            onBlur={() => requestQuote(Number(countText), couponId)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') requestQuote(Number(countText), couponId);
            }}
          />
        </Flex>
      </Flex>
      <CouponSelect
        goodsType={2}
        value={couponId}
        disabled={isQuoting}
        onChange={(next) => {
          setCouponId(next);
          requestQuote(Number(countText), next);
        }}
      />
      {quote.context.error && <Text color="red">{quote.context.error}</Text>}
      <QuoteView quote={calculation} unit="份" />
      <Flex justify="end">
        <Button
          size="3"
          disabled={!canBuy || isQuoting || !calculation || !isCurrent || quote.context.error !== null}
          onClick={buy}
        >
          立即购买
        </Button>
      </Flex>
    </Flex>
  );
}
