/** Publishing a notice (发布公告) or editing one (修改公告): title, text and receivers. */
import { useEffect, useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Box, Button, Callout, Checkbox, Dialog, Flex, ScrollArea, Text, TextArea } from '@radix-ui/themes';
import { TextField } from '../../ui/text-field';
import { resourceMachine } from '../../../machines/resource.machine';
import { inspect } from '../../inspector/inspection-store';
import { emitFeedback } from '../../api/feedback';
import {
  errorText,
  loadDepartments,
  loadStaffChoices,
  noticeParagraphs,
  paragraphsToHtml,
  publishNotice,
  type Department,
  type MessageNotice,
} from './messages-actors';
import { StaffSearch, type StaffChoice } from '../../ui/staff-search';

export function NoticeEditor({
  notice,
  onClose,
  onSaved,
}: {
  notice: MessageNotice | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [deptMachine] = useState(() =>
    resourceMachine.provide({ actors: { load: fromPromise<unknown>(loadDepartments) } }),
  );
  const [deptState] = useMachine(deptMachine, { inspect });
  const departments = (deptState.context.data as Department[] | null) ?? [];
  const [receivers, setReceivers] = useState<StaffChoice[]>([]);
  useEffect(() => {
    const named = notice?.range.userIds ?? [];
    if (named.length > 0) void loadStaffChoices(named).then(setReceivers, () => {});
  }, [notice]);
  const [title, setTitle] = useState(notice?.title ?? '');
  const [content, setContent] = useState(notice ? noticeParagraphs(notice.content).join('\n') : '');
  const [top, setTop] = useState(notice?.top === 1);
  const [allCompany, setAllCompany] = useState(notice ? notice.range.allCompany === 1 : true);
  const [deptIds, setDeptIds] = useState<number[]>(notice?.range.deptIds ?? []);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const toggle = (list: number[], id: number, on: boolean) =>
    on ? [...list.filter((item) => item !== id), id] : list.filter((item) => item !== id);

  const save = () => {
    if (!title.trim()) return setError('请输入公告标题');
    if (!content.trim()) return setError('请输入公告内容');
    const userIds = receivers.map((person) => person.userId);
    if (!allCompany && deptIds.length === 0 && userIds.length === 0)
      return setError('请选择接收部门或接收员工');
    setError(null);
    setSaving(true);
    publishNotice(
      {
        title: title.trim(),
        content: paragraphsToHtml(content),
        top: top ? 1 : 0,
        range: {
          allCompany: allCompany ? 1 : 0,
          deptIds: allCompany ? [] : deptIds,
          userIds: allCompany ? [] : userIds,
        },
        attachments: notice?.attachments ?? [],
      },
      notice?.gonggaoId ?? null,
    ).then(
      (text) => {
        emitFeedback({ kind: 'toast', text, tone: 'success' });
        onSaved();
      },
      (failure: unknown) => {
        setSaving(false);
        setError(errorText(failure));
      },
    );
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="640px" data-testid="notice-editor">
        <Dialog.Title>{notice ? '修改公告' : '发布公告'}</Dialog.Title>
        <Dialog.Description size="2" color="gray">
          公告发给接收范围内的在职员工，出现在他们的消息中。
        </Dialog.Description>
        <Flex direction="column" gap="3" mt="3">
          <label>
            <Text size="2" weight="bold">
              公告标题
            </Text>
            <TextField.Root
              aria-label="公告标题"
              maxLength={50}
              placeholder="请输入公告标题"
              value={title}
              onChange={(e) => setTitle(e.target.value)}
            />
          </label>
          <label>
            <Text size="2" weight="bold">
              公告内容
            </Text>
            <TextArea
              aria-label="公告内容"
              rows={8}
              placeholder="请输入公告内容，每行一段"
              value={content}
              onChange={(e) => setContent(e.target.value)}
            />
          </label>
          <Text as="label" size="2">
            <Flex gap="2" align="center">
              <Checkbox checked={top} onCheckedChange={(checked) => setTop(checked === true)} />
              置顶
            </Flex>
          </Text>
          <Text as="label" size="2">
            <Flex gap="2" align="center">
              <Checkbox
                aria-label="全公司可见"
                checked={allCompany}
                onCheckedChange={(checked) => setAllCompany(checked === true)}
              />
              全公司可见
            </Flex>
          </Text>
          {!allCompany && (
            <Flex gap="4">
              <Box style={{ flex: 1 }}>
                <Text size="2" weight="bold">
                  接收部门
                </Text>
                <ScrollArea style={{ maxHeight: 160 }}>
                  {departments.map(({ deptId, deptName, level }) => (
                    <Text as="label" size="2" key={deptId}>
                      <Flex gap="2" align="center" py="1" pl={`${(level - 1) * 12}px`}>
                        <Checkbox
                          checked={deptIds.includes(deptId)}
                          onCheckedChange={(checked) => setDeptIds(toggle(deptIds, deptId, checked === true))}
                        />
                        {deptName}
                      </Flex>
                    </Text>
                  ))}
                </ScrollArea>
              </Box>
              <Box style={{ flex: 1 }}>
                <StaffSearch label="接收员工" selected={receivers} onChange={setReceivers} />
              </Box>
            </Flex>
          )}
          {error && (
            <Callout.Root color="red">
              <Callout.Text data-testid="notice-error">{error}</Callout.Text>
            </Callout.Root>
          )}
        </Flex>
        <Flex gap="3" mt="4" justify="end">
          <Dialog.Close>
            <Button variant="soft" color="gray">
              取消
            </Button>
          </Dialog.Close>
          <Button disabled={saving} onClick={save}>
            {notice ? '保存修改' : '发布'}
          </Button>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
