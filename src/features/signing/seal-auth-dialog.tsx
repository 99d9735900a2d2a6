/**
 * The seal-free authorisation window (001 section 9: 1260x800): the seals waiting for
 * authorisation (regSealWaitAuthList) and those whose authorisation has expired or runs out within
 * 30 days (sealAuthFreeExpireList); 授权所有印章 asks 您确认要授权所有印章免验证吗？ and then
 * authorises them all (sealAuthFreeSign).
 */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import {
  AlertDialog,
  Badge,
  Box,
  Button,
  Callout,
  Dialog,
  Flex,
  Heading,
  Table,
  Text,
} from '@radix-ui/themes';
import { resourceMachine } from '../../../machines/resource.machine';
import { inspect } from '../../inspector/inspection-store';
import { authoriseAllSeals, loadSealAuth, type SealAuthData, type SealType } from './signing-actors';

export const sealAuthConfirm = '您确认要授权所有印章免验证吗？';
export const sealAuthWindow = { width: 1260, height: 800 } as const;

const typeNames: Record<SealType, string> = { 1: '公章', 2: '合同专用章', 3: '财务专用章' };
const sealAuthMachine = resourceMachine.provide({ actors: { load: loadSealAuth, save: authoriseAllSeals } });

function SealAuthContent() {
  const [snapshot, send] = useMachine(sealAuthMachine, { inspect });
  const data = snapshot.context.data as SealAuthData | null;
  const [isConfirming, setConfirming] = useState(false);
  const hasWaiting = (data?.waiting.length ?? 0) > 0;
  return (
    <Flex direction="column" gap="4" style={{ height: '100%' }}>
      {snapshot.context.error && (
        <Callout.Root color="red" data-testid="seal-auth-error">
          <Callout.Text>{snapshot.context.error}</Callout.Text>
        </Callout.Root>
      )}
      {data?.authorised && (
        <Callout.Root color="green" data-testid="seal-auth-done">
          <Callout.Text>
            已授权 {data.authorised.count} 枚印章免验证签署，有效期至 {data.authorised.expireTime}
          </Callout.Text>
        </Callout.Root>
      )}
      <Box>
        <Flex justify="between" align="center" mb="2">
          <Heading size="3">待授权印章</Heading>
          <Button
            disabled={!hasWaiting || snapshot.matches('saving')}
            loading={snapshot.matches('saving')}
            onClick={() => setConfirming(true)}
          >
            授权所有印章
          </Button>
        </Flex>
        <Table.Root size="1" data-testid="seal-wait-list">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>印章</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>名称</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>类型</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>企业</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>状态</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {(data?.waiting ?? []).map((seal) => (
              <Table.Row key={seal.sealId} data-testid="seal-wait-row">
                <Table.Cell>
                  <img src={seal.sealUrl} alt={seal.sealTitle} style={{ height: 40 }} />
                </Table.Cell>
                <Table.Cell>{seal.sealTitle}</Table.Cell>
                <Table.Cell>{typeNames[seal.sealType]}</Table.Cell>
                <Table.Cell>{seal.corpName}</Table.Cell>
                <Table.Cell>
                  <Badge color={seal.authState === 2 ? 'red' : 'gray'}>
                    {seal.authState === 2 ? `授权已过期（${seal.authExpireTime ?? ''}）` : '从未授权'}
                  </Badge>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
        {data && !hasWaiting && (
          <Text as="p" color="gray" mt="2">
            没有待授权的印章
          </Text>
        )}
      </Box>
      <Box>
        <Heading size="3" mb="2">
          授权已过期或即将过期
        </Heading>
        <Table.Root size="1" data-testid="seal-expire-list">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>名称</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>类型</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>企业</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>到期时间</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>剩余天数</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {(data?.expiring ?? []).map((seal) => (
              <Table.Row key={seal.sealId}>
                <Table.Cell>{seal.sealTitle}</Table.Cell>
                <Table.Cell>{typeNames[seal.sealType]}</Table.Cell>
                <Table.Cell>{seal.corpName}</Table.Cell>
                <Table.Cell>{seal.authExpireTime}</Table.Cell>
                <Table.Cell>
                  {seal.expired === 1 ? <Badge color="red">已过期</Badge> : `${seal.remainDays} 天`}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
        {data && data.expiring.length === 0 && (
          <Text as="p" color="gray" mt="2">
            没有已过期或即将过期的授权
          </Text>
        )}
      </Box>
      <AlertDialog.Root open={isConfirming} onOpenChange={setConfirming}>
        <AlertDialog.Content maxWidth="420px">
          <AlertDialog.Title>免验证签署授权</AlertDialog.Title>
          <AlertDialog.Description>{sealAuthConfirm}</AlertDialog.Description>
          <Flex gap="3" mt="4" justify="end">
            <AlertDialog.Cancel>
              <Button variant="soft" color="gray">
                取消
              </Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action>
              <Button onClick={() => send({ type: 'save', value: null })}>确定</Button>
            </AlertDialog.Action>
          </Flex>
        </AlertDialog.Content>
      </AlertDialog.Root>
    </Flex>
  );
}

export function SealAuthDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content
        maxWidth={`${sealAuthWindow.width}px`}
        // The seed's window size, not the dialog's default (which shrinks to the viewport's padding).
        style={{
          width: sealAuthWindow.width,
          minWidth: sealAuthWindow.width,
          maxWidth: 'none',
          height: sealAuthWindow.height,
          overflow: 'auto',
        }}
        aria-describedby={undefined}
        data-testid="seal-auth-dialog"
      >
        <Flex justify="between" align="center" mb="3">
          <Dialog.Title mb="0">印章免验证签署授权</Dialog.Title>
          <Dialog.Close>
            <Button variant="ghost" color="gray">
              关闭
            </Button>
          </Dialog.Close>
        </Flex>
        {open && <SealAuthContent />}
      </Dialog.Content>
    </Dialog.Root>
  );
}
