/**
 * /views/office/oa/oa-setting (审批设置): approval groups (create, rename, sort, delete) and, per
 * app (oaApps), the approval definitions of each group: create for an approval item (oaItems),
 * edit, detail, delete, and the enable switch (1 启用 / 0 停用). A definition has ordered approver
 * steps (a member, any member of a role, or the sponsor's department head) and copy recipients.
 */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import {
  Badge,
  Box,
  Button,
  Callout,
  Card,
  Flex,
  Heading,
  Switch,
  Table,
  Tabs,
  Text,
} from '@radix-ui/themes';
import { resourceMachine } from '../../../machines/resource.machine';
import { inspect } from '../../inspector/inspection-store';
import type { PageProps } from '../../core/workspace';
import { loadSetting, saveSetting, type SettingData } from './oa-actors';
import { DefinitionDialog, type Save } from './approval-definition-dialog';
import { DefinitionLoader } from './approval-definition-loader';
import { GroupNameDialog } from './oa-setting-dialogs';
import { ConfirmDialog } from '../../ui/confirm-dialog';

const settingMachine = resourceMachine.provide({ actors: { load: loadSetting, save: saveSetting } });

type Open =
  | { kind: 'groupCreate' }
  | { kind: 'groupEdit'; groupId: number; name: string }
  | { kind: 'groupDel'; groupId: number; name: string }
  | { kind: 'create'; groupId: number | null }
  | { kind: 'edit'; oaApprovalId: number }
  | { kind: 'detail'; oaApprovalId: number }
  | { kind: 'delete'; oaApprovalId: number; name: string }
  | null;

export default function OaSettingPage(_props: PageProps) {
  const [state, send] = useMachine(settingMachine, { inspect });
  const [app, setApp] = useState('all');
  const [open, setOpen] = useState<Open>(null);
  const data = state.context.data as SettingData | null;
  const save: Save = (change) => send({ type: 'save', value: change });
  const isSaving = state.matches('saving');

  if (state.matches('failed'))
    return (
      <Flex gap="2" align="center" p="5">
        <Text color="red">{state.context.error}</Text>
        <Button size="1" variant="soft" onClick={() => send({ type: 'retry' })}>
          重试
        </Button>
      </Flex>
    );
  if (!data)
    return (
      <Text color="gray" as="p" m="5">
        加载中...
      </Text>
    );

  const groups = data.groups;
  const moveGroup = (index: number, delta: number) => {
    const ids = groups.map((g) => g.groupId);
    const [id] = ids.splice(index, 1);
    if (id !== undefined) ids.splice(index + delta, 0, id);
    save({ kind: 'groupSort', groupIds: ids });
  };

  return (
    <Flex direction="column" gap="4" p="5" data-testid="oa-setting-page">
      <Flex justify="between" align="center">
        <Box>
          <Heading size="6">审批设置</Heading>
          <Text size="2" color="gray">
            为合同状态变更、签约等业务设置审批流程：审批人按顺序逐级审批，审批结束后通知抄送人
          </Text>
        </Box>
        <Flex gap="2">
          <Button variant="soft" onClick={() => setOpen({ kind: 'groupCreate' })}>
            新建分组
          </Button>
          <Button onClick={() => setOpen({ kind: 'create', groupId: groups[0]?.groupId ?? null })}>
            新建审批
          </Button>
        </Flex>
      </Flex>
      {state.context.error && (
        <Callout.Root color="red" size="1">
          <Callout.Text data-testid="setting-error">{state.context.error}</Callout.Text>
        </Callout.Root>
      )}
      <Tabs.Root value={app} onValueChange={setApp}>
        <Tabs.List>
          <Tabs.Trigger value="all">全部应用</Tabs.Trigger>
          {data.apps.map((item) => (
            <Tabs.Trigger key={item.appType} value={String(item.appType)}>
              {item.name}（{item.itemCount} 项）
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value={app}>
          <Flex direction="column" gap="4">
            {groups.length === 0 && (
              <Text color="gray" as="p" align="center" my="6">
                还没有审批分组，先新建一个分组
              </Text>
            )}
            {groups.map((group, index) => {
              const approvals = group.approvals.filter((a) => app === 'all' || String(a.appType) === app);
              return (
                <Card key={group.groupId} size="2" data-testid="oa-group">
                  <Flex justify="between" align="center" mb="3">
                    <Flex gap="2" align="center">
                      <Heading size="4" data-testid="oa-group-name">
                        {group.groupName}
                      </Heading>
                      <Badge variant="soft" color="gray">
                        {group.approvals.length} 项
                      </Badge>
                    </Flex>
                    <Flex gap="1">
                      <Button
                        size="1"
                        variant="ghost"
                        disabled={isSaving || index === 0}
                        onClick={() => moveGroup(index, -1)}
                      >
                        上移
                      </Button>
                      <Button
                        size="1"
                        variant="ghost"
                        disabled={isSaving || index === groups.length - 1}
                        onClick={() => moveGroup(index, 1)}
                      >
                        下移
                      </Button>
                      <Button
                        size="1"
                        variant="ghost"
                        onClick={() =>
                          setOpen({ kind: 'groupEdit', groupId: group.groupId, name: group.groupName })
                        }
                      >
                        重命名
                      </Button>
                      <Button
                        size="1"
                        variant="ghost"
                        color="red"
                        onClick={() =>
                          setOpen({ kind: 'groupDel', groupId: group.groupId, name: group.groupName })
                        }
                      >
                        删除分组
                      </Button>
                      <Button
                        size="1"
                        variant="soft"
                        onClick={() => setOpen({ kind: 'create', groupId: group.groupId })}
                      >
                        添加审批
                      </Button>
                    </Flex>
                  </Flex>
                  {approvals.length === 0 ? (
                    <Text size="2" color="gray">
                      该分组下暂无审批
                    </Text>
                  ) : (
                    <Table.Root size="1">
                      <Table.Header>
                        <Table.Row>
                          <Table.ColumnHeaderCell>审批名称</Table.ColumnHeaderCell>
                          <Table.ColumnHeaderCell>审批项</Table.ColumnHeaderCell>
                          <Table.ColumnHeaderCell>审批人</Table.ColumnHeaderCell>
                          <Table.ColumnHeaderCell>更新时间</Table.ColumnHeaderCell>
                          <Table.ColumnHeaderCell>启用</Table.ColumnHeaderCell>
                          <Table.ColumnHeaderCell />
                        </Table.Row>
                      </Table.Header>
                      <Table.Body>
                        {approvals.map((approval) => (
                          <Table.Row key={approval.oaApprovalId} data-testid="oa-definition" align="center">
                            <Table.RowHeaderCell>
                              <Text weight="medium">{approval.name}</Text>
                            </Table.RowHeaderCell>
                            <Table.Cell>{approval.oaItemName}</Table.Cell>
                            <Table.Cell>{approval.approverNames.join(' → ')}</Table.Cell>
                            <Table.Cell>{approval.updatedAt}</Table.Cell>
                            <Table.Cell>
                              <Switch
                                aria-label={`启用 ${approval.name}`}
                                checked={approval.state === 1}
                                disabled={isSaving}
                                onCheckedChange={(checked) =>
                                  save({
                                    kind: 'approvalSwitch',
                                    oaApprovalId: approval.oaApprovalId,
                                    state: checked ? 1 : 0,
                                  })
                                }
                              />
                            </Table.Cell>
                            <Table.Cell>
                              <Flex gap="2" justify="end">
                                <Button
                                  size="1"
                                  variant="ghost"
                                  onClick={() =>
                                    setOpen({ kind: 'detail', oaApprovalId: approval.oaApprovalId })
                                  }
                                >
                                  详情
                                </Button>
                                <Button
                                  size="1"
                                  variant="ghost"
                                  onClick={() =>
                                    setOpen({ kind: 'edit', oaApprovalId: approval.oaApprovalId })
                                  }
                                >
                                  编辑
                                </Button>
                                <Button
                                  size="1"
                                  variant="ghost"
                                  color="red"
                                  onClick={() =>
                                    setOpen({
                                      kind: 'delete',
                                      oaApprovalId: approval.oaApprovalId,
                                      name: approval.name,
                                    })
                                  }
                                >
                                  删除
                                </Button>
                              </Flex>
                            </Table.Cell>
                          </Table.Row>
                        ))}
                      </Table.Body>
                    </Table.Root>
                  )}
                </Card>
              );
            })}
          </Flex>
        </Tabs.Content>
      </Tabs.Root>
      <GroupNameDialog
        key={open?.kind === 'groupEdit' ? `edit-${open.groupId}` : 'create'}
        title={open?.kind === 'groupEdit' ? '重命名分组' : '新建分组'}
        initial={open?.kind === 'groupEdit' ? open.name : ''}
        open={open?.kind === 'groupCreate' || open?.kind === 'groupEdit'}
        onClose={() => setOpen(null)}
        onSave={(groupName) =>
          save(
            open?.kind === 'groupEdit'
              ? { kind: 'groupEdit', groupId: open.groupId, groupName }
              : { kind: 'groupCreate', groupName },
          )
        }
      />
      <ConfirmDialog
        open={open?.kind === 'groupDel' || open?.kind === 'delete'}
        title={open?.kind === 'groupDel' ? '删除分组' : '删除审批'}
        message="确定要删除该项吗？"
        onCancel={() => setOpen(null)}
        onConfirm={() => {
          if (open?.kind === 'groupDel') save({ kind: 'groupDel', groupId: open.groupId });
          if (open?.kind === 'delete') save({ kind: 'approvalDel', oaApprovalId: open.oaApprovalId });
          setOpen(null);
        }}
      />
      {open?.kind === 'create' && (
        <DefinitionDialog
          data={data}
          initial={{
            appType: app === '6' ? 6 : 5,
            oaItemId: null,
            groupId: open.groupId,
            name: '',
            remark: '',
            approvers: [{ approverType: 1 }],
            sendCopy: [],
          }}
          oaApprovalId={null}
          onClose={() => setOpen(null)}
          onSave={save}
        />
      )}
      {(open?.kind === 'edit' || open?.kind === 'detail') && (
        <DefinitionLoader
          key={`${open.kind}-${open.oaApprovalId}`}
          oaApprovalId={open.oaApprovalId}
          mode={open.kind}
          data={data}
          onClose={() => setOpen(null)}
          onSave={save}
        />
      )}
    </Flex>
  );
}
