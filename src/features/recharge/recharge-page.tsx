/**
 * The recharge centre (/views/recharge/index): the company's balance, packages, sign credits,
 * account seats, coupons and consumption records. Buying runs the orderPayment machine; the order
 * being paid is kept in localStorage so a reload resumes polling it.
 */
import { useCallback, useEffect, useState } from 'react';
import { useMachine } from '@xstate/react';
import { Box, Card, DataList, Flex, Heading, Tabs, Text } from '@radix-ui/themes';
import { resourceMachine } from '../../../machines/resource.machine';
import {
  orderPaymentMachine,
  paymentMessages,
  type OrderPaymentInput,
} from '../../../machines/order-payment.machine';
import { emitFeedback } from '../../api/feedback';
import type { PageProps } from '../../core/workspace';
import { useSessionSnapshot } from '../../core/use-session';
import { inspect } from '../../inspector/inspection-store';
import {
  clearPendingOrder,
  createOrder,
  loadAccountSummary,
  queryOrder,
  readPendingOrder,
  savePendingOrder,
  type AccountSummary,
} from './recharge-actors';
import { OrderPaymentPanel } from './order-payment-panel';
import { PackagesSection } from './packages-section';
import { SignCreditsSection } from './sign-credits-section';
import { SeatsSection } from './seats-section';
import { CouponsSection } from './coupons-section';
import { RecordsSection } from './records-section';
import { SignLedgerSection } from './sign-ledger-section';

const summaryMachine = resourceMachine.provide({ actors: { load: loadAccountSummary } });

function paymentInput(userId: number): OrderPaymentInput {
  const pending = readPendingOrder(userId);
  if (!pending) return { orderNumber: null };
  return {
    orderNumber: pending.orderNumber,
    payUrl: pending.payUrl,
    ...(pending.totalAmount !== null ? { totalAmount: pending.totalAmount } : {}),
  };
}

type RechargeCentreProps = {
  userId: number;
  onRestart: () => void;
  /** The open section, kept across restarts so a new checkout stays where the user was. */
  section: string;
  onSectionChange: (section: string) => void;
};

function RechargeCentre({ userId, onRestart, section, onSectionChange }: RechargeCentreProps) {
  const [summary, , summaryRef] = useMachine(summaryMachine, { inspect });
  const [machine] = useState(() =>
    orderPaymentMachine.provide({
      actors: { createOrder, queryOrder },
      actions: {
        openPayUrl: ({ context }) => {
          if (!context.orderNumber || !context.payUrl) return;
          savePendingOrder(userId, {
            orderNumber: context.orderNumber,
            payUrl: context.payUrl,
            totalAmount: context.totalAmount,
          });
          window.open(context.payUrl, '_blank');
        },
        onPaid: () => {
          emitFeedback({ kind: 'toast', text: paymentMessages.bought, tone: 'success' });
          summaryRef.send({ type: summaryRef.getSnapshot().matches('failed') ? 'retry' : 'reload' });
        },
      },
    }),
  );
  const [payment, sendPayment] = useMachine(machine, { input: paymentInput(userId), inspect });
  const isFinished = payment.status === 'done';
  const outcome = payment.output?.outcome ?? null;

  useEffect(() => {
    if (!isFinished) return;
    clearPendingOrder(userId);
    if (outcome === 'dismissed') onRestart();
  }, [isFinished, outcome, userId, onRestart]);

  const canBuy = payment.can({ type: 'order.submit', request: { kind: 'sign', body: {} } });
  const onBuy = (request: Parameters<typeof sendPayment>[0] & { type: 'order.submit' }) =>
    sendPayment(request);
  const account = summary.context.data as AccountSummary | null;
  const refreshSummary = () =>
    summaryRef.send({ type: summaryRef.getSnapshot().matches('failed') ? 'retry' : 'reload' });

  return (
    <Box p="5" pb="9" className="recharge-page" data-testid="recharge-page">
      <Card size="3" mb="4">
        <Flex justify="between" align="start" gap="4" wrap="wrap">
          <Heading size="5">充值中心</Heading>
          {summary.matches('failed') && <Text color="red">{summary.context.error}</Text>}
          {account && (
            <DataList.Root orientation="vertical" className="account-summary">
              <DataList.Item>
                <DataList.Label>当前套餐</DataList.Label>
                <DataList.Value data-testid="current-package">
                  {account.productName ?? '未开通'}
                </DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label>到期日</DataList.Label>
                <DataList.Value>{account.expirationDate ?? '—'}</DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label>账号（已用 / 总数）</DataList.Label>
                <DataList.Value data-testid="account-count">
                  {account.usedCount} / {account.accountCount}（剩余 {account.remainingCount}）
                </DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label>剩余签约份数</DataList.Label>
                <DataList.Value data-testid="sign-balance">{account.signCount}</DataList.Value>
              </DataList.Item>
            </DataList.Root>
          )}
        </Flex>
      </Card>
      <OrderPaymentPanel state={payment} send={sendPayment} onDone={onRestart} />
      <Tabs.Root value={section} onValueChange={onSectionChange}>
        <Tabs.List>
          <Tabs.Trigger value="packages">产品套餐</Tabs.Trigger>
          <Tabs.Trigger value="sign">签约份数</Tabs.Trigger>
          <Tabs.Trigger value="seats">账号席位</Tabs.Trigger>
          <Tabs.Trigger value="coupons">优惠券</Tabs.Trigger>
          <Tabs.Trigger value="records">消费记录</Tabs.Trigger>
          <Tabs.Trigger value="sign-ledger">份数流水</Tabs.Trigger>
        </Tabs.List>
        <Box pt="4">
          <Tabs.Content value="packages">
            <PackagesSection canBuy={canBuy} onBuy={(request) => onBuy({ type: 'order.submit', request })} />
          </Tabs.Content>
          <Tabs.Content value="sign">
            <SignCreditsSection
              canBuy={canBuy}
              onBuy={(request) => onBuy({ type: 'order.submit', request })}
            />
          </Tabs.Content>
          <Tabs.Content value="seats">
            <SeatsSection canBuy={canBuy} onBuy={(request) => onBuy({ type: 'order.submit', request })} />
          </Tabs.Content>
          <Tabs.Content value="coupons">
            <CouponsSection onGiftReceived={refreshSummary} />
          </Tabs.Content>
          <Tabs.Content value="records">
            <RecordsSection />
          </Tabs.Content>
          <Tabs.Content value="sign-ledger">
            <SignLedgerSection />
          </Tabs.Content>
        </Box>
      </Tabs.Root>
    </Box>
  );
}

export default function RechargePage(_props: PageProps) {
  const session = useSessionSnapshot();
  const userId = session.context.user?.userId ?? 0;
  // A finished purchase starts a new checkout (a new orderPayment actor) with fresh balances.
  const [attempt, setAttempt] = useState(0);
  const restart = useCallback(() => setAttempt((n) => n + 1), []);
  const [section, setSection] = useState('packages');
  return (
    <RechargeCentre
      key={`${userId}:${attempt}`}
      userId={userId}
      onRestart={restart}
      section={section}
      onSectionChange={setSection}
    />
  );
}
