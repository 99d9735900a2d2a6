/**
 * One customer over the customer book (a detail dialog): who it is, its requirement, follow-ups by
 * category (全部 / 普通跟进 / 带看) with 写跟进, the listings that fit its requirement best first, and
 * its change record (the follow-up panel, match table and record list the listing detail uses too). Its pool and deal life runs through the customer-pool machine (转公客, 拣入私客
 * through the pick-back flow, 分配, 成交 / 取消成交, 删除 with the seed's confirmations); buttons show
 * only for what the role may do and the server allows on this customer.
 */
import { useEffect, useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import {
  Badge,
  Box,
  Button,
  Callout,
  Card,
  Checkbox,
  DataList,
  Dialog,
  Flex,
  Grid,
  Heading,
  Tabs,
  Text,
  TextArea,
} from '@radix-ui/themes';
import { TextField } from '../../ui/text-field';
import { Select } from '../../ui/select';
import { resourceMachine } from '../../../machines/resource.machine';
import { customerPoolMachine, customerPoolMessages } from '../../../machines/customer-pool.machine';
import { CustomerAuth, SignAuth } from '../../../domain/auth-ids';
import { DealContracts } from '../../shared/deal-contracts';
import { customerStateNames } from '../../../domain/customer-rules';
import { useWorkspace } from '../../core/workspace';
import { usePermissions } from '../../core/permissions';
import { inspect } from '../../inspector/inspection-store';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import type { Column } from '../../ui/list-page/list-table';
import { FollowUpPanel } from '../../ui/follow-up-panel';
import { MatchTable } from '../../ui/match-table';
import { RecordList } from '../../ui/app-records';
import { housePages } from '../../shared/house-pages';
import {
  changeCustomerState,
  currentUserId,
  customerPageSize,
  fetchCustomer,
  deleteFollowUp,
  fetchFollowUps,
  fetchMatchedHouses,
  fetchRecords,
  fetchStaff,
  poolActors,
  viewCustomerPhones,
  writeFollowUp,
  type CustomerChangeRecord,
  type CustomerDetail,
  type CustomerFollowUp,
  type CustomerMatchedHouse,
  type RevealedPhones,
  type StaffOption,
} from './customer-actors';
import {
  formatHousePrice,
  formatRange,
  kindName,
  levelNames,
  priceUnit,
  propertyName,
  roomNames,
} from './customer-format';
import { CustomerForm } from './customer-form';
import { CustomerPickBack } from './customer-pick-back';

const poolMachine = customerPoolMachine.provide({ actors: poolActors });

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The customer's phones: masked while protected, with 查看电话 (one view, counted against the daily
 * limit and recorded in the change record); once shown, a reminder to write the follow-up the next view
 * needs.
 */
function CustomerPhones({ detail, onFollowUp }: { detail: CustomerDetail; onFollowUp: () => void }) {
  const [revealed, setRevealed] = useState<RevealedPhones | null>(null);
  const [isViewing, setIsViewing] = useState(false);
  const phones = revealed?.phones ?? detail.phones;
  const view = async () => {
    setIsViewing(true);
    try {
      setRevealed(await viewCustomerPhones(detail.customerId));
    } catch {
      // The request layer has shown the refusal (the daily limit, a follow-up owed) as a toast.
    } finally {
      setIsViewing(false);
    }
  };
  return (
    <Flex direction="column" gap="1" align="start">
      {phones.map((row) => (
        <Text key={row.phone} data-testid="customer-phone">
          {row.phone}
          {row.remark ? `（${row.remark}）` : ''}
        </Text>
      ))}
      {detail.phonesHidden && !revealed && (
        <Button size="1" variant="soft" loading={isViewing} onClick={() => void view()}>
          查看电话
        </Button>
      )}
      {revealed && (
        <Text size="1" color="gray" data-testid="customer-phone-note">
          查看已记录
          {revealed.remainingViews === null ? '' : `，今日还可查看 ${revealed.remainingViews} 次`}
          。联系客户后请
          <Button size="1" variant="ghost" onClick={onFollowUp}>
            写跟进
          </Button>
          ，写跟进后才能再次查看
        </Text>
      )}
    </Flex>
  );
}

function Requirement({ detail }: { detail: CustomerDetail }) {
  const demand = detail.demand;
  const item = (label: string, value: string) => (
    <DataList.Item>
      <DataList.Label>{label}</DataList.Label>
      <DataList.Value>{value}</DataList.Value>
    </DataList.Item>
  );
  return (
    <DataList.Root data-testid="customer-requirement">
      {item(
        detail.customerType === 2 ? '意向租金' : '意向价格',
        formatRange(demand.priceMin, demand.priceMax, priceUnit(detail.customerType)),
      )}
      {item('意向面积', formatRange(demand.areaMin, demand.areaMax, '㎡'))}
      {item('意向居室', (demand.room ?? []).map((room) => roomNames[room]).join('、') || '不限')}
      {item('意向区域', (demand.districtNames ?? []).join('、') || '不限')}
      {item('意向小区', (demand.communityNames ?? []).join('、') || '不限')}
      {item('物业类型', propertyName(demand.property))}
      {item('付款方式', demand.payment ?? '—')}
      {detail.customerType !== 2 && item('购房目的', demand.purpose ?? '—')}
      {demand.remark && item('需求备注', demand.remark)}
    </DataList.Root>
  );
}

function FollowUpDialog({ customerId, onClose }: { customerId: number; onClose: (saved: boolean) => void }) {
  const [category, setCategory] = useState<'1' | '4'>('1');
  const [content, setContent] = useState('');
  const [houses, setHouses] = useState<CustomerMatchedHouse[]>([]);
  const [houseIds, setHouseIds] = useState<number[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  useEffect(() => {
    if (category !== '4' || houses.length > 0) return;
    void fetchMatchedHouses(customerId, 1)
      .then((result) => setHouses(result.rows))
      .catch(() => setHouses([]));
  }, [category, customerId, houses.length]);
  const save = () => {
    if (!content.trim()) return setProblem('请输入跟进内容');
    setIsSaving(true);
    void writeFollowUp({
      customerId,
      category: Number(category) as 1 | 4,
      content: content.trim(),
      ...(category === '4' ? { houseIds } : {}),
    })
      .then(() => onClose(true))
      .catch((error: unknown) => {
        setIsSaving(false);
        setProblem(errorText(error));
      });
  };
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose(false)}>
      <Dialog.Content maxWidth="520px" aria-describedby={undefined}>
        <Dialog.Title>写跟进</Dialog.Title>
        <Flex direction="column" gap="3">
          <Select.Root value={category} onValueChange={(value) => setCategory(value as '1' | '4')}>
            <Select.Trigger aria-label="跟进方式" />
            <Select.Content>
              <Select.Item value="1">普通跟进</Select.Item>
              <Select.Item value="4">带看</Select.Item>
            </Select.Content>
          </Select.Root>
          {category === '4' && (
            <Flex direction="column" gap="1">
              <Text size="2">带看房源（匹配度最高的房源）</Text>
              {houses.length === 0 && (
                <Text size="2" color="gray">
                  暂无匹配房源
                </Text>
              )}
              {houses.slice(0, 8).map((house) => (
                <Text key={house.houseId} as="label" size="2">
                  <Flex gap="2" align="center">
                    <Checkbox
                      checked={houseIds.includes(house.houseId)}
                      onCheckedChange={() =>
                        setHouseIds(
                          houseIds.includes(house.houseId)
                            ? houseIds.filter((id) => id !== house.houseId)
                            : [...houseIds, house.houseId],
                        )
                      }
                    />
                    {house.communityName} {house.room}室{house.hall}厅 {house.area}㎡{' '}
                    {formatHousePrice(house.type, house.price)}
                  </Flex>
                </Text>
              ))}
            </Flex>
          )}
          <TextArea
            aria-label="跟进内容"
            placeholder="请输入跟进内容"
            maxLength={500}
            value={content}
            onChange={(e) => {
              setContent(e.target.value);
              setProblem(null);
            }}
          />
          {problem && (
            <Text color="red" role="alert">
              {problem}
            </Text>
          )}
          <Flex gap="3" justify="end">
            <Button variant="soft" color="gray" onClick={() => onClose(false)}>
              取消
            </Button>
            <Button loading={isSaving} onClick={save}>
              保存
            </Button>
          </Flex>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}

/** 001 section 8's wording 是否确定删除该…？ for a follow-up. */
const followUpDeleteQuestion = '是否确定删除该跟进？';

const followUpCategories = [
  { category: 0, name: '全部' },
  { category: 1, name: '普通跟进' },
  { category: 4, name: '带看' },
];

function FollowUps({
  customerId,
  customerType,
  version,
  onDeleted,
}: {
  customerId: number;
  customerType: 1 | 2 | 3;
  version: unknown;
  onDeleted: () => void;
}) {
  return (
    <FollowUpPanel<CustomerFollowUp>
      categories={followUpCategories}
      load={(category, page) => fetchFollowUps(customerId, category as 0 | 1 | 4, page)}
      pageSize={customerPageSize}
      version={version}
      deleteQuestion={followUpDeleteQuestion}
      canDelete={(row) => row.deletable === 1}
      remove={(row) => deleteFollowUp(customerId, customerType, row.followId)}
      onDeleted={onDeleted}
      isHighlighted={(row) => row.category === 4}
      details={(row) =>
        (row.houses ?? []).map((house) => (
          <Text key={house.houseId} as="div" size="1" color="gray">
            带看：{house.title}
          </Text>
        ))
      }
      testId="customer-follow-ups"
      rowTestId="customer-follow-up"
    />
  );
}

const matchColumns = (onOpen: (house: CustomerMatchedHouse) => void): Column<CustomerMatchedHouse>[] => [
  {
    key: 'house',
    header: '房源',
    isRowHeader: true,
    cell: (row) => (
      <Box>
        <Button variant="ghost" size="1" onClick={() => onOpen(row)}>
          {row.communityName}
        </Button>
        <Text as="div" size="1" color="gray">
          {row.houseNo} · {row.districtName ?? '—'}
        </Text>
      </Box>
    ),
  },
  { key: 'layout', header: '户型', cell: (row) => `${row.room}室${row.hall}厅${row.bath}卫` },
  { key: 'area', header: '面积', cell: (row) => `${row.area} ㎡` },
  {
    key: 'price',
    header: '价格',
    cell: (row) => (
      <Text color="red" weight="bold">
        {formatHousePrice(row.type, row.price)}
      </Text>
    ),
  },
];

const matchAfter: Column<CustomerMatchedHouse>[] = [
  { key: 'attributor', header: '维护人', cell: (row) => row.attributorName ?? '公盘' },
];

function MatchedHouses({ customerId, version }: { customerId: number; version: unknown }) {
  const { openPage } = useWorkspace();
  return (
    <MatchTable<CustomerMatchedHouse>
      load={(page) => fetchMatchedHouses(customerId, page)}
      pageSize={customerPageSize}
      version={version}
      hint="按区域、价格、面积、户型、物业类型与需求的符合程度排序（满分 100）"
      columns={matchColumns((house) => openPage(housePages.detail(house.houseId, house.type)))}
      after={matchAfter}
      rowKey={(row) => row.houseId}
      emptyText="暂无符合需求的房源"
      testId="customer-matches"
      rowTestId="customer-match"
    />
  );
}

function Records({ customerId, version }: { customerId: number; version: unknown }) {
  return (
    <RecordList<CustomerChangeRecord>
      load={(page) => fetchRecords(customerId, page)}
      version={version}
      testId="customer-records"
    />
  );
}

function AssignDialog({
  onChoose,
  onCancel,
}: {
  onChoose: (person: StaffOption) => void;
  onCancel: () => void;
}) {
  const [keyword, setKeyword] = useState('');
  const [people, setPeople] = useState<StaffOption[]>([]);
  const [chosen, setChosen] = useState<StaffOption | null>(null);
  useEffect(() => {
    const timer = setTimeout(
      () =>
        void fetchStaff(keyword.trim())
          .then(setPeople)
          .catch(() => setPeople([])),
      200,
    );
    return () => clearTimeout(timer);
  }, [keyword]);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onCancel()}>
      <Dialog.Content maxWidth="480px" aria-describedby={undefined}>
        <Dialog.Title>分配客户</Dialog.Title>
        <Flex direction="column" gap="3">
          <TextField.Root
            aria-label="搜索同事"
            placeholder="输入姓名或电话搜索同事"
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
          />
          <Flex gap="1" wrap="wrap">
            {people.map((person) => (
              <Button
                key={person.userId}
                size="1"
                variant={chosen?.userId === person.userId ? 'solid' : 'soft'}
                onClick={() => setChosen(person)}
              >
                {person.name}
                {person.deptName ? `（${person.deptName}）` : ''}
              </Button>
            ))}
          </Flex>
          <Flex gap="3" justify="end">
            <Button variant="soft" color="gray" onClick={onCancel}>
              取消
            </Button>
            <Button disabled={chosen === null} onClick={() => chosen && onChoose(chosen)}>
              确定
            </Button>
          </Flex>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}

function StateDialog({ detail, onClose }: { detail: CustomerDetail; onClose: (changed: boolean) => void }) {
  const [state, setState] = useState(String(detail.state));
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose(false)}>
      <Dialog.Content maxWidth="380px" aria-describedby={undefined}>
        <Dialog.Title>修改客户状态</Dialog.Title>
        <Flex direction="column" gap="3">
          <Select.Root value={state} onValueChange={setState}>
            <Select.Trigger aria-label="客户状态" />
            <Select.Content>
              {Object.entries(customerStateNames).map(([value, name]) => (
                <Select.Item key={value} value={value}>
                  {name}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
          {problem && (
            <Text color="red" role="alert">
              {problem}
            </Text>
          )}
          <Flex gap="3" justify="end">
            <Button variant="soft" color="gray" onClick={() => onClose(false)}>
              取消
            </Button>
            <Button
              onClick={() =>
                void changeCustomerState(detail.customerId, Number(state) as 1)
                  .then(() => onClose(true))
                  .catch((error: unknown) => setProblem(errorText(error)))
              }
            >
              确定
            </Button>
          </Flex>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}

export function CustomerDetailView({ customerId, onChanged }: { customerId: number; onChanged: () => void }) {
  const permissions = usePermissions();
  const can = (authId: number) => permissions.can(CustomerAuth.appType, CustomerAuth.itemId, authId);
  const [detailMachine] = useState(() =>
    resourceMachine.provide({ actors: { load: fromPromise<unknown>(() => fetchCustomer(customerId)) } }),
  );
  const [read, sendRead] = useMachine(detailMachine, { inspect });
  const [pool, sendPool] = useMachine(poolMachine, {
    inspect,
    input: { customerId, userId: currentUserId() },
  });
  const detail = read.context.data as CustomerDetail | null;
  const [isEditing, setIsEditing] = useState(false);
  const [isWriting, setIsWriting] = useState(false);
  const [isChangingState, setIsChangingState] = useState(false);
  const [tab, setTab] = useState('requirement');

  // The machine learns where the customer stands from a read it has not seen; after a refusal it
  // waits in `reading` for a fresh read, so the page reads the customer again.
  const synced = useRef<CustomerDetail | null>(null);
  const isReading = pool.matches('reading');
  const isLoadingDetail = read.matches('loading');
  useEffect(() => {
    if (!detail || isLoadingDetail) return;
    if (!isReading) {
      synced.current = detail;
      return;
    }
    if (detail !== synced.current) {
      synced.current = detail;
      sendPool({
        type: 'sync',
        standing: {
          attribution: detail.customerAttribution,
          isMine: detail.attributor?.userId === currentUserId(),
          dealStatus: detail.dealStatus,
        },
      });
      return;
    }
    sendRead({ type: 'reload' });
  }, [detail, isLoadingDetail, isReading, sendPool, sendRead]);

  // A move that went through: read the customer again (maintainer, record) and tell the list. The
  // tabs below read again whenever the customer was read again.
  const notice = pool.context.notice;
  const shownNotice = useRef(notice);
  useEffect(() => {
    if (notice === shownNotice.current) return;
    shownNotice.current = notice;
    if (notice?.kind !== 'success') return;
    onChanged();
    if (!pool.matches('deleted')) sendRead({ type: 'reload' });
  }, [notice, pool, onChanged, sendRead]);

  if (read.matches('failed') && !detail)
    return (
      <Flex direction="column" gap="2" align="start">
        <Callout.Root color="red" role="alert">
          <Callout.Text>{read.context.error}</Callout.Text>
        </Callout.Root>
        <Button onClick={() => sendRead({ type: 'retry' })}>重试</Button>
      </Flex>
    );
  if (!detail) return <Text color="gray">加载中…</Text>;
  if (pool.matches('deleted'))
    return (
      <Callout.Root color="green" role="status" data-testid="customer-deleted">
        <Callout.Text>{customerPoolMessages.deleted}</Callout.Text>
      </Callout.Root>
    );

  const buttons = detail.buttons;
  const isPrivateState = pool.matches('private') || pool.matches('assigned');
  const isSettled = isPrivateState || pool.matches('public') || pool.matches('dealt');
  const confirmations: Record<string, string> = {
    confirmingPublic: customerPoolMessages.toPublicConfirm,
    confirmingDeal: customerPoolMessages.dealConfirm,
    confirmingCancelDeal: customerPoolMessages.cancelDealConfirm,
    confirmingDelete: customerPoolMessages.deleteConfirm,
  };
  const confirming = Object.keys(confirmations).find((key) => pool.matches(key as never));
  const isPublic = detail.customerAttribution === 2;

  return (
    <Flex direction="column" gap="3" data-testid="customer-detail">
      <Flex justify="between" align="start">
        <Box>
          <Heading size="5">
            {detail.name}
            {detail.gender ? (detail.gender === 1 ? ' 先生' : ' 女士') : ''}
          </Heading>
          <Flex gap="2" mt="1" align="center" wrap="wrap">
            <Text size="2" color="gray">
              {detail.customerNo}
            </Text>
            <Badge color="blue">{kindName(detail.customerType)}</Badge>
            <Badge color={isPublic ? 'gray' : 'orange'} data-testid="customer-pool">
              {isPublic ? '公客' : '私客'}
            </Badge>
            <Badge color={detail.state === 1 ? 'green' : 'gray'}>{detail.stateName}</Badge>
            {detail.dealStatus === 1 && (
              <Badge color="red" data-testid="customer-deal">
                已成交
              </Badge>
            )}
            {detail.level && <Badge color="amber">{levelNames[detail.level]}</Badge>}
            {(detail.tags ?? []).map((tag) => (
              <Badge key={tag.categoryId} variant="outline">
                {tag.name}
              </Badge>
            ))}
          </Flex>
        </Box>
      </Flex>
      {notice && (
        <Callout.Root color={notice.kind === 'error' ? 'red' : 'green'} role="status" size="1">
          <Callout.Text>{notice.text}</Callout.Text>
        </Callout.Root>
      )}
      <Flex gap="2" wrap="wrap">
        <Button size="2" onClick={() => setIsWriting(true)}>
          写跟进
        </Button>
        {buttons?.edit === 1 && can(CustomerAuth.edit) && (
          <Button size="2" variant="soft" onClick={() => setIsEditing(true)}>
            编辑
          </Button>
        )}
        {buttons?.changeState === 1 && can(CustomerAuth.edit) && (
          <Button size="2" variant="soft" onClick={() => setIsChangingState(true)}>
            修改状态
          </Button>
        )}
        {isPrivateState && buttons?.toPublic === 1 && (
          <Button size="2" variant="soft" onClick={() => sendPool({ type: 'toPublic' })}>
            转公客
          </Button>
        )}
        {pool.matches('public') && buttons?.toPrivate === 1 && can(CustomerAuth.pools) && (
          <Button size="2" variant="soft" onClick={() => sendPool({ type: 'toPrivate' })}>
            拣入私客
          </Button>
        )}
        {isPrivateState && buttons?.deal === 1 && can(CustomerAuth.edit) && (
          <Button size="2" variant="soft" onClick={() => sendPool({ type: 'deal' })}>
            成交
          </Button>
        )}
        {pool.matches('dealt') && buttons?.deal === 1 && can(CustomerAuth.edit) && (
          <Button size="2" variant="soft" onClick={() => sendPool({ type: 'cancelDeal' })}>
            取消成交
          </Button>
        )}
        {(isPrivateState || pool.matches('public')) && buttons?.assign === 1 && can(CustomerAuth.assign) && (
          <Button size="2" variant="soft" onClick={() => sendPool({ type: 'assign' })}>
            分配
          </Button>
        )}
        {isSettled && buttons?.delete === 1 && can(CustomerAuth.remove) && (
          <Button size="2" variant="soft" color="red" onClick={() => sendPool({ type: 'delete' })}>
            删除
          </Button>
        )}
      </Flex>
      <Grid columns="2" gap="3">
        <Card>
          <DataList.Root size="2">
            <DataList.Item>
              <DataList.Label>电话</DataList.Label>
              <DataList.Value>
                <CustomerPhones detail={detail} onFollowUp={() => setIsWriting(true)} />
              </DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>微信</DataList.Label>
              <DataList.Value>{detail.wechat ?? '—'}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>客户来源</DataList.Label>
              <DataList.Value>{detail.source ?? '—'}</DataList.Value>
            </DataList.Item>
          </DataList.Root>
        </Card>
        <Card>
          <DataList.Root size="2">
            <DataList.Item>
              <DataList.Label>维护人</DataList.Label>
              <DataList.Value data-testid="customer-holder">
                {detail.attributor
                  ? `${detail.attributor.name}（${detail.attributor.deptName ?? '—'}）`
                  : '公客池'}
              </DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>录入</DataList.Label>
              <DataList.Value>
                {detail.entryUserName ?? '—'} {detail.entryTime}
              </DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>最近跟进</DataList.Label>
              <DataList.Value>
                {detail.followUpTime ?? '—'}（带看 {detail.visitCount ?? 0} 次）
              </DataList.Value>
            </DataList.Item>
            {detail.publicTime && (
              <DataList.Item>
                <DataList.Label>预计转公客</DataList.Label>
                <DataList.Value>{detail.publicTime}</DataList.Value>
              </DataList.Item>
            )}
          </DataList.Root>
        </Card>
      </Grid>
      <Tabs.Root value={tab} onValueChange={setTab}>
        <Tabs.List>
          <Tabs.Trigger value="requirement">客户需求</Tabs.Trigger>
          <Tabs.Trigger value="followUps">跟进</Tabs.Trigger>
          <Tabs.Trigger value="matches">匹配房源</Tabs.Trigger>
          {permissions.can(SignAuth.appType, SignAuth.itemId, SignAuth.view) && (
            <Tabs.Trigger value="contracts">签约合同</Tabs.Trigger>
          )}
          <Tabs.Trigger value="records">变更记录</Tabs.Trigger>
        </Tabs.List>
        <Box pt="3">
          <Tabs.Content value="requirement">
            <Requirement detail={detail} />
          </Tabs.Content>
          <Tabs.Content value="followUps">
            <FollowUps
              customerId={customerId}
              customerType={detail.customerType}
              version={detail}
              onDeleted={() => {
                onChanged();
                sendRead({ type: 'reload' });
              }}
            />
          </Tabs.Content>
          <Tabs.Content value="matches">
            <MatchedHouses customerId={customerId} version={detail} />
          </Tabs.Content>
          <Tabs.Content value="contracts">
            <DealContracts owner={{ customerId }} />
          </Tabs.Content>
          <Tabs.Content value="records">
            <Records customerId={customerId} version={detail} />
          </Tabs.Content>
        </Box>
      </Tabs.Root>
      {pool.matches('pickingBack') && (
        <CustomerPickBack
          customerId={customerId}
          customerType={detail.customerType}
          onDone={(isPicked) => sendPool({ type: 'pickBack.done', isPicked })}
        />
      )}
      {pool.matches('choosingAssignee') && (
        <AssignDialog
          onCancel={() => sendPool({ type: 'cancel' })}
          onChoose={(person) =>
            sendPool({ type: 'assign.choose', assignee: { userId: person.userId, name: person.name } })
          }
        />
      )}
      {isWriting && (
        <FollowUpDialog
          customerId={customerId}
          onClose={(saved) => {
            setIsWriting(false);
            if (!saved) return;
            setTab('followUps');
            onChanged();
            sendRead({ type: 'reload' });
          }}
        />
      )}
      {isEditing && (
        <CustomerForm
          initial={detail}
          onClose={(saved) => {
            setIsEditing(false);
            if (!saved) return;
            onChanged();
            sendRead({ type: 'reload' });
          }}
        />
      )}
      {isChangingState && (
        <StateDialog
          detail={detail}
          onClose={(changed) => {
            setIsChangingState(false);
            if (!changed) return;
            onChanged();
            sendRead({ type: 'reload' });
          }}
        />
      )}
      <ConfirmDialog
        open={confirming !== undefined}
        title="请确认"
        message={confirming ? confirmations[confirming]! : ''}
        isDanger={confirming === 'confirmingDelete'}
        onConfirm={() => sendPool({ type: 'confirm' })}
        onCancel={() => sendPool({ type: 'cancel' })}
      />
    </Flex>
  );
}
