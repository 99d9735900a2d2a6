/**
 * The calls of the message centre (000 section 3 "Message", section 7 "Other"): the menu with its
 * unread counts, the messages of one type by reading state (100 per page, 000 section 9), marking
 * read, and the notices (公告) with their detail, publishing, editing and deleting.
 */
import { api, ok } from '../../api/client';
import type { components, paths } from '../../../openapi/generated/api';
import type { StaffChoice } from '../../ui/staff-search';

type Schemas = components['schemas'];
export type MessageMenuItem = Schemas['MessageMenuItem'];
export type MessageRemind = Schemas['MessageRemind'];
export type MessageNotice = Schemas['MessageNotice'];
export type NoticeBody = NonNullable<
  paths['/omp/gonggao/releaseV2']['post']['requestBody']
>['content']['application/json'];
export type MessageQuery = NonNullable<paths['/base/remindPosts']['get']['parameters']['query']>;

/** 000 section 9: messages are read 100 per page. */
export const messagePageSize = 100;

/** The reading-state filter of the seed: 0 all, 1 read, 2 unread. */
export const readFilters = [
  { value: 0, label: '全部' },
  { value: 2, label: '未读' },
  { value: 1, label: '已读' },
] as const;

/** What a failed call says (the request layer has made it the server's message). */
export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export async function loadMessageMenu(): Promise<MessageMenuItem[]> {
  return (await ok(api.GET('/base/messageMenu'))).data ?? [];
}

export async function loadMessages(query: MessageQuery): Promise<{ list: MessageRemind[]; total: number }> {
  const reply = await ok(
    api.GET('/base/remindPosts', { params: { query: { pagesize: messagePageSize, ...query } } }),
  );
  return { list: reply.data ?? [], total: reply.total ?? 0 };
}

export async function markAllRead(messageType?: MessageRemind['messageType']): Promise<string> {
  const reply = await ok(
    api.GET('/base/remindRead', { params: { query: messageType ? { messageType } : {} } }),
  );
  return reply.message;
}

export async function markRead(remindId: number): Promise<void> {
  await ok(api.GET('/base/remindSingleRead', { params: { query: { remindId } } }));
}

export async function loadNotice(gonggaoId: number): Promise<MessageNotice> {
  const reply = await ok(api.GET('/omp/gonggao/detailV2', { params: { query: { gonggaoId } } }));
  if (!reply.data) throw new Error('公告不存在');
  if (reply.data.readed === 2)
    await ok(api.GET('/omp/gonggao/gonggaoRead', { params: { query: { gonggaoId } } }));
  return reply.data;
}

export async function publishNotice(body: NoticeBody, gonggaoId: number | null): Promise<string> {
  const reply = gonggaoId
    ? await ok(api.POST('/omp/gonggao/modifyV2', { body: { ...body, gonggaoId } }))
    : await ok(api.POST('/omp/gonggao/releaseV2', { body }));
  return reply.message;
}

export async function deleteNotice(gonggaoId: number): Promise<string> {
  return (await ok(api.POST('/omp/gonggao/gonggaoDel', { body: { gonggaoId } }))).message;
}

export type Department = { deptId: number; deptName: string; level: number };

/** Every department of the company, in tree order (the receiving departments of a notice). */
export async function loadDepartments(): Promise<Department[]> {
  const tree = (await ok(api.GET('/org/v2/deptTree', { params: { query: { type: 1 } } }))).data ?? [];
  const flat: Department[] = [];
  const walk = (nodes: typeof tree) => {
    for (const node of nodes) {
      flat.push({ deptId: node.dept.deptId, deptName: node.dept.deptName, level: node.dept.level });
      walk(node.children);
    }
  };
  walk(tree);
  return flat;
}

/** The receivers a notice names, with their names, for editing it. */
export async function loadStaffChoices(userIds: number[]): Promise<StaffChoice[]> {
  return Promise.all(
    userIds.map(async (userId) => {
      const person = (await ok(api.GET('/org/v2/staffDetail', { params: { query: { userId } } }))).data;
      return { userId, name: person?.name ?? String(userId), deptName: person?.deptName ?? null };
    }),
  );
}

/** Plain text of a notice's HTML, paragraph by paragraph; never rendered as markup. */
export function noticeParagraphs(html: string): string[] {
  const document = new DOMParser().parseFromString(html, 'text/html');
  const blocks = Array.from(document.body.querySelectorAll('p, li, h1, h2, h3, h4, div'))
    .filter((element) => !element.querySelector('p, li, h1, h2, h3, h4, div'))
    .map((element) => element.textContent?.trim() ?? '')
    .filter(Boolean);
  if (blocks.length > 0) return blocks;
  return (document.body.textContent ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** A notice written in the plain text box, as the HTML the contract stores (escaped paragraphs). */
export function paragraphsToHtml(text: string): string {
  const escape = (line: string) =>
    line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => `<p>${escape(line)}</p>`)
    .join('');
}
