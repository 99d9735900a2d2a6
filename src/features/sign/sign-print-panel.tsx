/**
 * 打印 on the sign detail (issue 18): the printed count, 打印合同 opening the contract PDF for the
 * browser to print, 已打印 registering it, and 申请重新打印 with a reason once it has been printed.
 * The sign-print machine owns the steps; the server keeps the count and the rule (a contract prints
 * once; printing again needs a request).
 */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Button, Callout, Card, Flex, Heading, Spinner, Text, TextArea } from '@radix-ui/themes';
import {
  signPrintMachine,
  signPrintMessages,
  type SignPrintView,
} from '../../../machines/sign-print.machine';
import { inspect } from '../../inspector/inspection-store';
import { api, ok } from '../../api/client';

async function printView(request: Promise<{ data?: SignPrintView | null }>): Promise<SignPrintView> {
  const view = (await request).data;
  if (!view) throw new Error('打印信息为空');
  return view;
}

const machine = signPrintMachine.provide({
  actors: {
    loadPrintView: fromPromise(({ input }) =>
      printView(ok(api.GET('/sign/signViewPrint', { params: { query: { contractId: input.contractId } } }))),
    ),
    registerPrint: fromPromise(({ input }) =>
      printView(ok(api.POST('/sign/signUpdatePrint', { body: { contractId: input.contractId } }))),
    ),
    requestPrintAgain: fromPromise(({ input }) =>
      printView(
        ok(
          api.POST('/sign/signPrintAgain', { body: { contractId: input.contractId, reason: input.reason } }),
        ),
      ),
    ),
  },
});

/** The product's PDF page for printing this file. */
function printHref(view: SignPrintView, name: string): string {
  const query = new URLSearchParams({ url: view.pdfUrl, type: 'pdf', print: '1', download: '0', name });
  return `#/views/public/pdf-view?${query.toString()}`;
}

export function SignPrintPanel({ contractId, contractNo }: { contractId: number; contractNo: string }) {
  const [snapshot, send] = useMachine(machine, { inspect, input: { contractId } });
  const [reason, setReason] = useState('');
  const { view, error } = snapshot.context;
  const isBusy = (['loading', 'registering', 'requesting'] as const).some((state) => snapshot.matches(state));

  return (
    <Card data-testid="sign-print">
      <Flex justify="between" align="center" gap="3" wrap="wrap">
        <Flex direction="column" gap="1">
          <Heading size="3">打印</Heading>
          {view && (
            <Text size="2" color="gray" data-testid="print-count">
              已打印 {view.printCount} 次{view.lastPrintTime ? `（最近 ${view.lastPrintTime}）` : ''}
            </Text>
          )}
        </Flex>
        <Flex gap="2" align="center">
          {isBusy && <Spinner />}
          {snapshot.matches('ready') && view && (
            <Button
              onClick={() => {
                window.open(printHref(view, contractNo), '_blank', 'noopener');
                send({ type: 'print' });
              }}
            >
              打印合同
            </Button>
          )}
          {snapshot.matches('printing') && (
            <>
              <Button onClick={() => send({ type: 'print.done' })}>已打印</Button>
              <Button variant="soft" color="gray" onClick={() => send({ type: 'print.cancel' })}>
                取消
              </Button>
            </>
          )}
          {snapshot.matches('printed') && (
            <Button variant="soft" onClick={() => send({ type: 'again' })}>
              申请重新打印
            </Button>
          )}
          {snapshot.matches('failed') && (
            <Button variant="soft" onClick={() => send({ type: 'retry' })}>
              重试
            </Button>
          )}
        </Flex>
      </Flex>
      {snapshot.matches('printing') && (
        <Text as="p" size="2" mt="2">
          {signPrintMessages.confirmPrinted}
        </Text>
      )}
      {snapshot.matches('printed') && (
        <Text as="p" size="2" color="gray" mt="2">
          {signPrintMessages.printedHint}
        </Text>
      )}
      {(snapshot.matches('askingReason') || snapshot.matches('requesting')) && (
        <Flex direction="column" gap="2" mt="2">
          <TextArea
            aria-label="重新打印原因"
            placeholder="请输入重新打印原因"
            maxLength={140}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <Flex gap="2" justify="end">
            <Button variant="soft" color="gray" onClick={() => send({ type: 'again.cancel' })}>
              取消
            </Button>
            <Button
              loading={snapshot.matches('requesting')}
              onClick={() => send({ type: 'again.submit', reason })}
            >
              提交申请
            </Button>
          </Flex>
        </Flex>
      )}
      {error && (
        <Callout.Root color="red" role="alert" mt="2">
          <Callout.Text>{error}</Callout.Text>
        </Callout.Root>
      )}
    </Card>
  );
}
