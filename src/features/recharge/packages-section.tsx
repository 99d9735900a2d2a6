/** Product packages: the catalogue, the chosen package's quote (type, accounts, years) and the packages bought. */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import {
  Badge,
  Box,
  Button,
  Card,
  Flex,
  Grid,
  Heading,
  SegmentedControl,
  Table,
  Text,
} from '@radix-ui/themes';
import { TextField } from '../../ui/text-field';
import { resourceMachine } from '../../../machines/resource.machine';
import type { OrderRequest } from '../../../machines/order-payment.machine';
import { inspect } from '../../inspector/inspection-store';
import {
  loadCompanyPackages,
  loadPackages,
  noQuoteYet,
  quotePackage,
  type Calculation,
  type CompanyPackage,
  type PackageOrderBody,
  type PackageQuoteInput,
  type ProductPackage,
} from './recharge-actors';
import { CouponSelect, QuoteView } from './checkout-parts';
import { formatYuan } from './format';
import { minimumSeats, seatChoices } from './seats-section';

const packagesMachine = resourceMachine.provide({ actors: { load: loadPackages } });
const boughtMachine = resourceMachine.provide({ actors: { load: loadCompanyPackages } });
const quoteMachine = resourceMachine.provide({ actors: { load: noQuoteYet, save: quotePackage } });
export const defaultDuration = 1;
const durations = [1, 2, 3, 4, 5];
const packageStates: Record<number, string> = { 1: '生效中', 2: '待生效', 3: '已过期' };

type Props = { canBuy: boolean; onBuy: (request: OrderRequest) => void };
type Choice = Omit<PackageQuoteInput, 'coupons'> & { couponId: number | null };

export function PackagesSection({ canBuy, onBuy }: Props) {
  const [packages] = useMachine(packagesMachine, { inspect });
  const [bought] = useMachine(boughtMachine, { inspect });
  const [quote, sendQuote] = useMachine(quoteMachine, { inspect });
  const [choice, setChoice] = useState<Choice | null>(null);
  const [accountText, setAccountText] = useState(String(minimumSeats));
  const [quotedFor, setQuotedFor] = useState<Choice | null>(null);
  const products = (packages.context.data as ProductPackage[] | null) ?? [];
  const boughtList = (bought.context.data as CompanyPackage[] | null) ?? [];
  const calculation = quote.context.data as Calculation | null;
  const isQuoting = !quote.matches('loaded');
  const chosen = products.find((product) => product.productId === choice?.productId) ?? null;

  const requestQuote = (next: Choice) => {
    setChoice(next);
    setAccountText(String(next.accountCount));
    if (!Number.isInteger(next.accountCount) || next.accountCount < 1) return;
    setQuotedFor(next);
    const { couponId, ...rest } = next;
    sendQuote({ type: 'save', value: { ...rest, coupons: couponId === null ? [] : [couponId] } });
  };
  const isCurrent = choice !== null && JSON.stringify(choice) === JSON.stringify(quotedFor);
  const buy = () => {
    if (!calculation || !quotedFor) return;
    const body: PackageOrderBody = {
      type: quotedFor.type,
      productId: quotedFor.productId,
      accountCount: quotedFor.accountCount,
      duration: quotedFor.duration,
      originalPrice: calculation.originalPrice,
      totalFee: calculation.totalFee,
      coupons: calculation.coupon ? [calculation.coupon.couponId] : [],
      paymentType: 1,
    };
    onBuy({ kind: 'package', body });
  };

  return (
    <Flex direction="column" gap="4" data-testid="packages">
      <Heading size="4">产品套餐</Heading>
      {packages.matches('failed') && <Text color="red">{packages.context.error}</Text>}
      <Grid columns={{ initial: '1', md: '2', lg: '4' }} gap="3">
        {products.map((product) => (
          <Card
            key={product.productId}
            data-testid="package-card"
            className={choice?.productId === product.productId ? 'package-card chosen' : 'package-card'}
          >
            <Flex direction="column" gap="2">
              <Flex gap="2" align="center">
                <Heading size="3">{product.name}</Heading>
                {product.recommended === 1 && <Badge color="orange">推荐</Badge>}
                {product.isCurrent === 1 && <Badge color="green">当前套餐</Badge>}
              </Flex>
              <Text>
                <Text color="red" weight="bold" size="5">
                  {formatYuan(product.unitPrice)}
                </Text>{' '}
                元/账号/年
                {product.originalUnitPrice !== null && product.originalUnitPrice !== undefined && (
                  <Text color="gray" size="1" className="strike">
                    {' '}
                    {formatYuan(product.originalUnitPrice)}
                  </Text>
                )}
              </Text>
              <Text size="2" color="gray">
                {product.minAccountCount} 个账号起，每年赠送签约 {product.signCount} 份
              </Text>
              {product.description && <Text size="2">{product.description}</Text>}
              {product.features && (
                <ul className="package-features">
                  {product.features.map((feature) => (
                    <li key={feature}>{feature}</li>
                  ))}
                </ul>
              )}
              <Button
                variant={choice?.productId === product.productId ? 'solid' : 'soft'}
                disabled={isQuoting}
                onClick={() =>
                  requestQuote({
                    type: product.isCurrent === 1 ? 2 : 1,
                    productId: product.productId,
                    accountCount: Math.max(choice?.accountCount ?? minimumSeats, product.minAccountCount),
                    duration: choice?.duration ?? defaultDuration,
                    couponId: choice?.couponId ?? null,
                  })
                }
              >
                {product.isCurrent === 1 ? '续费' : '选择'}
              </Button>
            </Flex>
          </Card>
        ))}
      </Grid>
      {choice && chosen && (
        <Card size="2">
          <Flex direction="column" gap="3">
            <Heading size="3">
              {choice.type === 2 ? '续费' : '购买'} {chosen.name}
            </Heading>
            <Flex gap="3" align="center" wrap="wrap">
              <Text size="2" weight="medium">
                账号数量
              </Text>
              {seatChoices.map((count) => (
                <Button
                  key={count}
                  size="1"
                  variant={choice.accountCount === count ? 'solid' : 'soft'}
                  disabled={isQuoting || count < chosen.minAccountCount}
                  onClick={() => requestQuote({ ...choice, accountCount: count })}
                >
                  {count} 个
                </Button>
              ))}
              <TextField.Root
                aria-label="套餐账号数量"
                type="number"
                min={chosen.minAccountCount}
                value={accountText}
                style={{ width: 100 }}
                onChange={(event) => setAccountText(event.currentTarget.value)}
                onBlur={() => requestQuote({ ...choice, accountCount: Number(accountText) })}
              />
            </Flex>
            <Flex gap="3" align="center">
              <Text size="2" weight="medium">
                购买时长
              </Text>
              <SegmentedControl.Root
                value={String(choice.duration)}
                onValueChange={(value) => requestQuote({ ...choice, duration: Number(value) })}
              >
                {durations.map((years) => (
                  <SegmentedControl.Item key={years} value={String(years)}>
                    {years} 年
                  </SegmentedControl.Item>
                ))}
              </SegmentedControl.Root>
            </Flex>
            <CouponSelect
              goodsType={1}
              value={choice.couponId}
              disabled={isQuoting}
              onChange={(couponId) => requestQuote({ ...choice, couponId })}
            />
            {quote.context.error && <Text color="red">{quote.context.error}</Text>}
            <QuoteView quote={calculation} unit="个账号" />
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
        </Card>
      )}
      <Box>
        <Heading size="3" mb="2">
          已购套餐
        </Heading>
        {boughtList.length === 0 ? (
          <Text color="gray">暂无已购套餐</Text>
        ) : (
          <Table.Root size="1">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>套餐</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>账号</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>有效期</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>状态</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {boughtList.map((row) => (
                <Table.Row key={row.id}>
                  <Table.Cell>{row.name}</Table.Cell>
                  <Table.Cell>{row.accountCount}</Table.Cell>
                  <Table.Cell>
                    {row.startDate} 至 {row.endDate}
                  </Table.Cell>
                  <Table.Cell>{packageStates[row.state]}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </Box>
    </Flex>
  );
}
