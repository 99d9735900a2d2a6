/**
 * 实名认证 (face verification) for one person: the face-check machine asks the provider for a page
 * with the person's name and ID number, opens it, and polls until the check is passed, failed or
 * expired. The owner of the identity fields gives them here; when they change after a check, the
 * check no longer applies and starts afresh. onResult tells the owner the passed check's faceId.
 */
import { useEffect, useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import { Badge, Button, Callout, Flex, Link, Text } from '@radix-ui/themes';
import { inspect } from '../../inspector/inspection-store';
import { createFaceCheckMachine } from './identity-actors';

type Props = {
  /** Who is verified, e.g. 法定代表人 or 经办人. */
  role: string;
  name: string;
  idNo: string;
  /** The signing link the check is for, if any (the server then compares the identity with its party). */
  hash?: string;
  /** Why the check cannot be asked for yet (e.g. a certificate type the provider does not take). */
  blockedReason?: string | null;
  onResult: (faceId: string | null) => void;
};

const stateBadges = {
  idle: { label: '未认证', color: 'gray' },
  requesting: { label: '正在发起', color: 'blue' },
  waiting: { label: '核身中', color: 'orange' },
  passed: { label: '已通过', color: 'green' },
  failed: { label: '未通过', color: 'red' },
  expired: { label: '已过期', color: 'gray' },
} as const;

export function FaceVerification({ role, name, idNo, hash, blockedReason, onResult }: Props) {
  const [machine] = useState(createFaceCheckMachine);
  const [snapshot, send] = useMachine(machine, { inspect });
  const { notice, faceUrl, faceId, identity } = snapshot.context;
  const stateKey = (['requesting', 'waiting', 'passed', 'failed', 'expired'] as const).find((key) =>
    snapshot.matches(key),
  );
  const badge = stateBadges[stateKey ?? 'idle'];
  const isPassed = snapshot.matches('passed');
  const isWaiting = snapshot.matches('waiting');

  // A passed check is for the identity it was made with; editing the name or ID number undoes it.
  const checkedIdentity = identity ? `${identity.name}|${identity.idNo}` : null;
  const currentIdentity = `${name.trim()}|${idNo.trim().toUpperCase()}`;
  const isStale =
    checkedIdentity !== null && checkedIdentity !== currentIdentity && !snapshot.matches('requesting');
  useEffect(() => {
    if (isStale && snapshot.can({ type: 'face.reset' })) send({ type: 'face.reset' });
  }, [isStale, snapshot, send]);

  const reported = useRef<string | null>(null);
  const result = isPassed ? faceId : null;
  useEffect(() => {
    if (reported.current === result) return;
    reported.current = result;
    onResult(result);
  }, [result, onResult]);

  const onStart = () => send({ type: 'face.start', identity: { name, idNo, ...(hash ? { hash } : {}) } });
  const canStart = !blockedReason && snapshot.can({ type: 'face.start', identity: { name: 'x', idNo: 'x' } });

  return (
    <Flex direction="column" gap="2" data-testid="face-verification">
      <Flex gap="3" align="center" wrap="wrap">
        <Text size="2" weight="medium">
          {role}实名认证（人脸核身）
        </Text>
        <Badge color={badge.color} data-testid="face-state">
          {badge.label}
        </Badge>
        {canStart && (
          <Button size="1" variant="soft" onClick={onStart}>
            {snapshot.matches('idle') ? '发起人脸核身' : '重新核身'}
          </Button>
        )}
        {isWaiting && faceUrl && (
          <>
            <Link
              href={faceUrl}
              target="_blank"
              size="2"
              data-testid="face-url"
              onClick={(event) => {
                // The machine opens the provider's page again (face.open), as it did when the check began.
                event.preventDefault();
                send({ type: 'face.open' });
              }}
            >
              打开核身页面
            </Link>
            <Button size="1" variant="soft" onClick={() => send({ type: 'face.check' })}>
              我已完成核身
            </Button>
            <Button size="1" variant="ghost" color="gray" onClick={() => send({ type: 'face.reset' })}>
              取消
            </Button>
          </>
        )}
      </Flex>
      {blockedReason && (
        <Text size="1" color="gray">
          {blockedReason}
        </Text>
      )}
      {notice && (
        <Callout.Root
          size="1"
          color={notice.kind === 'error' ? 'red' : notice.kind === 'success' ? 'green' : 'blue'}
          data-testid="face-notice"
          role={notice.kind === 'error' ? 'alert' : 'status'}
        >
          <Callout.Text>{notice.text}</Callout.Text>
        </Callout.Root>
      )}
    </Flex>
  );
}
