/**
 * /views/system/message/index: the message centre. The menu (/base/messageMenu) lists the message
 * types with their unread counts; the list shows one type by reading state (全部 / 未读 / 已读),
 * 100 per page. Opening a message marks it read and opens what it is about: a notice (公告) in a
 * dialog, or its page as a tab (an approval, a contract). Managers publish, edit and delete notices.
 */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import {
  AlertDialog,
  Badge,
  Box,
  Button,
  Callout,
  Card,
  Checkbox,
  Dialog,
  Flex,
  Heading,
  ScrollArea,
  SegmentedControl,
  Separator,
  Text,
  TextArea,
  TextField,
} from '@radix-ui/themes';
import { resourceMachine } from '../../../machines/resource.machine';
import { inspect } from '../../inspector/inspection-store';
import { emitFeedback } from '../../api/feedback';
import { useSessionSnapshot } from '../../core/use-session';
import type { PageProps } from '../../core/workspace';
import { useWorkspace } from '../../core/workspace';
import { Pager } from '../../ui/pager';
import {
  deleteNotice,
  loadMessageMenu,
  loadMessages,
  loadNotice,
  loadStaff,
  markAllRead,
  markRead,
  messagePageSize,
  noticeParagraphs,
  paragraphsToHtml,
  publishNotice,
  readFilters,
  unreadBadge,
  type MessageMenuItem,
  type MessageNotice,
  type MessageRemind,
  type Staff,
} from './messages-actors';

type MessageType = MessageRemind['messageType'];
type Readed = 0 | 1 | 2;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export default function MessagesPage(_props: PageProps) {
  const [menuMachine] = useState(() =>
    resourceMachine.provide({ actors: { load: fromPromise<unknown>(loadMessageMenu) } }),
  );
  const [menuState, sendMenu] = useMachine(menuMachine, { inspect });
  const menu = (menuState.context.data as MessageMenuItem[] | null) ?? [];
  const [messageType, setMessageType] = useState<MessageType>(1);
  const [readed, setReaded] = useState<Readed>(0);
  const [page, setPage] = useState(1);
  const [listVersion, setListVersion] = useState(0);
  const [noticeId, setNoticeId] = useState<number | null>(null);
  const [editing, setEditing] = useState<MessageNotice | 'new' | null>(null);
  const isManager = useSessionSnapshot().context.user?.isManager === 1;

  const refresh = () => {
    sendMenu({ type: 'reload' });
    setListVersion((v) => v + 1);
  };
  const current = menu.find((item) => item.messageType === messageType);

  return (
    <Flex p="5" gap="4" data-testid="messages-page" align="start">
      <Card style={{ width: 220, flexShrink: 0 }}>
        <Heading size="3" mb="3">
          消息
        </Heading>
        {menuState.matches('failed') && (
          <Flex direction="column" gap="2">
            <Text color="red" size="2">
              {menuState.context.error}
            </Text>
            <Button size="1" variant="soft" onClick={() => sendMenu({ type: 'retry' })}>
              重试
            </Button>
          </Flex>
        )}
        <Flex direction="column" gap="1" role="tablist" aria-label="消息类型">
          {menu.map((item) => (
            <Button
              key={item.id}
              role="tab"
              aria-selected={item.messageType === messageType}
              variant={item.messageType === messageType ? 'soft' : 'ghost'}
              style={{ justifyContent: 'space-between', margin: 0 }}
              onClick={() => {
                setMessageType(item.messageType);
                setPage(1);
              }}
            >
              <span>{item.name}</span>
              {item.unreadCount > 0 && (
                <Badge color="red" radius="full" data-testid={`unread-${item.messageType}`}>
                  {unreadBadge(item.unreadCount)}
                </Badge>
              )}
            </Button>
          ))}
        </Flex>
      </Card>

      <Box style={{ flex: 1, minWidth: 0 }}>
        <Flex justify="between" align="center" mb="3" gap="3" wrap="wrap">
          <Heading size="4">{current?.name ?? '消息'}</Heading>
          <Flex gap="2" align="center">
            <SegmentedControl.Root
              value={String(readed)}
              onValueChange={(value) => {
                setReaded(Number(value) as Readed);
                setPage(1);
              }}
              aria-label="阅读状态"
            >
              {readFilters.map((filter) => (
                <SegmentedControl.Item key={filter.value} value={String(filter.value)}>
                  {filter.label}
                </SegmentedControl.Item>
              ))}
            </SegmentedControl.Root>
            <Button
              variant="soft"
              disabled={!current || current.unreadCount === 0}
              onClick={() => {
                markAllRead(messageType).then(
                  (text) => {
                    emitFeedback({ kind: 'toast', text, tone: 'success' });
                    refresh();
                  },
                  (error: unknown) => emitFeedback({ kind: 'toast', text: errorText(error), tone: 'error' }),
                );
              }}
            >
              全部标为已读
            </Button>
            <Button variant="soft" color="gray" onClick={refresh}>
              刷新
            </Button>
            {isManager && messageType === 1 && <Button onClick={() => setEditing('new')}>发布公告</Button>}
          </Flex>
        </Flex>
        <MessageList
          key={`${messageType}-${readed}-${page}-${listVersion}`}
          messageType={messageType}
          readed={readed}
          page={page}
          onPage={setPage}
          onOpened={(message) => {
            if (message.gonggaoId) setNoticeId(message.gonggaoId);
            if (message.readed === 2) sendMenu({ type: 'reload' });
          }}
        />
      </Box>

      {noticeId !== null && (
        <NoticeDialog
          key={noticeId}
          gonggaoId={noticeId}
          onClose={() => setNoticeId(null)}
          onEdit={(notice) => {
            setNoticeId(null);
            setEditing(notice);
          }}
          onDeleted={() => {
            setNoticeId(null);
            refresh();
          }}
        />
      )}
      {editing !== null && (
        <NoticeEditor
          notice={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
    </Flex>
  );
}

function MessageList({
  messageType,
  readed,
  page,
  onPage,
  onOpened,
}: {
  messageType: MessageType;
  readed: Readed;
  page: number;
  onPage: (page: number) => void;
  onOpened: (message: MessageRemind) => void;
}) {
  const { openPage } = useWorkspace();
  const [machine] = useState(() =>
    resourceMachine.provide({
      actors: { load: fromPromise<unknown>(() => loadMessages({ messageType, readed, pageindex: page })) },
    }),
  );
  const [state, send] = useMachine(machine, { inspect });
  const data = state.context.data as { list: MessageRemind[]; total: number } | null;
  const [readIds, setReadIds] = useState<number[]>([]);

  const open = (message: MessageRemind) => {
    if (message.readed === 2 && !readIds.includes(message.remindId))
      markRead(message.remindId).then(
        () => setReadIds((ids) => [...ids, message.remindId]),
        () => {},
      );
    onOpened(message);
    if (!message.gonggaoId && message.link) {
      const { link } = message;
      openPage({
        appType: link.appType,
        appId: link.appId ?? 0,
        name: message.title,
        path: link.path,
        params: Object.fromEntries(
          Object.entries(link.params ?? {}).map(([key, value]) => [key, String(value)]),
        ),
      });
    }
  };

  if (state.matches('failed'))
    return (
      <Flex gap="2" align="center" p="4">
        <Text color="red">{state.context.error}</Text>
        <Button size="1" variant="soft" onClick={() => send({ type: 'retry' })}>
          重试
        </Button>
      </Flex>
    );
  if (!data)
    return (
      <Text color="gray" as="p" my="6" align="center">
        加载中...
      </Text>
    );
  return (
    <Flex direction="column" gap="2" data-testid="message-list">
      {data.list.length === 0 && (
        <Text color="gray" as="p" my="6" align="center">
          暂无消息
        </Text>
      )}
      {data.list.map((message) => {
        const unread = message.readed === 2 && !readIds.includes(message.remindId);
        return (
          <Card key={message.remindId} asChild data-testid="message-row">
            <button
              type="button"
              onClick={() => open(message)}
              style={{ textAlign: 'left', cursor: 'pointer', width: '100%' }}
            >
              <Flex justify="between" gap="3" align="start">
                <Box style={{ minWidth: 0 }}>
                  <Flex gap="2" align="center">
                    {unread && <Badge color="red">未读</Badge>}
                    <Text weight={unread ? 'bold' : 'regular'}>{message.title}</Text>
                  </Flex>
                  <Text as="p" size="2" color="gray" mt="1" truncate>
                    {message.content}
                  </Text>
                </Box>
                <Flex direction="column" align="end" flexShrink="0">
                  <Text size="1" color="gray">
                    {message.createTime}
                  </Text>
                  {message.senderName && (
                    <Text size="1" color="gray">
                      {message.senderName}
                    </Text>
                  )}
                </Flex>
              </Flex>
            </button>
          </Card>
        );
      })}
      <Pager page={page} pageSize={messagePageSize} total={data.total} onPage={onPage} />
    </Flex>
  );
}

function NoticeDialog({
  gonggaoId,
  onClose,
  onEdit,
  onDeleted,
}: {
  gonggaoId: number;
  onClose: () => void;
  onEdit: (notice: MessageNotice) => void;
  onDeleted: () => void;
}) {
  const [machine] = useState(() =>
    resourceMachine.provide({ actors: { load: fromPromise<unknown>(() => loadNotice(gonggaoId)) } }),
  );
  const [state, send] = useMachine(machine, { inspect });
  const notice = state.context.data as MessageNotice | null;
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="640px" data-testid="notice-dialog">
        <Dialog.Title>{notice?.title ?? '公告'}</Dialog.Title>
        <Dialog.Description size="2" color="gray">
          {notice
            ? `${notice.publisherName} 发布于 ${notice.publishTime}${notice.updateTime ? `，修改于 ${notice.updateTime}` : ''} · 已读 ${notice.readCount}/${notice.receiverCount}`
            : '加载中...'}
        </Dialog.Description>
        {state.matches('failed') && (
          <Flex gap="2" align="center" mt="3">
            <Text color="red">{state.context.error}</Text>
            <Button size="1" variant="soft" onClick={() => send({ type: 'retry' })}>
              重试
            </Button>
          </Flex>
        )}
        {notice && (
          <>
            <Separator size="4" my="3" />
            <ScrollArea style={{ maxHeight: 420 }}>
              <Box data-testid="notice-content">
                {noticeParagraphs(notice.content).map((paragraph, index) => (
                  <Text as="p" key={index} mb="2">
                    {paragraph}
                  </Text>
                ))}
              </Box>
              {notice.attachments.length > 0 && (
                <Flex direction="column" gap="1" mt="3">
                  <Text size="2" weight="bold">
                    附件
                  </Text>
                  {notice.attachments.map((attachment) => (
                    <a key={attachment.url} href={attachment.url} target="_blank" rel="noreferrer">
                      {attachment.name}
                    </a>
                  ))}
                </Flex>
              )}
            </ScrollArea>
          </>
        )}
        <Flex gap="3" mt="4" justify="end">
          {notice?.canEdit === 1 && (
            <>
              <Button variant="soft" color="red" disabled={deleting} onClick={() => setConfirming(true)}>
                删除
              </Button>
              <Button variant="soft" onClick={() => onEdit(notice)}>
                修改
              </Button>
            </>
          )}
          <Dialog.Close>
            <Button variant="soft" color="gray">
              关闭
            </Button>
          </Dialog.Close>
        </Flex>
        <AlertDialog.Root open={confirming}>
          <AlertDialog.Content maxWidth="400px">
            <AlertDialog.Title>删除公告</AlertDialog.Title>
            <AlertDialog.Description>您确认要删除此公告吗？删除后接收人将看不到它。</AlertDialog.Description>
            <Flex gap="3" mt="4" justify="end">
              <AlertDialog.Cancel>
                <Button variant="soft" color="gray" onClick={() => setConfirming(false)}>
                  取消
                </Button>
              </AlertDialog.Cancel>
              <AlertDialog.Action>
                <Button
                  color="red"
                  onClick={() => {
                    setConfirming(false);
                    setDeleting(true);
                    deleteNotice(gonggaoId).then(
                      (text) => {
                        emitFeedback({ kind: 'toast', text, tone: 'success' });
                        onDeleted();
                      },
                      (error: unknown) => {
                        setDeleting(false);
                        emitFeedback({ kind: 'toast', text: errorText(error), tone: 'error' });
                      },
                    );
                  }}
                >
                  确定
                </Button>
              </AlertDialog.Action>
            </Flex>
          </AlertDialog.Content>
        </AlertDialog.Root>
      </Dialog.Content>
    </Dialog.Root>
  );
}

function NoticeEditor({
  notice,
  onClose,
  onSaved,
}: {
  notice: MessageNotice | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [staffMachine] = useState(() =>
    resourceMachine.provide({ actors: { load: fromPromise<unknown>(loadStaff) } }),
  );
  const [staffState] = useMachine(staffMachine, { inspect });
  const staff = (staffState.context.data as Staff[] | null) ?? [];
  const departments = [...new Map(staff.map((person) => [person.deptId, person.deptName])).entries()];
  const [title, setTitle] = useState(notice?.title ?? '');
  const [content, setContent] = useState(notice ? noticeParagraphs(notice.content).join('\n') : '');
  const [top, setTop] = useState(notice?.top === 1);
  const [allCompany, setAllCompany] = useState(notice ? notice.range.allCompany === 1 : true);
  const [deptIds, setDeptIds] = useState<number[]>(notice?.range.deptIds ?? []);
  const [userIds, setUserIds] = useState<number[]>(notice?.range.userIds ?? []);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const toggle = (list: number[], id: number, on: boolean) =>
    on ? [...list.filter((item) => item !== id), id] : list.filter((item) => item !== id);

  const save = () => {
    if (!title.trim()) return setError('请输入公告标题');
    if (!content.trim()) return setError('请输入公告内容');
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
                  {departments.map(([deptId, deptName]) => (
                    <Text as="label" size="2" key={deptId}>
                      <Flex gap="2" align="center" py="1">
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
                <Text size="2" weight="bold">
                  接收员工
                </Text>
                <ScrollArea style={{ maxHeight: 160 }}>
                  {staff.map((person) => (
                    <Text as="label" size="2" key={person.userId}>
                      <Flex gap="2" align="center" py="1">
                        <Checkbox
                          checked={userIds.includes(person.userId)}
                          onCheckedChange={(checked) =>
                            setUserIds(toggle(userIds, person.userId, checked === true))
                          }
                        />
                        {person.name}（{person.deptName}）
                      </Flex>
                    </Text>
                  ))}
                </ScrollArea>
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
