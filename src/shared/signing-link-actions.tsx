/**
 * What the staff can do with a signatory's signing link on the sign detail: open it (a party
 * signing at the broker's desk), copy it (to send by another channel than the SMS), and for a
 * company party show its QR code (createCorpWxMiniCode) for the person who signs for the company
 * to scan with a phone.
 */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Button, Dialog, Flex, Text } from '@radix-ui/themes';
import { resourceMachine } from '../../machines/resource.machine';
import { api, ok } from '../api/client';
import type { components } from '../../openapi/generated/api';
import { useWorkspace } from '../core/workspace';
import { inspect } from '../inspector/inspection-store';
import { copyText } from '../ui/copy-text';

type LinkCode = components['schemas']['SignCorpWxMiniCode'];

export const toBeSignedPage = (hash: string) => ({
  appType: 6,
  appId: 0,
  name: '待我签署',
  path: '/views/sign/to-be-signed',
  params: { hash },
});

function LinkCodeView({ hash }: { hash: string }) {
  const [machine] = useState(() =>
    resourceMachine.provide({
      actors: {
        load: fromPromise<unknown>(
          async () => (await ok(api.GET('/sign/createCorpWxMiniCode', { params: { query: { hash } } }))).data,
        ),
      },
    }),
  );
  const [snapshot] = useMachine(machine, { inspect });
  const code = snapshot.context.data as LinkCode | null;
  if (snapshot.matches('failed')) return <Text color="red">{snapshot.context.error}</Text>;
  if (!code) return <Text color="gray">正在生成二维码...</Text>;
  return (
    <Flex direction="column" align="center" gap="2">
      <img src={code.codeUrl} alt="扫码签署二维码" width={240} height={240} data-testid="link-qr-code" />
      <Text size="2" color="gray">
        有效期至 {code.expireTime}
      </Text>
    </Flex>
  );
}

/** A party's signing link; none (文件链接为空 when copied) while the party has no link yet. */
export function signingLinkAddress(origin: string, hash: string): string {
  return hash ? `${origin}/#/views/sign/to-be-signed?hash=${hash}` : '';
}

export function SigningLinkActions({
  hash,
  subjectType,
  name,
}: {
  hash: string;
  subjectType: 1 | 2;
  name: string;
}) {
  const { openPage } = useWorkspace();
  const copy = () => copyText(signingLinkAddress(window.location.origin, hash), 'link');
  return (
    <Flex gap="2">
      <Button size="1" variant="soft" onClick={() => openPage(toBeSignedPage(hash))}>
        打开
      </Button>
      <Button size="1" variant="soft" onClick={() => void copy()}>
        复制链接
      </Button>
      {subjectType === 2 && (
        <Dialog.Root>
          <Dialog.Trigger>
            <Button size="1" variant="soft">
              扫码签署
            </Button>
          </Dialog.Trigger>
          <Dialog.Content maxWidth="360px">
            <Dialog.Title>{name}：扫码签署</Dialog.Title>
            <Dialog.Description size="2" mb="3">
              请企业的签署人用手机扫描二维码，打开签署链接完成认证与盖章。
            </Dialog.Description>
            <LinkCodeView hash={hash} />
            <Flex justify="end" mt="3">
              <Dialog.Close>
                <Button variant="soft" color="gray">
                  关闭
                </Button>
              </Dialog.Close>
            </Flex>
          </Dialog.Content>
        </Dialog.Root>
      )}
    </Flex>
  );
}
