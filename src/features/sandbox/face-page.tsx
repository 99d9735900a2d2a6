/**
 * The sandbox face verification provider's page (/sandbox/face?faceId=..., the faceUrl of
 * getFaceUrl): no camera, buttons 核身通过 and 核身不通过, and 模拟超时 (the check expires now, as a
 * provider's sandbox lets a tester simulate a timeout). It needs no session, as a real
 * provider's page opened on a phone would not; the screen that asked for the check learns the
 * result by polling getFaceStatus.
 */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { useSearchParams } from 'react-router';
import { Badge, Box, Button, Callout, Card, DataList, Flex, Heading, Text } from '@radix-ui/themes';
import { resourceMachine } from '../../../machines/resource.machine';
import { inspect } from '../../inspector/inspection-store';
import { decideFace, loadNothing, type FaceAction, type FaceDecision } from './face-actors';

const statusNames: Record<
  FaceDecision['status'],
  { label: string; color: 'orange' | 'green' | 'red' | 'gray' }
> = {
  0: { label: '待核身', color: 'orange' },
  1: { label: '核身通过', color: 'green' },
  2: { label: '核身未通过', color: 'red' },
  3: { label: '已过期', color: 'gray' },
};

function FaceProvider({ faceId }: { faceId: string }) {
  const [machine] = useState(() =>
    resourceMachine.provide({ actors: { load: loadNothing, save: decideFace(faceId) } }),
  );
  const [state, send] = useMachine(machine, { inspect });
  const decision = state.context.data as FaceDecision | null;
  const isBusy = !state.matches('loaded');
  const status = statusNames[decision?.status ?? 0];
  const isOpen = (decision?.status ?? 0) === 0;
  const choose = (value: FaceAction) => send({ type: 'save', value });

  return (
    <Card size="3" style={{ maxWidth: 480, width: '100%' }} data-testid="sandbox-face">
      <Flex direction="column" gap="4">
        <Heading size="5">人脸核身（沙箱）</Heading>
        <Callout.Root color="amber">
          <Callout.Text>
            沙箱核身服务：不采集真实人脸，由您选择核身结果；模拟超时即视为本次核身已过有效期。
          </Callout.Text>
        </Callout.Root>
        <DataList.Root>
          <DataList.Item>
            <DataList.Label>核身流水号</DataList.Label>
            <DataList.Value>{faceId}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>状态</DataList.Label>
            <DataList.Value>
              <Badge color={status.color} data-testid="face-status">
                {status.label}
              </Badge>
            </DataList.Value>
          </DataList.Item>
        </DataList.Root>
        {decision?.message && <Text color="red">{decision.message}</Text>}
        {decision && decision.status !== 0 && (
          <Text color="gray" data-testid="face-done">
            核身结果已提交，请回到原页面继续
          </Text>
        )}
        {state.context.error && <Text color="red">{state.context.error}</Text>}
        <Flex gap="3" justify="end">
          <Button variant="soft" color="gray" disabled={isBusy || !isOpen} onClick={() => choose('timeout')}>
            模拟超时
          </Button>
          <Button variant="soft" color="red" disabled={isBusy || !isOpen} onClick={() => choose('fail')}>
            核身不通过
          </Button>
          <Button disabled={isBusy || !isOpen} onClick={() => choose('pass')}>
            核身通过
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}

export default function SandboxFacePage() {
  const [params] = useSearchParams();
  const faceId = params.get('faceId') ?? '';
  return (
    <Flex justify="center" p="6" className="full-screen">
      <Box>
        {faceId ? <FaceProvider key={faceId} faceId={faceId} /> : <Text color="red">缺少核身流水号</Text>}
      </Box>
    </Flex>
  );
}
