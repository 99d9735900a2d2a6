/**
 * The pay-status gate in front of an app page (000 section 4): runs the payStatusGate machine for
 * the tab's app type and shows the page once the machine says proceed. It renders the machine's
 * state and sends its events; the workspace acts on the outcome (open the recharge centre or seal
 * management, close the tab).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useMachine } from '@xstate/react';
import { Box, Button, Callout, Card, Flex, Heading, Spinner, Text } from '@radix-ui/themes';
import { gateMessages, trialProceedDelayMs } from '../../machines/pay-status-gate.machine';
import { emitFeedback } from '../api/feedback';
import { tabKey, type PageTab } from '../../machines/tabs.machine';
import { useWorkspace } from '../core/workspace';
import { inspect } from '../inspector/inspection-store';
import { createPayStatusGateMachine } from './pay-status-gate-actors';

const rechargeEntry = { appType: 88, appId: 2, name: '充值中心', path: '/views/recharge/index' };
const sealEntry = { appType: 6, appId: 5, name: '印章管理', path: '/views/manager/seal.vue' };

type Props = { tab: PageTab; userId: number; children: ReactNode };

export function PayStatusGate({ tab, userId, children }: Props) {
  const [machine] = useState(() => createPayStatusGateMachine(userId));
  const [state, send] = useMachine(machine, { input: { payStatusId: tab.appType }, inspect });
  const workspace = useWorkspace();
  const outcome = state.output?.outcome ?? null;
  const { status, notice, expiryDaysLeft } = state.context;

  useEffect(() => {
    if (outcome === 'recharge') workspace.openPage(rechargeEntry);
    if (outcome === 'authoriseSeals') workspace.openPage(sealEntry);
    if (outcome === 'cancel') workspace.closePage(tabKey(tab));
    // The outcome is reached once per gate; the workspace functions are new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [outcome]);

  // The trial started: its message is a toast held 2.5 s (000 section 9), the time the machine
  // waits before the page opens (section 4: proceed after 2.5 s).
  const isTrialStarted = state.matches('trialStarted');
  const startedText = isTrialStarted ? (notice?.text ?? '') : '';
  useEffect(() => {
    if (startedText)
      emitFeedback({ kind: 'toast', text: startedText, tone: 'success', durationMs: trialProceedDelayMs });
  }, [startedText]);

  if (outcome === 'proceed') return <>{children}</>;

  const noticeView = notice && (
    <Callout.Root color={notice.kind === 'error' ? 'red' : notice.kind === 'success' ? 'green' : 'blue'}>
      <Callout.Text data-testid="gate-notice">{notice.text}</Callout.Text>
    </Callout.Root>
  );

  let body: ReactNode;
  if (state.matches('checking') || state.matches('checkingReminder') || state.status === 'done') {
    body = (
      <Flex gap="2" align="center">
        <Spinner />
        <Text color="gray">
          {outcome === 'recharge' ? '正在前往充值中心…' : outcome ? '正在关闭…' : '正在检查应用状态…'}
        </Text>
      </Flex>
    );
  } else if (state.matches('failed')) {
    body = (
      <>
        <Heading size="4">无法获取应用状态</Heading>
        {noticeView}
        <Flex gap="3" justify="end">
          <Button variant="soft" color="gray" onClick={() => send({ type: 'cancel' })}>
            关闭
          </Button>
          <Button onClick={() => send({ type: 'retry' })}>重试</Button>
        </Flex>
      </>
    );
  } else if (state.matches('reminding')) {
    const seals = status?.expiredSeals ?? [];
    body = (
      <>
        <Heading size="4">到期提醒</Heading>
        {status?.expirationDate && expiryDaysLeft !== null && (
          <Text>{gateMessages.expiresOn(status.expirationDate, expiryDaysLeft)}</Text>
        )}
        {seals.length > 0 && (
          <Box>
            <Text as="p" mb="2">
              以下印章的免验证签署授权已过期：
            </Text>
            <ul className="gate-seals">
              {seals.map((seal) => (
                <li key={seal.sealId}>
                  {seal.sealTitle}（{seal.expiredAt} 过期）
                </li>
              ))}
            </ul>
          </Box>
        )}
        <Flex gap="3" justify="end">
          {state.can({ type: 'seals.authorise' }) && (
            <Button variant="soft" onClick={() => send({ type: 'seals.authorise' })}>
              去授权
            </Button>
          )}
          {state.can({ type: 'renew' }) && (
            <Button variant="soft" onClick={() => send({ type: 'renew' })}>
              去续费
            </Button>
          )}
          <Button onClick={() => send({ type: 'reminder.close' })}>知道了</Button>
        </Flex>
      </>
    );
  } else if (state.matches('notActivated')) {
    body = (
      <>
        <Heading size="4">应用未开通</Heading>
        <Text>{status?.message ?? gateMessages.notActivated}</Text>
        <Flex gap="3" justify="end">
          <Button variant="soft" color="gray" onClick={() => send({ type: 'cancel' })}>
            取消
          </Button>
          <Button onClick={() => send({ type: 'activate' })}>立即开通</Button>
        </Flex>
      </>
    );
  } else if (state.matches('expired')) {
    body = (
      <>
        <Heading size="4">应用已到期</Heading>
        <Text>{status?.message ?? gateMessages.expired}</Text>
        <Flex gap="3" justify="end">
          <Button variant="soft" color="gray" onClick={() => send({ type: 'cancel' })}>
            取消
          </Button>
          <Button onClick={() => send({ type: 'renew' })}>去续费</Button>
        </Flex>
      </>
    );
  } else if (state.matches('trialOffered') || state.matches('startingTrial')) {
    const isStarting = state.matches('startingTrial');
    body = (
      <>
        <Heading size="4">免费试用</Heading>
        <Text>{status?.message ?? `该应用可免费试用 ${status?.tryDays ?? ''} 天`}</Text>
        {noticeView}
        <Flex gap="3" justify="end">
          <Button variant="soft" color="gray" disabled={isStarting} onClick={() => send({ type: 'cancel' })}>
            取消
          </Button>
          <Button loading={isStarting} onClick={() => send({ type: 'try' })}>
            免费试用
          </Button>
        </Flex>
      </>
    );
  } else {
    // trialStarted: the toast says so; the page opens after 2.5 s.
    body = (
      <>
        <Heading size="4">免费试用</Heading>
        <Flex gap="2" align="center">
          <Spinner />
          <Text color="gray">正在进入…</Text>
        </Flex>
      </>
    );
  }

  return (
    <Flex justify="center" p="6">
      <Card size="3" style={{ maxWidth: 520, width: '100%' }} data-testid="pay-status-gate">
        <Flex direction="column" gap="3">
          <Text size="1" color="gray">
            {tab.name}
          </Text>
          {body}
        </Flex>
      </Card>
    </Flex>
  );
}
