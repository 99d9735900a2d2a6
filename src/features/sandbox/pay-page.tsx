/**
 * The sandbox payment provider's cashier (/sandbox/pay?orderNumber=...): the order and its buttons,
 * 确认支付, 取消支付 and 模拟订单关闭 (the order's pay window runs out now, as a payment provider's
 * sandbox lets a tester simulate a timeout). It uses the normal session of a user of the order's company.
 */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { useSearchParams } from 'react-router';
import { Badge, Box, Button, Callout, Card, DataList, Flex, Heading, Text } from '@radix-ui/themes';
import { resourceMachine } from '../../../machines/resource.machine';
import { inspect } from '../../inspector/inspection-store';
import { loadPayOrder, runCashierAction, type PayAction, type PayResult } from './pay-actors';

const statusNames: Record<number, { label: string; color: 'orange' | 'green' | 'gray' | 'red' }> = {
  0: { label: '待支付', color: 'orange' },
  1: { label: '已支付', color: 'green' },
  2: { label: '已取消', color: 'gray' },
  3: { label: '已关闭', color: 'red' },
};

function Cashier({ orderNumber }: { orderNumber: string }) {
  const [machine] = useState(() =>
    resourceMachine.provide({
      actors: { load: loadPayOrder(orderNumber), save: runCashierAction(orderNumber) },
    }),
  );
  const [state, send] = useMachine(machine, { inspect });
  const result = state.context.data as PayResult | null;
  const order = result?.order ?? null;
  const isBusy = !state.matches('loaded');
  const isPending = order?.status === 0;
  const status = order ? statusNames[order.status] : undefined;
  const act = (value: PayAction) => send({ type: 'save', value });

  return (
    <Card size="3" style={{ maxWidth: 480, width: '100%' }} data-testid="sandbox-pay">
      <Flex direction="column" gap="4">
        <Heading size="5">收银台（沙箱）</Heading>
        <Callout.Root color="amber">
          <Callout.Text>沙箱支付：不会产生真实扣款。</Callout.Text>
        </Callout.Root>
        {state.matches('failed') && (
          <Flex gap="3" align="center">
            <Text color="red">{state.context.error}</Text>
            <Button variant="soft" onClick={() => send({ type: 'retry' })}>
              重试
            </Button>
          </Flex>
        )}
        {order && (
          <DataList.Root>
            <DataList.Item>
              <DataList.Label>收款方</DataList.Label>
              <DataList.Value>{order.payee}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>付款公司</DataList.Label>
              <DataList.Value>{order.companyName}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>商品</DataList.Label>
              <DataList.Value>{order.title}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>订单号</DataList.Label>
              <DataList.Value>{order.orderNumber}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>支付方式</DataList.Label>
              <DataList.Value>{order.paymentName}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>应付金额</DataList.Label>
              <DataList.Value>
                <Text color="red" weight="bold" size="5">
                  ¥{order.totalAmount.toFixed(2)}
                </Text>
              </DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>状态</DataList.Label>
              <DataList.Value>
                {status && (
                  <Badge color={status.color} data-testid="pay-status">
                    {status.label}
                  </Badge>
                )}
              </DataList.Value>
            </DataList.Item>
          </DataList.Root>
        )}
        {result?.message && (
          <Text color="green" data-testid="pay-message">
            {result.message}
          </Text>
        )}
        {state.context.error && !state.matches('failed') && <Text color="red">{state.context.error}</Text>}
        <Flex gap="3" justify="end">
          <Button variant="soft" color="red" disabled={isBusy || !isPending} onClick={() => act('timeout')}>
            模拟订单关闭
          </Button>
          <Button variant="soft" color="gray" disabled={isBusy || !isPending} onClick={() => act('cancel')}>
            取消支付
          </Button>
          <Button disabled={isBusy || !isPending} onClick={() => act('confirm')}>
            确认支付
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}

export default function SandboxPayPage() {
  const [params] = useSearchParams();
  const orderNumber = params.get('orderNumber') ?? '';
  return (
    <Flex justify="center" p="6" className="full-screen">
      <Box>
        {orderNumber ? (
          <Cashier key={orderNumber} orderNumber={orderNumber} />
        ) : (
          <Text color="red">缺少订单号</Text>
        )}
      </Box>
    </Flex>
  );
}
