/**
 * The template groups above the template list (常用模板, 其他模板 and the company's own): choose one,
 * add, rename and delete the company's own groups (templateGroupAdd / Edit / Del; deleting asks first).
 */
import { useState } from 'react';
import { Button, Dialog, Flex } from '@radix-ui/themes';
import { TextField } from '../../ui/text-field';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import {
  addTemplateGroup,
  removeTemplateGroup,
  renameTemplateGroup,
  type TemplateGroup,
} from './sign-actors';

export type Notice = { tone: 'red' | 'green'; text: string } | null;

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function GroupBar({
  groups,
  groupId,
  onGroup,
  onChanged,
  onNotice,
}: {
  groups: TemplateGroup[];
  groupId: number | null;
  onGroup: (groupId: number | null) => void;
  onChanged: () => void;
  onNotice: (notice: Notice) => void;
}) {
  const [editing, setEditing] = useState<{ groupId: number | null; name: string } | null>(null);
  const [deleting, setDeleting] = useState<TemplateGroup | null>(null);
  const run = (action: Promise<string>) =>
    action.then(
      (text) => {
        onNotice({ tone: 'green', text });
        onChanged();
      },
      (error: unknown) => onNotice({ tone: 'red', text: messageOf(error) }),
    );
  const current = groups.find((g) => g.groupId === groupId) ?? null;
  return (
    <Flex gap="2" wrap="wrap" align="center" mb="3" data-testid="template-groups">
      <Button size="1" variant={groupId === null ? 'solid' : 'soft'} onClick={() => onGroup(null)}>
        全部分组
      </Button>
      {groups.map((g) => (
        <Button
          key={g.groupId}
          size="1"
          variant={g.groupId === groupId ? 'solid' : 'soft'}
          onClick={() => onGroup(g.groupId)}
        >
          {g.groupName}（{g.templateCount}）
        </Button>
      ))}
      <Button size="1" variant="outline" onClick={() => setEditing({ groupId: null, name: '' })}>
        新建分组
      </Button>
      {current && current.isSystem === 0 && (
        <>
          <Button
            size="1"
            variant="outline"
            onClick={() => setEditing({ groupId: current.groupId, name: current.groupName })}
          >
            重命名
          </Button>
          <Button size="1" variant="outline" color="red" onClick={() => setDeleting(current)}>
            删除分组
          </Button>
        </>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="提示"
        message={`是否确定删除该分组「${deleting?.groupName ?? ''}」？`}
        confirmText="删除"
        isDanger
        onConfirm={() => {
          if (deleting) void run(removeTemplateGroup(deleting.groupId));
          setDeleting(null);
          onGroup(null);
        }}
        onCancel={() => setDeleting(null)}
      />
      <Dialog.Root open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <Dialog.Content maxWidth="380px">
          <Dialog.Title>{editing?.groupId ? '重命名分组' : '新建分组'}</Dialog.Title>
          <TextField.Root
            aria-label="分组名称"
            placeholder="请输入分组名称"
            maxLength={20}
            value={editing?.name ?? ''}
            onChange={(e) => editing && setEditing({ ...editing, name: e.target.value })}
          />
          <Flex gap="3" justify="end" mt="4">
            <Dialog.Close>
              <Button variant="soft" color="gray">
                取消
              </Button>
            </Dialog.Close>
            <Button
              disabled={!editing?.name.trim()}
              onClick={() => {
                if (!editing) return;
                void run(
                  editing.groupId
                    ? renameTemplateGroup(editing.groupId, editing.name.trim())
                    : addTemplateGroup(editing.name.trim()),
                );
                setEditing(null);
              }}
            >
              确定
            </Button>
          </Flex>
        </Dialog.Content>
      </Dialog.Root>
    </Flex>
  );
}
