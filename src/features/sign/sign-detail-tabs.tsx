/** The lower tabs of the sign detail: operation log (10 per page), history versions, follow-ups, pictures. */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { Badge, Button, Card, Flex, Select, Table, Text, TextArea } from '@radix-ui/themes';
import { resourceMachine } from '../../../machines/resource.machine';
import { inspect } from '../../inspector/inspection-store';
import { Pager } from '../../ui/pager';
import {
  loadFollowUps,
  loadHistory,
  loadLogs,
  loadPictureCategories,
  loadPictures,
  logPageSize,
  saveFollowUp,
  type Page,
  type SignFollowUp,
  type SignFollowUpCategory,
  type SignHistoryItem,
  type SignOperationLog,
  type SignPicture,
  type SignPictureCategory,
} from './sign-actors';

function Failed({ error, onRetry }: { error: string | null; onRetry: () => void }) {
  return (
    <Flex gap="2" align="center">
      <Text color="red">{error}</Text>
      <Button size="1" variant="soft" onClick={onRetry}>
        重试
      </Button>
    </Flex>
  );
}

function LogPage({
  contractId,
  page,
  onPage,
}: {
  contractId: number;
  page: number;
  onPage: (p: number) => void;
}) {
  const [machine] = useState(() => resourceMachine.provide({ actors: { load: loadLogs(contractId, page) } }));
  const [snapshot, send] = useMachine(machine, { inspect });
  const data = snapshot.context.data as Page<SignOperationLog> | null;
  if (snapshot.matches('failed'))
    return <Failed error={snapshot.context.error} onRetry={() => send({ type: 'retry' })} />;
  if (!data) return <Text color="gray">加载中...</Text>;
  if (data.list.length === 0) return <Text color="gray">暂无操作日志</Text>;
  return (
    <>
      <Table.Root size="1" data-testid="operation-logs">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>时间</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>操作</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>内容</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>操作人</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {data.list.map((log) => (
            <Table.Row key={log.logId} data-testid="log-row">
              <Table.Cell>{log.createTime}</Table.Cell>
              <Table.Cell>
                <Badge variant="soft">{log.action}</Badge>
              </Table.Cell>
              <Table.Cell>{log.content}</Table.Cell>
              <Table.Cell>{log.operatorName}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      <Pager page={page} pageSize={logPageSize} total={data.total} onPage={onPage} />
    </>
  );
}

export function LogsTab({ contractId }: { contractId: number }) {
  const [page, setPage] = useState(1);
  return <LogPage key={page} contractId={contractId} page={page} onPage={setPage} />;
}

export function HistoryTab({ contractId }: { contractId: number }) {
  const [machine] = useState(() => resourceMachine.provide({ actors: { load: loadHistory(contractId) } }));
  const [snapshot, send] = useMachine(machine, { inspect });
  const data = snapshot.context.data as Page<SignHistoryItem> | null;
  if (snapshot.matches('failed'))
    return <Failed error={snapshot.context.error} onRetry={() => send({ type: 'retry' })} />;
  if (!data) return <Text color="gray">加载中...</Text>;
  if (data.list.length === 0) return <Text color="gray">暂无历史版本（每次修改合同时保存修改前的一版）</Text>;
  return (
    <Table.Root size="1" data-testid="history">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>版本</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>修改人</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>备注</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>时间</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {data.list.map((item) => (
          <Table.Row key={item.historyId}>
            <Table.Cell>第 {item.version} 版</Table.Cell>
            <Table.Cell>{item.operator.name}</Table.Cell>
            <Table.Cell>{item.remark ?? '—'}</Table.Cell>
            <Table.Cell>{item.createTime}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

type FollowUps = { categories: SignFollowUpCategory[]; list: SignFollowUp[]; total: number };

export function FollowUpsTab({ contractId }: { contractId: number }) {
  const [machine] = useState(() =>
    resourceMachine.provide({
      actors: {
        load: loadFollowUps(contractId),
        save: saveFollowUp(contractId),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, { inspect });
  const [categoryId, setCategoryId] = useState('');
  const [content, setContent] = useState('');
  const data = snapshot.context.data as FollowUps | null;
  if (snapshot.matches('failed'))
    return <Failed error={snapshot.context.error} onRetry={() => send({ type: 'retry' })} />;
  if (!data) return <Text color="gray">加载中...</Text>;
  const isSaving = snapshot.matches('saving');
  return (
    <Flex direction="column" gap="3">
      <Card>
        <Flex gap="2" align="end" wrap="wrap">
          <Select.Root value={categoryId} onValueChange={setCategoryId}>
            <Select.Trigger aria-label="跟进类型" placeholder="请选择跟进类型" />
            <Select.Content>
              {data.categories.map((c) => (
                <Select.Item key={c.categoryId} value={String(c.categoryId)}>
                  {c.name}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
          <TextArea
            aria-label="跟进内容"
            placeholder="请输入跟进内容"
            maxLength={500}
            value={content}
            onChange={(e) => setContent(e.target.value)}
            style={{ flex: 1, minWidth: 240 }}
          />
          <Button
            disabled={isSaving || !categoryId || content.trim() === ''}
            onClick={() => {
              send({ type: 'save', value: { categoryId: Number(categoryId), content: content.trim() } });
              setContent('');
            }}
          >
            添加跟进
          </Button>
        </Flex>
        {snapshot.context.error && (
          <Text color="red" size="2">
            {snapshot.context.error}
          </Text>
        )}
      </Card>
      {data.list.length === 0 ? (
        <Text color="gray">暂无跟进记录</Text>
      ) : (
        data.list.map((item) => (
          <Card key={item.followId} data-testid="follow-up">
            <Flex gap="2" align="center" mb="1">
              <Badge>{item.categoryName}</Badge>
              <Text size="1" color="gray">
                {item.operator.name} · {item.createTime}
              </Text>
            </Flex>
            <Text size="2">{item.content}</Text>
          </Card>
        ))
      )}
    </Flex>
  );
}

function CategoryPictures({ contractId, categoryId }: { contractId: number; categoryId: number }) {
  const [machine] = useState(() =>
    resourceMachine.provide({ actors: { load: loadPictures(contractId, categoryId) } }),
  );
  const [snapshot, send] = useMachine(machine, { inspect });
  const pictures = snapshot.context.data as SignPicture[] | null;
  if (snapshot.matches('failed'))
    return <Failed error={snapshot.context.error} onRetry={() => send({ type: 'retry' })} />;
  if (!pictures) return <Text color="gray">加载中...</Text>;
  if (pictures.length === 0) return <Text color="gray">该分类下暂无图片</Text>;
  return (
    <Flex gap="2" wrap="wrap">
      {pictures.map((p) => (
        <a key={p.pictureId} href={p.url} target="_blank" rel="noreferrer">
          <img
            src={p.url}
            alt={p.name ?? '签约图片'}
            width={120}
            height={90}
            style={{ objectFit: 'cover' }}
          />
        </a>
      ))}
    </Flex>
  );
}

export function PicturesTab({ contractId }: { contractId: number }) {
  const [machine] = useState(() =>
    resourceMachine.provide({ actors: { load: loadPictureCategories(contractId) } }),
  );
  const [snapshot, send] = useMachine(machine, { inspect });
  const [picked, setPicked] = useState<number | null>(null);
  const categories = snapshot.context.data as SignPictureCategory[] | null;
  if (snapshot.matches('failed'))
    return <Failed error={snapshot.context.error} onRetry={() => send({ type: 'retry' })} />;
  if (!categories) return <Text color="gray">加载中...</Text>;
  const current = picked ?? categories[0]?.categoryId ?? null;
  return (
    <Flex direction="column" gap="3">
      <Flex gap="2" wrap="wrap">
        {categories.map((c) => (
          <Button
            key={c.categoryId}
            size="1"
            variant={c.categoryId === current ? 'solid' : 'soft'}
            onClick={() => setPicked(c.categoryId)}
          >
            {c.name}（{c.count}）
          </Button>
        ))}
      </Flex>
      {current !== null && <CategoryPictures key={current} contractId={contractId} categoryId={current} />}
    </Flex>
  );
}
