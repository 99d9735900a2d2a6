/**
 * The broker settings pages (/views/system/broker/fp-58sup-broker and fp-tmall-broker): the
 * company's bindings on the portal, and binding or unbinding one's own account. The portal checks
 * the account and phone when binding; its refusal is shown as it gives it.
 */
import { useState } from 'react';
import { Badge, Box, Callout, Card, Flex, Heading, Table, Text } from '@radix-ui/themes';
import type { PageProps } from '../../core/workspace';
import { usePermissions } from '../../core/permissions';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Field } from '../../ui/form-controls';
import { LoadFailed, Loading } from '../../ui/load-state';
import { TextField } from '../../ui/text-field';
import { useResource } from '../../ui/use-resource';
import {
  bindBroker,
  loadBrokerBindings,
  unbindBroker,
  type BindingChannel,
  type BrokerBinding,
} from './broker-actors';
import { PromotionAuth } from '../../../domain/promotion';

const portalNames: Record<BindingChannel, string> = { 2: '58同城', 4: '天猫好房' };

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : '操作失败，请稍后再试';
}

function BindForm({ channel, onBound }: { channel: BindingChannel; onBound: () => void }) {
  const [account, setAccount] = useState('');
  const [phone, setPhone] = useState('');
  const [storeName, setStoreName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const isComplete = account.trim() !== '' && /^1[3-9]\d{9}$/.test(phone) && storeName.trim() !== '';

  async function onSubmit() {
    setSubmitting(true);
    setError(null);
    try {
      await bindBroker({ channel, account: account.trim(), phone, storeName: storeName.trim() });
      onBound();
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form
      aria-label={`绑定${portalNames[channel]}经纪人账号`}
      onSubmit={(event) => {
        event.preventDefault();
        if (isComplete) void onSubmit();
      }}
    >
      <Flex direction="column" gap="3" style={{ maxWidth: 420 }}>
        <Field label="经纪人账号" required>
          <TextField.Root value={account} maxLength={50} onChange={(e) => setAccount(e.target.value)} />
        </Field>
        <Field label="手机号" required>
          <TextField.Root
            value={phone}
            inputMode="numeric"
            maxLength={11}
            onChange={(e) => setPhone(e.target.value.replace(/\D/g, ''))}
          />
        </Field>
        <Field label="所属门店" required>
          <TextField.Root value={storeName} maxLength={50} onChange={(e) => setStoreName(e.target.value)} />
        </Field>
        {error && (
          <Callout.Root color="red" role="alert">
            <Callout.Text>{error}</Callout.Text>
          </Callout.Root>
        )}
        <Flex>
          <Button type="submit" disabled={!isComplete || isSubmitting}>
            验证并绑定
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}

function BindingTable({ bindings, onUnbind }: { bindings: BrokerBinding[]; onUnbind: () => void }) {
  return (
    <Table.Root variant="surface">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>经纪人</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>部门</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>渠道账号</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>手机号</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>所属门店</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>状态</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>绑定时间</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>操作</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {bindings.map((binding) => (
          <Table.Row key={`${binding.userId}`}>
            <Table.Cell>{binding.userName}</Table.Cell>
            <Table.Cell>{binding.deptName ?? '—'}</Table.Cell>
            <Table.Cell>{binding.account}</Table.Cell>
            <Table.Cell>{binding.phone}</Table.Cell>
            <Table.Cell>{binding.storeName}</Table.Cell>
            <Table.Cell>
              <Badge color="green">{binding.stateName}</Badge>
            </Table.Cell>
            <Table.Cell>{binding.boundAt}</Table.Cell>
            <Table.Cell>
              {binding.isMine ? (
                <Button size="1" variant="soft" color="red" onClick={onUnbind}>
                  解除绑定
                </Button>
              ) : (
                '—'
              )}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

export function BrokerBindingSettings({ channel, title }: { channel: BindingChannel; title: string }) {
  const permissions = usePermissions();
  const bindings = useResource(() => loadBrokerBindings(channel));
  const [isConfirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mine = bindings.data?.find((binding) => binding.isMine) ?? null;
  const canBind = permissions.can(PromotionAuth.appType, PromotionAuth.itemId, PromotionAuth.push);

  async function onUnbind() {
    setConfirming(false);
    setError(null);
    try {
      await unbindBroker(channel);
      bindings.reload();
    } catch (caught) {
      setError(errorText(caught));
    }
  }

  return (
    <Box p="5">
      <Card size="3">
        <Flex direction="column" gap="4">
          <Heading as="h1" size="5">
            {title}
          </Heading>
          <Text as="p" size="2" color="gray">
            绑定您在{portalNames[channel]}的经纪人账号后，推送到{portalNames[channel]}的房源以您的名义展示。
          </Text>
          {bindings.isLoading && <Loading />}
          {bindings.isFailed && <LoadFailed error={bindings.error} onRetry={bindings.retry} />}
          {error && (
            <Callout.Root color="red" role="alert">
              <Callout.Text>{error}</Callout.Text>
            </Callout.Root>
          )}
          {bindings.data && (
            <>
              <Heading as="h2" size="3">
                我的账号
              </Heading>
              {mine ? (
                <Text as="p">
                  已绑定账号 {mine.account}（{mine.storeName}）
                </Text>
              ) : canBind ? (
                <BindForm channel={channel} onBound={bindings.reload} />
              ) : (
                permissions.isLoaded && <Text color="gray">您没有房源推广权限，无需绑定经纪人账号。</Text>
              )}
              <Heading as="h2" size="3">
                本公司已绑定的经纪人
              </Heading>
              {bindings.data.length === 0 ? (
                <Text color="gray">暂无绑定</Text>
              ) : (
                <BindingTable bindings={bindings.data} onUnbind={() => setConfirming(true)} />
              )}
            </>
          )}
        </Flex>
      </Card>
      <ConfirmDialog
        open={isConfirming}
        title="解除绑定"
        message={`解除后，您推送到${portalNames[channel]}的房源将无法以您的名义展示，确定解除吗？`}
        confirmText="解除绑定"
        onConfirm={() => void onUnbind()}
        onCancel={() => setConfirming(false)}
      />
    </Box>
  );
}

export function Wuba58BrokerPage({ title }: PageProps) {
  return <BrokerBindingSettings channel={2} title={title} />;
}

export function TmallBrokerPage({ title }: PageProps) {
  return <BrokerBindingSettings channel={4} title={title} />;
}
