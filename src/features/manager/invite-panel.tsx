/**
 * Invitations (邀请加入): a link for a department and role, valid for some days, shown with its QR
 * code (qrcode, drawn in the browser) to copy or scan; the links made so far with their state and how
 * many applied through each, and 作废 for a link still valid.
 */
import { useState, type FormEvent } from 'react';
import QRCode from 'qrcode';
import { Badge, Box, Callout, Code, Dialog, Flex, Text } from '@radix-ui/themes';
import { TextField } from '../../ui/text-field';
import { Select } from '../../ui/select';
import { Button } from '../../ui/button';
import { emitFeedback } from '../../api/feedback';
import { copyText } from '../../ui/copy-text';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { FilterSelect } from '../../ui/list-page/filter-select';
import { ListTable, type Column } from '../../ui/list-page/list-table';
import { useListPage } from '../../ui/list-page/use-list-page';
import { PermittedButton } from '../../ui/permitted-button';
import { useResource } from '../../ui/use-resource';
import {
  cancelInvite,
  createInvite,
  errorText,
  fetchInvites,
  orgPageSize,
  type Invite,
  type StaffChoices,
} from './org-actors';

export const inviteStateNames: Record<number, string> = { 1: '有效', 2: '已过期', 3: '已作废' };
const inviteStateColors: Record<number, 'green' | 'gray' | 'red'> = { 1: 'green', 2: 'gray', 3: 'red' };

/** The full address of an invitation link (the server gives it relative to the app). */
export function inviteAddress(inviteUrl: string): string {
  return new URL(inviteUrl, location.href).href;
}

function InviteCard({ invite }: { invite: Invite }) {
  const address = inviteAddress(invite.inviteUrl);
  const qr = useResource(() => QRCode.toDataURL(address, { width: 200, margin: 1 }));
  return (
    <Flex direction="column" gap="3" align="center" data-testid="invite-card">
      {qr.data ? (
        <img src={qr.data} alt="邀请二维码" width={200} height={200} />
      ) : (
        <Box style={{ width: 200, height: 200 }} />
      )}
      <Text size="2" color="gray">
        {invite.deptName} · {invite.roleName} · 有效期至 {invite.expireTime}
        {invite.needApprove === 1 ? ' · 申请需审核' : ' · 提交即加入'}
      </Text>
      <Code size="2" data-testid="invite-link" style={{ wordBreak: 'break-all' }}>
        {address}
      </Code>
      <Button variant="soft" onClick={() => void copyText(address, 'link')}>
        复制链接
      </Button>
    </Flex>
  );
}

export function InviteDialog({
  defaultDeptId,
  choices,
  onClose,
}: {
  defaultDeptId: number | null;
  choices: StaffChoices;
  onClose: (changed: boolean) => void;
}) {
  const broker = choices.roles.find((role) => role.roleName === '经纪人');
  const [deptId, setDeptId] = useState(String(defaultDeptId ?? choices.depts[0]?.deptId ?? ''));
  const [roleId, setRoleId] = useState(broker ? String(broker.roleId) : '');
  const [positionId, setPositionId] = useState('none');
  const [created, setCreated] = useState<Invite | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!deptId) return setError('请选择部门');
    if (!roleId) return setError('请选择角色');
    const days = Number(new FormData(event.currentTarget).get('validDays'));
    if (!Number.isInteger(days) || days < 1 || days > 30) return setError('有效天数须为 1 到 30 天');
    setIsSaving(true);
    try {
      setCreated(
        await createInvite({
          deptId: Number(deptId),
          roleId: Number(roleId),
          positionId: positionId === 'none' ? null : Number(positionId),
          validDays: days,
        }),
      );
      setError(null);
    } catch (caught) {
      setError(errorText(caught));
    }
    setIsSaving(false);
  }

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose(created !== null)}>
      <Dialog.Content maxWidth="460px" aria-describedby={undefined}>
        <Dialog.Title>邀请加入</Dialog.Title>
        {created ? (
          <Flex direction="column" gap="3">
            <Text size="2">把链接或二维码发给受邀人，对方用手机号和短信验证码即可申请加入。</Text>
            <InviteCard invite={created} />
            <Flex justify="end">
              <Button onClick={() => onClose(true)}>完成</Button>
            </Flex>
          </Flex>
        ) : (
          <form onSubmit={(event) => void submit(event)} aria-label="生成邀请链接">
            <Flex direction="column" gap="3">
              <Flex direction="column" gap="1">
                <Text size="2">加入部门</Text>
                <Select.Root value={deptId} onValueChange={setDeptId}>
                  <Select.Trigger aria-label="加入部门" />
                  <Select.Content>
                    {choices.depts.map((dept) => (
                      <Select.Item key={dept.deptId} value={String(dept.deptId)}>
                        {'\u3000'.repeat(dept.depth)}
                        {dept.deptName}
                      </Select.Item>
                    ))}
                  </Select.Content>
                </Select.Root>
              </Flex>
              <Flex direction="column" gap="1">
                <Text size="2">角色</Text>
                <Select.Root value={roleId} onValueChange={setRoleId}>
                  <Select.Trigger aria-label="角色" placeholder="-请选择-" />
                  <Select.Content>
                    {choices.roles.map((role) => (
                      <Select.Item key={role.roleId} value={String(role.roleId)}>
                        {role.roleName}
                      </Select.Item>
                    ))}
                  </Select.Content>
                </Select.Root>
              </Flex>
              <Flex direction="column" gap="1">
                <Text size="2">职位</Text>
                <Select.Root value={positionId} onValueChange={setPositionId}>
                  <Select.Trigger aria-label="职位" />
                  <Select.Content>
                    <Select.Item value="none">不设置</Select.Item>
                    {choices.positions.map((p) => (
                      <Select.Item key={p.positionId} value={String(p.positionId)}>
                        {p.positionName}
                      </Select.Item>
                    ))}
                  </Select.Content>
                </Select.Root>
              </Flex>
              <label className="form-field">
                <Text size="2">有效天数</Text>
                <TextField.Root name="validDays" type="number" min={1} max={30} defaultValue="7" />
              </label>
              {error && (
                <Callout.Root color="red" role="alert" size="1">
                  <Callout.Text>{error}</Callout.Text>
                </Callout.Root>
              )}
              <Flex gap="3" justify="end">
                <Button type="button" variant="soft" color="gray" onClick={() => onClose(false)}>
                  取消
                </Button>
                <Button type="submit" loading={isSaving}>
                  生成邀请链接
                </Button>
              </Flex>
            </Flex>
          </form>
        )}
      </Dialog.Content>
    </Dialog.Root>
  );
}

export function InvitesPanel({ canManage }: { canManage: boolean }) {
  const [state, setState] = useState('all');
  const list = useListPage({ load: fetchInvites, query: { state: 0 }, pageSize: orgPageSize });
  const [shown, setShown] = useState<Invite | null>(null);
  const [cancelling, setCancelling] = useState<Invite | null>(null);

  async function cancel(invite: Invite) {
    setCancelling(null);
    try {
      await cancelInvite(invite.inviteId);
      emitFeedback({ kind: 'toast', text: '邀请已作废', tone: 'success' });
    } catch (caught) {
      emitFeedback({ kind: 'toast', text: errorText(caught), tone: 'error' });
    }
    list.reload();
  }

  const columns: Column<Invite>[] = [
    { key: 'dept', header: '加入部门', isRowHeader: true, cell: (row) => row.deptName },
    { key: 'role', header: '角色', cell: (row) => row.roleName },
    { key: 'approve', header: '审核', cell: (row) => (row.needApprove === 1 ? '需审核' : '无需审核') },
    {
      key: 'state',
      header: '状态',
      cell: (row) => <Badge color={inviteStateColors[row.state]}>{inviteStateNames[row.state]}</Badge>,
    },
    { key: 'count', header: '申请人数', cell: (row) => row.joinCount },
    { key: 'expire', header: '有效期至', cell: (row) => row.expireTime },
    { key: 'creator', header: '创建人', cell: (row) => row.creatorName },
    {
      key: 'actions',
      header: '',
      cell: (row) => (
        <Flex gap="2">
          <Button size="1" variant="soft" onClick={() => setShown(row)}>
            二维码
          </Button>
          {row.state === 1 && (
            <PermittedButton
              allowed={canManage}
              size="1"
              variant="soft"
              color="red"
              onClick={() => setCancelling(row)}
            >
              作废
            </PermittedButton>
          )}
        </Flex>
      ),
    },
  ];

  return (
    <Flex direction="column" gap="3" data-testid="invites-panel">
      <Flex>
        <FilterSelect
          label="邀请状态"
          allLabel="全部状态"
          value={state}
          options={Object.entries(inviteStateNames).map(([value, label]) => ({ value, label }))}
          onChange={(value) => {
            setState(value);
            list.setQuery({ state: value === 'all' ? 0 : (Number(value) as 1 | 2 | 3) });
          }}
        />
      </Flex>
      <ListTable
        list={list}
        columns={columns}
        rowKey={(row) => row.inviteId}
        emptyText="还没有邀请链接"
        testId="invite-list"
        rowTestId="invite-row"
        showTotal
      />
      <Dialog.Root open={shown !== null} onOpenChange={(open) => !open && setShown(null)}>
        <Dialog.Content maxWidth="460px" aria-describedby={undefined}>
          <Dialog.Title>邀请链接</Dialog.Title>
          {shown && <InviteCard invite={shown} />}
        </Dialog.Content>
      </Dialog.Root>
      <ConfirmDialog
        open={cancelling !== null}
        title="作废邀请链接"
        message="作废后该链接不能再申请加入，已提交的申请不受影响。确定作废吗？"
        confirmText="作废"
        onConfirm={() => cancelling && void cancel(cancelling)}
        onCancel={() => setCancelling(null)}
      />
    </Flex>
  );
}
