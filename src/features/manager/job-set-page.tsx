/**
 * 职位设置 (/views/manager/job/job-set): the company's positions (名称 unique, a held one is not
 * deleted) and its ranks (001 section 6 "Ranks and rank groups are configurable"): rank groups
 * (序列) each with its ranks by level (name and level unique in the group; a rank held by active
 * staff or a group with ranks is not deleted; the server says why). Changes need 组织架构管理.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { Badge, Box, Callout, Card, Dialog, Flex, Heading, Table, Tabs, Text } from '@radix-ui/themes';
import { TextField } from '../../ui/text-field';
import { Select } from '../../ui/select';
import { Button } from '../../ui/button';
import { OrgAuth } from '../../../domain/auth-ids';
import { emitFeedback } from '../../api/feedback';
import type { PageProps } from '../../core/workspace';
import { usePermissions } from '../../core/permissions';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { PermittedButton } from '../../ui/permitted-button';
import { useResource } from '../../ui/use-resource';
import {
  addPosition,
  addRank,
  addRankGroup,
  deletePosition,
  deleteRank,
  deleteRankGroup,
  editPosition,
  editRank,
  editRankGroup,
  errorText,
  fetchPositions,
  fetchRankGroups,
  fetchRanks,
  type Position,
  type Rank,
  type RankGroup,
} from './org-actors';
import { ChoiceList } from '../../ui/choice-list';

const deleteQuestion = '您确认删除该项信息吗？';
const textOf = (value: FormDataEntryValue | null) => (typeof value === 'string' ? value.trim() : '');

/** A small form in a dialog: its fields, the server's refusal shown inside, 取消 and 保存. */
function FormDialog({
  title,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  onSubmit: (values: FormData) => Promise<string | null>;
  onClose: (changed: boolean) => void;
  children: ReactNode;
}) {
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setIsSaving(true);
    try {
      const problem = await onSubmit(new FormData(event.currentTarget));
      if (problem) {
        setError(problem);
        setIsSaving(false);
        return;
      }
      onClose(true);
    } catch (caught) {
      setError(errorText(caught));
      setIsSaving(false);
    }
  }
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose(false)}>
      <Dialog.Content maxWidth="420px" aria-describedby={undefined}>
        <Dialog.Title>{title}</Dialog.Title>
        <form onSubmit={(event) => void submit(event)} aria-label={title}>
          <Flex direction="column" gap="3">
            {children}
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
                保存
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}

function Field({
  label,
  name,
  defaultValue,
  type = 'text',
  maxLength,
}: {
  label: string;
  name: string;
  defaultValue?: string;
  type?: 'text' | 'number';
  maxLength?: number;
}) {
  return (
    <label className="form-field">
      <Text size="2">{label}</Text>
      <TextField.Root name={name} type={type} defaultValue={defaultValue ?? ''} maxLength={maxLength} />
    </label>
  );
}

/** Deletes after 您确认删除该项信息吗？; a refusal (409: still in use) is said in a toast. */
async function removeWith(action: () => Promise<void>, done: () => void): Promise<void> {
  try {
    await action();
    emitFeedback({ kind: 'toast', text: '删除成功', tone: 'success' });
    done();
  } catch (caught) {
    if ((caught as { code?: number }).code !== 405)
      emitFeedback({ kind: 'toast', text: errorText(caught), tone: 'error' });
  }
}

function PositionsTab({ canManage }: { canManage: boolean }) {
  const positions = useResource(fetchPositions);
  const [editing, setEditing] = useState<Position | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Position | null>(null);
  const rows = positions.data ?? [];
  return (
    <Flex direction="column" gap="3" data-testid="positions-tab">
      <Flex justify="between" align="center">
        <Text size="2" color="gray">
          职位用于员工资料与邀请；有在职员工担任的职位不能删除。
        </Text>
        <PermittedButton allowed={canManage} onClick={() => setEditing('new')}>
          新增职位
        </PermittedButton>
      </Flex>
      {positions.isFailed && (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{positions.error}</Callout.Text>
        </Callout.Root>
      )}
      <Table.Root variant="surface">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>职位名称</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>备注</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>排序</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>在职人数</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.positionId} data-testid="position-row">
              <Table.RowHeaderCell>{row.positionName}</Table.RowHeaderCell>
              <Table.Cell>{row.remark ?? '—'}</Table.Cell>
              <Table.Cell>{row.sort}</Table.Cell>
              <Table.Cell>{row.userCount}</Table.Cell>
              <Table.Cell>
                {canManage && (
                  <Flex gap="2">
                    <Button
                      size="1"
                      variant="soft"
                      onClick={() => setEditing(row)}
                      aria-label={`编辑${row.positionName}`}
                    >
                      编辑
                    </Button>
                    <Button
                      size="1"
                      variant="soft"
                      color="red"
                      onClick={() => setDeleting(row)}
                      aria-label={`删除${row.positionName}`}
                    >
                      删除
                    </Button>
                  </Flex>
                )}
              </Table.Cell>
            </Table.Row>
          ))}
          {positions.data && rows.length === 0 && (
            <Table.Row>
              <Table.Cell colSpan={5}>
                <Text color="gray">还没有职位</Text>
              </Table.Cell>
            </Table.Row>
          )}
        </Table.Body>
      </Table.Root>
      {editing && (
        <FormDialog
          title={editing === 'new' ? '新增职位' : '编辑职位'}
          onClose={(changed) => {
            setEditing(null);
            if (changed) positions.reload();
          }}
          onSubmit={async (values) => {
            const input = {
              positionName: textOf(values.get('positionName')),
              remark: textOf(values.get('remark')) || null,
              sort: Number(textOf(values.get('sort')) || 0),
            };
            if (!input.positionName) return '请输入职位名称';
            if (editing === 'new') await addPosition(input);
            else await editPosition({ ...input, positionId: editing.positionId });
            emitFeedback({ kind: 'toast', text: '保存成功', tone: 'success' });
            return null;
          }}
        >
          <Field
            label="职位名称"
            name="positionName"
            maxLength={20}
            defaultValue={editing === 'new' ? '' : editing.positionName}
          />
          <Field
            label="备注"
            name="remark"
            maxLength={100}
            defaultValue={editing === 'new' ? '' : (editing.remark ?? '')}
          />
          <Field
            label="排序"
            name="sort"
            type="number"
            defaultValue={String(editing === 'new' ? rows.length : editing.sort)}
          />
        </FormDialog>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`删除职位「${deleting?.positionName ?? ''}」`}
        message={deleteQuestion}
        confirmText="删除"
        onConfirm={() => {
          const row = deleting;
          setDeleting(null);
          if (row) void removeWith(() => deletePosition(row.positionId), positions.reload);
        }}
        onCancel={() => setDeleting(null)}
      />
    </Flex>
  );
}

function RanksTab({ canManage }: { canManage: boolean }) {
  const groups = useResource(fetchRankGroups);
  const ranks = useResource(fetchRanks);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [editingGroup, setEditingGroup] = useState<RankGroup | 'new' | null>(null);
  const [editingRank, setEditingRank] = useState<Rank | 'new' | null>(null);
  const [deleting, setDeleting] = useState<
    { kind: 'group'; group: RankGroup } | { kind: 'rank'; rank: Rank } | null
  >(null);
  const groupRows = groups.data ?? [];
  const chosen = groupRows.find((group) => group.rankGroupId === chosenId) ?? groupRows[0] ?? null;
  const rankRows = (ranks.data ?? []).filter((rank) => rank.rankGroupId === chosen?.rankGroupId);
  const [rankGroupId, setRankGroupId] = useState<string>('');
  const reload = () => {
    groups.reload();
    ranks.reload();
  };

  return (
    <Flex gap="4" align="start" data-testid="ranks-tab">
      <Card style={{ width: 240, flexShrink: 0 }}>
        <Flex justify="between" align="center" mb="2">
          <Heading size="3">职级序列</Heading>
          <PermittedButton
            allowed={canManage}
            whenDenied="hide"
            size="1"
            variant="soft"
            onClick={() => setEditingGroup('new')}
          >
            新增序列
          </PermittedButton>
        </Flex>
        <ChoiceList
          label="职级序列"
          items={groupRows}
          itemKey={(group) => group.rankGroupId}
          itemName={(group) => group.groupName}
          chosenKey={chosen?.rankGroupId}
          onChoose={(group) => setChosenId(group.rankGroupId)}
          detail={(group) => (
            <Badge color="gray" size="1">
              {group.rankCount} 级
            </Badge>
          )}
          empty={groups.data && <Text color="gray">还没有职级序列</Text>}
        />
        {chosen && canManage && (
          <Flex gap="2" mt="3">
            <Button size="1" variant="soft" onClick={() => setEditingGroup(chosen)}>
              编辑
            </Button>
            <Button
              size="1"
              variant="soft"
              color="red"
              onClick={() => setDeleting({ kind: 'group', group: chosen })}
            >
              删除
            </Button>
          </Flex>
        )}
      </Card>
      <Box flexGrow="1">
        <Flex justify="between" align="center" mb="3">
          <Heading size="3">{chosen ? `${chosen.groupName} · 职级` : '职级'}</Heading>
          <PermittedButton
            allowed={canManage}
            disabled={!chosen}
            onClick={() => {
              setRankGroupId(String(chosen?.rankGroupId ?? ''));
              setEditingRank('new');
            }}
          >
            新增职级
          </PermittedButton>
        </Flex>
        <Table.Root variant="surface">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>职级名称</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>级别</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>备注</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>在职人数</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rankRows.map((rank) => (
              <Table.Row key={rank.rankId} data-testid="rank-row">
                <Table.RowHeaderCell>{rank.rankName}</Table.RowHeaderCell>
                <Table.Cell>{rank.level}</Table.Cell>
                <Table.Cell>{rank.remark ?? '—'}</Table.Cell>
                <Table.Cell>{rank.userCount}</Table.Cell>
                <Table.Cell>
                  {canManage && (
                    <Flex gap="2">
                      <Button
                        size="1"
                        variant="soft"
                        aria-label={`编辑${rank.rankName}`}
                        onClick={() => {
                          setRankGroupId(String(rank.rankGroupId));
                          setEditingRank(rank);
                        }}
                      >
                        编辑
                      </Button>
                      <Button
                        size="1"
                        variant="soft"
                        color="red"
                        aria-label={`删除${rank.rankName}`}
                        onClick={() => setDeleting({ kind: 'rank', rank })}
                      >
                        删除
                      </Button>
                    </Flex>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
            {ranks.data && rankRows.length === 0 && (
              <Table.Row>
                <Table.Cell colSpan={5}>
                  <Text color="gray">该序列还没有职级</Text>
                </Table.Cell>
              </Table.Row>
            )}
          </Table.Body>
        </Table.Root>
        <Text as="p" size="1" color="gray" mt="2">
          级别数字越大，职级越高；同一序列内名称与级别都不能重复。
        </Text>
      </Box>
      {editingGroup && (
        <FormDialog
          title={editingGroup === 'new' ? '新增职级序列' : '编辑职级序列'}
          onClose={(changed) => {
            setEditingGroup(null);
            if (changed) reload();
          }}
          onSubmit={async (values) => {
            const input = {
              groupName: textOf(values.get('groupName')),
              sort: Number(textOf(values.get('sort')) || 0),
            };
            if (!input.groupName) return '请输入序列名称';
            if (editingGroup === 'new') await addRankGroup(input);
            else await editRankGroup({ ...input, rankGroupId: editingGroup.rankGroupId });
            emitFeedback({ kind: 'toast', text: '保存成功', tone: 'success' });
            return null;
          }}
        >
          <Field
            label="序列名称"
            name="groupName"
            maxLength={20}
            defaultValue={editingGroup === 'new' ? '' : editingGroup.groupName}
          />
          <Field
            label="排序"
            name="sort"
            type="number"
            defaultValue={String(editingGroup === 'new' ? groupRows.length : editingGroup.sort)}
          />
        </FormDialog>
      )}
      {editingRank && (
        <FormDialog
          title={editingRank === 'new' ? '新增职级' : '编辑职级'}
          onClose={(changed) => {
            setEditingRank(null);
            if (changed) reload();
          }}
          onSubmit={async (values) => {
            const level = Number(textOf(values.get('level')));
            const input = {
              rankGroupId: Number(rankGroupId),
              rankName: textOf(values.get('rankName')),
              level,
              remark: textOf(values.get('remark')) || null,
            };
            if (!input.rankName) return '请输入职级名称';
            if (!Number.isInteger(level) || level < 1 || level > 99) return '级别须为 1 到 99 的整数';
            if (editingRank === 'new') await addRank(input);
            else await editRank({ ...input, rankId: editingRank.rankId, sort: editingRank.sort });
            emitFeedback({ kind: 'toast', text: '保存成功', tone: 'success' });
            return null;
          }}
        >
          <Flex direction="column" gap="1">
            <Text size="2">职级序列</Text>
            <Select.Root value={rankGroupId} onValueChange={setRankGroupId}>
              <Select.Trigger aria-label="职级序列" />
              <Select.Content>
                {groupRows.map((group) => (
                  <Select.Item key={group.rankGroupId} value={String(group.rankGroupId)}>
                    {group.groupName}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </Flex>
          <Field
            label="职级名称"
            name="rankName"
            maxLength={20}
            defaultValue={editingRank === 'new' ? '' : editingRank.rankName}
          />
          <Field
            label="级别"
            name="level"
            type="number"
            defaultValue={editingRank === 'new' ? String(rankRows.length + 1) : String(editingRank.level)}
          />
          <Field
            label="备注"
            name="remark"
            maxLength={100}
            defaultValue={editingRank === 'new' ? '' : (editingRank.remark ?? '')}
          />
        </FormDialog>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={
          deleting?.kind === 'group'
            ? `删除职级序列「${deleting.group.groupName}」`
            : `删除职级「${deleting?.kind === 'rank' ? deleting.rank.rankName : ''}」`
        }
        message={deleteQuestion}
        confirmText="删除"
        onConfirm={() => {
          const target = deleting;
          setDeleting(null);
          if (target?.kind === 'group') {
            void removeWith(
              () => deleteRankGroup(target.group.rankGroupId),
              () => {
                setChosenId(null);
                reload();
              },
            );
          }
          if (target?.kind === 'rank') void removeWith(() => deleteRank(target.rank.rankId), reload);
        }}
        onCancel={() => setDeleting(null)}
      />
    </Flex>
  );
}

export default function JobSetPage({ params }: PageProps) {
  const permissions = usePermissions();
  const canManage = permissions.can(OrgAuth.appType, OrgAuth.itemId, OrgAuth.manage);
  const [tab, setTab] = useState(params['tab'] === 'ranks' ? 'ranks' : 'positions');
  return (
    <Flex direction="column" gap="4" p="5" data-testid="job-set-page">
      <Box>
        <Heading size="6">职位设置</Heading>
        <Text size="2" color="gray">
          职位、职级序列与职级
        </Text>
      </Box>
      <Tabs.Root value={tab} onValueChange={setTab}>
        <Tabs.List>
          <Tabs.Trigger value="positions">职位</Tabs.Trigger>
          <Tabs.Trigger value="ranks">职级</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value={tab}>
          <Box pt="3">
            {tab === 'positions' ? (
              <PositionsTab canManage={canManage} />
            ) : (
              <RanksTab canManage={canManage} />
            )}
          </Box>
        </Tabs.Content>
      </Tabs.Root>
    </Flex>
  );
}
