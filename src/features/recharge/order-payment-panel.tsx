/** The order being paid: creating, waiting for the payment (polled every 5 s), the result. */
import { Button, Callout, Card, Flex, Heading, Spinner, Text } from '@radix-ui/themes';
import type { SnapshotFrom } from 'xstate';
import type { orderPaymentMachine, OrderPaymentEvent } from '../../../machines/order-payment.machine';
import { formatYuan } from './format';

type Props = {
  state: SnapshotFrom<typeof orderPaymentMachine>;
  send: (event: OrderPaymentEvent) => void;
  onDone: () => void;
};

export function OrderPaymentPanel({ state, send, onDone }: Props) {
  if (state.matches('idle') || state.matches('dismissed')) return null;
  const { notice, orderNumber, totalAmount, payUrl } = state.context;
  const tone = notice?.kind === 'error' ? 'red' : notice?.kind === 'success' ? 'green' : 'blue';
  const noticeView = notice && (
    <Callout.Root color={tone}>
      <Callout.Text data-testid="payment-notice">{notice.text}</Callout.Text>
    </Callout.Root>
  );

  let body;
  if (state.matches('creating')) {
    body = (
      <Flex gap="2" align="center">
        <Spinner />
        <Text>正在创建订单…</Text>
      </Flex>
    );
  } else if (state.matches('failed')) {
    body = (
      <>
        <Heading size="3">下单失败</Heading>
        {noticeView}
        <Text size="2" color="gray">
          可调整后重新购买。
        </Text>
        <Flex justify="end">
          <Button variant="soft" color="gray" onClick={() => send({ type: 'close' })}>
            关闭
          </Button>
        </Flex>
      </>
    );
  } else if (state.matches('waiting') || state.matches('gaveUp')) {
    body = (
      <>
        <Heading size="3">等待支付</Heading>
        <Text size="2">
          订单号{' '}
          <Text weight="bold" data-testid="order-number">
            {orderNumber}
          </Text>
          {totalAmount !== null && <>，应付 {formatYuan(totalAmount)} 元</>}
        </Text>
        {state.matches('waiting') && (
          <Flex gap="2" align="center">
            <Spinner />
            <Text size="2" color="gray">
              请在新打开的支付页完成支付，支付结果每 5 秒自动查询一次。
            </Text>
          </Flex>
        )}
        {noticeView}
        <Flex gap="3" justify="end" wrap="wrap">
          <Button variant="soft" color="gray" onClick={() => send({ type: 'close' })}>
            关闭
          </Button>
          {payUrl && (
            <Button variant="soft" onClick={() => send({ type: 'payUrl.open' })}>
              打开支付页
            </Button>
          )}
          <Button
            disabled={!state.can({ type: 'payment.check' })}
            onClick={() => send({ type: 'payment.check' })}
          >
            查询支付结果
          </Button>
        </Flex>
      </>
    );
  } else {
    // paid, bought, cancelled, expired, closed
    body = (
      <>
        <Heading size="3">
          {state.matches('paid') || state.matches('bought') ? '购买完成' : '订单已结束'}
        </Heading>
        {noticeView}
        <Flex justify="end">
          <Button onClick={onDone}>完成</Button>
        </Flex>
      </>
    );
  }

  return (
    <Card size="2" data-testid="order-payment" mb="4">
      <Flex direction="column" gap="3">
        {body}
      </Flex>
    </Card>
  );
}
