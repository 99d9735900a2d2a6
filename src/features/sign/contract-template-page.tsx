/**
 * Template management (/views/sign/contract-template, auth 356): the company's contract templates by
 * group (常用模板, 其他模板 and its own groups), shelf up (1) and down (2), delete (only off the
 * shelf), groups (add, rename, delete) and each template's settings (signing initiation type — at
 * least one, 请选择签约方式 —, mobile style, contract number rule, group; approval and range shown).
 */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import {
  AlertDialog,
  Badge,
  Box,
  Button,
  Callout,
  Checkbox,
  DataList,
  Dialog,
  Flex,
  Heading,
  RadioGroup,
  Select,
  Table,
  Text,
  TextField,
} from '@radix-ui/themes';
import { resourceMachine } from '../../../machines/resource.machine';
import type { PageProps } from '../../core/workspace';
import { inspect } from '../../inspector/inspection-store';
import { Pager } from '../../ui/pager';
import {
  addTemplateGroup,
  loadTemplateSettings,
  loadTemplates,
  removeTemplate,
  removeTemplateGroup,
  renameTemplateGroup,
  saveTemplateSettings,
  setTemplateShelf,
  templatePageSize,
  type TemplateGroup,
  type TemplateListItem,
  type TemplateListQuery,
  type TemplateSettings,
  type TemplateSettingsBody,
} from './sign-actors';
import { contractTypeNames } from '../../shared/sign-format';

export const chooseSigningTypeMessage = '请选择签约方式';

type Listing = { list: TemplateListItem[]; total: number; groups: TemplateGroup[] };
type Notice = { tone: 'red' | 'green'; text: string } | null;

const dateStyles = [
  { value: 0, label: '不含日期' },
  { value: 1, label: '年月日 YYYYMMDD' },
  { value: 2, label: '年月 YYYYMM' },
  { value: 3, label: '年 YYYY' },
];
const numberStyles = [
  { value: 1, label: '4 位流水 0001' },
  { value: 2, label: '5 位流水 00001' },
  { value: 3, label: '6 位流水 000001' },
];

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function SettingsDialog({
  boxId,
  groups,
  onClose,
}: {
  boxId: number;
  groups: TemplateGroup[];
  onClose: (changed: boolean) => void;
}) {
  const [machine] = useState(() =>
    resourceMachine.provide({
      actors: { load: loadTemplateSettings(boxId), save: saveTemplateSettings(boxId) },
    }),
  );
  const [snapshot, send] = useMachine(machine, { inspect });
  const settings = snapshot.context.data as TemplateSettings | null;
  const [form, setForm] = useState<TemplateSettingsBody | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const current: TemplateSettingsBody | null =
    form ??
    (settings
      ? {
          boxId,
          signingInitiateType: settings.signingInitiateType,
          mobileShowStyle: settings.mobileShowStyle,
          contractNumber: {
            prefix: settings.contractNumber.prefix,
            date: settings.contractNumber.date,
            numberStyle: settings.contractNumber.numberStyle,
          },
          groupId: settings.groupId,
        }
      : null);
  const set = (patch: Partial<TemplateSettingsBody>) => {
    if (current) setForm({ ...current, ...patch });
    setLocalError(null);
    setSaved(false);
  };
  const types = current?.signingInitiateType ?? [];
  const numberRule = {
    prefix: '',
    date: 1 as 0 | 1 | 2 | 3,
    numberStyle: 1 as 1 | 2 | 3,
    ...current?.contractNumber,
  };
  const toggleType = (type: 1 | 2, on: boolean) =>
    set({
      signingInitiateType: on
        ? [...types.filter((t) => t !== type), type].sort()
        : types.filter((t) => t !== type),
    });
  const isSaving = snapshot.matches('saving');
  const error = localError ?? (snapshot.matches('loaded') ? snapshot.context.error : null);

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose(saved)}>
      <Dialog.Content maxWidth="560px" data-testid="template-settings">
        <Dialog.Title>模板设置{settings ? `：${settings.boxName}` : ''}</Dialog.Title>
        {snapshot.matches('failed') && <Text color="red">{snapshot.context.error}</Text>}
        {!current || !settings ? (
          <Text color="gray">加载中...</Text>
        ) : (
          <Flex direction="column" gap="4">
            <Box>
              <Text as="p" size="2" weight="bold" mb="1">
                签约方式
              </Text>
              <Flex gap="4">
                <Text as="label" size="2">
                  <Flex gap="2" align="center">
                    <Checkbox
                      checked={types.includes(1)}
                      onCheckedChange={(c) => toggleType(1, c === true)}
                    />
                    分步填写签约
                  </Flex>
                </Text>
                <Text as="label" size="2">
                  <Flex gap="2" align="center">
                    <Checkbox
                      checked={types.includes(2)}
                      onCheckedChange={(c) => toggleType(2, c === true)}
                    />
                    可视化签约
                  </Flex>
                </Text>
              </Flex>
            </Box>
            <Box>
              <Text as="p" size="2" weight="bold" mb="1">
                移动端展示样式
              </Text>
              <RadioGroup.Root
                value={String(current.mobileShowStyle ?? 1)}
                onValueChange={(v) => set({ mobileShowStyle: Number(v) as 1 | 2 })}
              >
                <Flex gap="4">
                  <RadioGroup.Item value="1">合同原文</RadioGroup.Item>
                  <RadioGroup.Item value="2">表单卡片</RadioGroup.Item>
                </Flex>
              </RadioGroup.Root>
            </Box>
            <Box>
              <Text as="p" size="2" weight="bold" mb="1">
                合同编号规则（示例 {settings.contractNumber.sample}）
              </Text>
              <Flex gap="2" wrap="wrap">
                <TextField.Root
                  aria-label="编号前缀"
                  placeholder="请输入编号前缀"
                  maxLength={10}
                  value={current.contractNumber?.prefix ?? ''}
                  onChange={(e) => set({ contractNumber: { ...numberRule, prefix: e.target.value } })}
                />
                <Select.Root
                  value={String(current.contractNumber?.date ?? 1)}
                  onValueChange={(v) =>
                    set({ contractNumber: { ...numberRule, date: Number(v) as 0 | 1 | 2 | 3 } })
                  }
                >
                  <Select.Trigger aria-label="日期格式" />
                  <Select.Content>
                    {dateStyles.map((d) => (
                      <Select.Item key={d.value} value={String(d.value)}>
                        {d.label}
                      </Select.Item>
                    ))}
                  </Select.Content>
                </Select.Root>
                <Select.Root
                  value={String(current.contractNumber?.numberStyle ?? 1)}
                  onValueChange={(v) =>
                    set({
                      contractNumber: { ...numberRule, numberStyle: Number(v) as 1 | 2 | 3 },
                    })
                  }
                >
                  <Select.Trigger aria-label="流水号样式" />
                  <Select.Content>
                    {numberStyles.map((d) => (
                      <Select.Item key={d.value} value={String(d.value)}>
                        {d.label}
                      </Select.Item>
                    ))}
                  </Select.Content>
                </Select.Root>
              </Flex>
            </Box>
            <Box>
              <Text as="p" size="2" weight="bold" mb="1">
                模板分组
              </Text>
              <Select.Root value={String(current.groupId)} onValueChange={(v) => set({ groupId: Number(v) })}>
                <Select.Trigger aria-label="模板分组" />
                <Select.Content>
                  {groups.map((g) => (
                    <Select.Item key={g.groupId} value={String(g.groupId)}>
                      {g.groupName}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select.Root>
            </Box>
            <DataList.Root size="1">
              <DataList.Item>
                <DataList.Label>签约审批</DataList.Label>
                <DataList.Value>
                  {settings.oaSetting.oaState === 1
                    ? `已开启（${settings.oaSetting.approvers.length} 级审批）`
                    : '未开启（在审批设置中配置）'}
                </DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label>使用范围</DataList.Label>
                <DataList.Value>
                  {settings.rangeSetting.dept.length === 0 && settings.rangeSetting.role.length === 0
                    ? '全公司可用'
                    : [
                        ...settings.rangeSetting.dept.map((d) => d.deptName),
                        ...settings.rangeSetting.role.map((r) => r.roleName),
                      ].join('、')}
                </DataList.Value>
              </DataList.Item>
            </DataList.Root>
            {error && (
              <Callout.Root color="red">
                <Callout.Text data-testid="template-settings-error">{error}</Callout.Text>
              </Callout.Root>
            )}
            {saved && !error && !isSaving && (
              <Callout.Root color="green">
                <Callout.Text>已保存</Callout.Text>
              </Callout.Root>
            )}
          </Flex>
        )}
        <Flex gap="3" justify="end" mt="4">
          <Button variant="soft" color="gray" onClick={() => onClose(saved)}>
            关闭
          </Button>
          <Button
            disabled={!current || isSaving}
            onClick={() => {
              if (!current) return;
              if (current.signingInitiateType.length === 0) return setLocalError(chooseSigningTypeMessage);
              send({ type: 'save', value: current });
              setSaved(true);
            }}
          >
            保存
          </Button>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}

function TemplateTable({
  query,
  onPage,
  onNotice,
}: {
  query: TemplateListQuery;
  onPage: (page: number) => void;
  onNotice: (notice: Notice) => void;
}) {
  const [machine] = useState(() => resourceMachine.provide({ actors: { load: loadTemplates(query) } }));
  const [snapshot, send] = useMachine(machine, { inspect });
  const [settingsOf, setSettingsOf] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<TemplateListItem | null>(null);
  const data = snapshot.context.data as Listing | null;
  const run = (action: Promise<string>) =>
    action.then(
      (text) => {
        onNotice({ tone: 'green', text });
        send({ type: 'reload' });
      },
      (error: unknown) => onNotice({ tone: 'red', text: messageOf(error) }),
    );
  if (snapshot.matches('failed')) return <Text color="red">{snapshot.context.error}</Text>;
  if (!data) return <Text color="gray">加载中...</Text>;
  return (
    <>
      {data.list.length === 0 ? (
        <Text color="gray">暂无模板</Text>
      ) : (
        <Table.Root size="1" data-testid="template-list">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>模板名称</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>类型</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>分组</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>状态</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>发起次数</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>创建人</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>更新时间</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>操作</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data.list.map((t) => (
              <Table.Row key={t.boxId} data-testid="template-row">
                <Table.Cell>{t.boxName}</Table.Cell>
                <Table.Cell>{contractTypeNames[t.type]}</Table.Cell>
                <Table.Cell>{t.groupName}</Table.Cell>
                <Table.Cell>
                  <Badge color={t.state === 1 ? 'green' : 'gray'}>
                    {t.state === 1 ? '已上架' : '已下架'}
                  </Badge>
                </Table.Cell>
                <Table.Cell>{t.useCount}</Table.Cell>
                <Table.Cell>{t.userName}</Table.Cell>
                <Table.Cell>{t.updateTime}</Table.Cell>
                <Table.Cell>
                  <Flex gap="2">
                    <Button
                      size="1"
                      variant="soft"
                      onClick={() => void run(setTemplateShelf(t.boxId, t.state === 1 ? 2 : 1))}
                    >
                      {t.state === 1 ? '下架' : '上架'}
                    </Button>
                    <Button size="1" variant="soft" onClick={() => setSettingsOf(t.boxId)}>
                      设置
                    </Button>
                    {t.state === 2 && (
                      <Button size="1" variant="soft" color="red" onClick={() => setDeleting(t)}>
                        删除
                      </Button>
                    )}
                  </Flex>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
      <Pager page={query.pageindex ?? 1} pageSize={templatePageSize} total={data.total} onPage={onPage} />
      {settingsOf !== null && (
        <SettingsDialog
          boxId={settingsOf}
          groups={data.groups}
          onClose={(changed) => {
            setSettingsOf(null);
            if (changed) send({ type: 'reload' });
          }}
        />
      )}
      <AlertDialog.Root open={deleting !== null}>
        <AlertDialog.Content maxWidth="380px">
          <AlertDialog.Title>提示</AlertDialog.Title>
          <AlertDialog.Description>确定删除模板「{deleting?.boxName}」吗？</AlertDialog.Description>
          <Flex gap="3" justify="end" mt="4">
            <AlertDialog.Cancel>
              <Button variant="soft" color="gray" onClick={() => setDeleting(null)}>
                取消
              </Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action>
              <Button
                color="red"
                onClick={() => {
                  if (deleting) void run(removeTemplate(deleting.boxId));
                  setDeleting(null);
                }}
              >
                删除
              </Button>
            </AlertDialog.Action>
          </Flex>
        </AlertDialog.Content>
      </AlertDialog.Root>
    </>
  );
}

function GroupBar({
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
          <Button
            size="1"
            variant="outline"
            color="red"
            onClick={() => {
              void run(removeTemplateGroup(current.groupId));
              onGroup(null);
            }}
          >
            删除分组
          </Button>
        </>
      )}
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

function Groups({
  generation,
  children,
}: {
  generation: number;
  children: (groups: TemplateGroup[]) => React.ReactNode;
}) {
  const [machine] = useState(() =>
    resourceMachine.provide({ actors: { load: loadTemplates({ pageindex: 1, pagesize: 1 }) } }),
  );
  const [snapshot] = useMachine(machine, { inspect });
  void generation;
  return <>{children((snapshot.context.data as Listing | null)?.groups ?? [])}</>;
}

export default function ContractTemplatePage(_props: PageProps) {
  const [groupId, setGroupId] = useState<number | null>(null);
  const [state, setState] = useState<'all' | '1' | '2'>('all');
  const [key, setKey] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [generation, setGeneration] = useState(0);
  const [notice, setNotice] = useState<Notice>(null);
  const query: TemplateListQuery = {
    pageindex: page,
    pagesize: templatePageSize,
    ...(groupId ? { groupId } : {}),
    ...(state !== 'all' ? { state: Number(state) as 1 | 2 } : {}),
    ...(search ? { key: search } : {}),
  };
  const reload = () => setGeneration((n) => n + 1);
  return (
    <Box p="5" pb="9" data-testid="contract-template-page">
      <Heading size="5" mb="4">
        合同模板
      </Heading>
      {notice && (
        <Callout.Root color={notice.tone} mb="3">
          <Callout.Text data-testid="template-notice">{notice.text}</Callout.Text>
        </Callout.Root>
      )}
      <Groups key={generation} generation={generation}>
        {(groups) => (
          <GroupBar
            groups={groups}
            groupId={groupId}
            onGroup={(id) => {
              setGroupId(id);
              setPage(1);
            }}
            onChanged={reload}
            onNotice={setNotice}
          />
        )}
      </Groups>
      <Flex gap="2" mb="3" align="center">
        <Select.Root
          value={state}
          onValueChange={(v) => {
            setState(v as 'all' | '1' | '2');
            setPage(1);
          }}
        >
          <Select.Trigger aria-label="上架状态" />
          <Select.Content>
            <Select.Item value="all">全部状态</Select.Item>
            <Select.Item value="1">已上架</Select.Item>
            <Select.Item value="2">已下架</Select.Item>
          </Select.Content>
        </Select.Root>
        <TextField.Root
          aria-label="模板名称"
          placeholder="请输入模板名称"
          value={key}
          onChange={(e) => setKey(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              setSearch(key.trim());
              setPage(1);
            }
          }}
        />
        <Button
          onClick={() => {
            setSearch(key.trim());
            setPage(1);
          }}
        >
          搜索
        </Button>
      </Flex>
      <TemplateTable
        key={`${JSON.stringify(query)}:${generation}`}
        query={query}
        onPage={setPage}
        onNotice={(n) => {
          setNotice(n);
          if (n?.tone === 'green') reload();
        }}
      />
    </Box>
  );
}
