/**
 * /views/contract/index (合同): the sale and rent contract ledger (contractSalePosts,
 * contractRentPosts) with the seed's search — keyword by 小区名称 / 合同编号 / 电话 / 业主/客户姓名,
 * signatory, entry time, state, tags, sort 1 签约时间降序 / 2 升序, 15 per page — and each contract's
 * detail (the sale or rent contract machine). Page parameters contractType (1 sale, 2 rent) and
 * contractId open a contract at once.
 */
import { useEffect, useState } from 'react';
import { useMachine } from '@xstate/react';
import {
  Badge,
  Box,
  Button,
  Card,
  Dialog,
  Flex,
  Heading,
  Select,
  Table,
  Tabs,
  Text,
  TextField,
} from '@radix-ui/themes';
import { resourceMachine } from '../../../machines/resource.machine';
import { inspect } from '../../inspector/inspection-store';
import { Pager } from '../../ui/pager';
import type { PageProps } from '../../core/workspace';
import {
  loadContracts,
  loadSponsors,
  oaPageSize,
  type ContractKind,
  type Page,
  type RentItem,
  type RentSearch,
  type SaleItem,
  type SaleSearch,
  type Staff,
} from './oa-actors';
import { ContractDetail } from './contract-detail';
import {
  formatWan,
  formatYuan,
  rentStateColors,
  rentStateNames,
  saleStateColors,
  saleStateNames,
  searchKinds,
} from './oa-format';

type Search = {
  kind: string;
  key: string;
  userId: string;
  entryStart: string;
  entryEnd: string;
  state: string;
  tagId: string;
  sort: string;
};
const emptySearch: Search = {
  kind: '1',
  key: '',
  userId: 'all',
  entryStart: '',
  entryEnd: '',
  state: 'all',
  tagId: 'all',
  sort: '1',
};

function toBody(search: Search, pageindex: number): SaleSearch {
  const body: SaleSearch = { sort: Number(search.sort) as 1 | 2, pageindex };
  if (search.key.trim())
    body.searchKey = { type: Number(search.kind) as 1 | 2 | 3 | 4, key: search.key.trim() };
  if (search.userId !== 'all') body.signatorySearch = { userId: Number(search.userId) };
  if (search.entryStart || search.entryEnd)
    body.entryTime = {
      ...(search.entryStart ? { start: search.entryStart } : {}),
      ...(search.entryEnd ? { end: search.entryEnd } : {}),
    };
  if (search.state !== 'all') body.state = Number(search.state) as SaleSearch['state'];
  if (search.tagId !== 'all') body.tags = [Number(search.tagId)];
  return body;
}

const staffMachine = resourceMachine.provide({ actors: { load: loadSponsors } });

type Row = SaleItem | RentItem;

function ContractRows({
  kind,
  body,
  onOpen,
  onPage,
  onTags,
}: {
  kind: ContractKind;
  body: SaleSearch | RentSearch;
  onOpen: (contractId: number) => void;
  onPage: (page: number) => void;
  onTags: (tags: Row['tags']) => void;
}) {
  const [machine] = useState(() => resourceMachine.provide({ actors: { load: loadContracts(kind, body) } }));
  const [state, send] = useMachine(machine, { inspect });
  const data = state.context.data as Page<Row> | null;
  useEffect(() => {
    if (data) onTags(data.list.flatMap((row) => row.tags));
    // Once per loaded page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);
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
  const names = kind === 'sale' ? saleStateNames : rentStateNames;
  const colors: Record<number, string> = kind === 'sale' ? saleStateColors : rentStateColors;
  return (
    <>
      <Table.Root variant="surface" data-testid="contract-list">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>合同编号</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>房屋</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{kind === 'sale' ? '业主' : '出租方'}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{kind === 'sale' ? '客户' : '承租方'}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{kind === 'sale' ? '成交价' : '月租金'}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>签约日期</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>签约人</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>标签</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>状态</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {data.list.length === 0 && (
            <Table.Row>
              <Table.Cell colSpan={10}>
                <Text color="gray" as="p" align="center" my="5">
                  暂无合同
                </Text>
              </Table.Cell>
            </Table.Row>
          )}
          {data.list.map((row) => (
            <Table.Row key={row.contractId} data-testid="contract-row" align="center">
              <Table.RowHeaderCell>
                <Text weight="medium">{row.contractNo}</Text>
              </Table.RowHeaderCell>
              <Table.Cell>
                {row.houseInfo.houseName}
                <Text as="div" size="1" color="gray">
                  {row.houseInfo.district.name} {row.houseInfo.houseBuilding}栋{row.houseInfo.houseRoomNo}
                </Text>
              </Table.Cell>
              <Table.Cell>
                {row.partyAName}
                {row.partyAPhone && (
                  <Text as="div" size="1" color="gray">
                    {row.partyAPhone}
                  </Text>
                )}
              </Table.Cell>
              <Table.Cell>
                {row.partyBName}
                {row.partyBPhone && (
                  <Text as="div" size="1" color="gray">
                    {row.partyBPhone}
                  </Text>
                )}
              </Table.Cell>
              <Table.Cell>
                {'transactionPrice' in row
                  ? formatWan(row.transactionPrice)
                  : `${formatYuan(row.monthlyRent)} 元/月`}
              </Table.Cell>
              <Table.Cell>{row.signDate}</Table.Cell>
              <Table.Cell>
                {row.userName}
                <Text as="div" size="1" color="gray">
                  {row.deptName}
                </Text>
              </Table.Cell>
              <Table.Cell>
                <Flex gap="1" wrap="wrap">
                  {row.tags.map((tag) => (
                    <Badge key={tag.tagId} variant="soft" color="gray">
                      {tag.tagName}
                    </Badge>
                  ))}
                </Flex>
              </Table.Cell>
              <Table.Cell>
                <Badge color={(colors[row.state] ?? 'gray') as 'gray'}>{names[row.state]}</Badge>
              </Table.Cell>
              <Table.Cell>
                <Button size="1" variant="soft" onClick={() => onOpen(row.contractId)}>
                  详情
                </Button>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      <Flex justify="between" align="center" mt="2">
        <Text size="1" color="gray">
          共 {data.total} 份合同
        </Text>
        <Pager page={body.pageindex ?? 1} pageSize={oaPageSize} total={data.total} onPage={onPage} />
      </Flex>
    </>
  );
}

export default function ContractLedgerPage({ params }: PageProps) {
  const initialKind: ContractKind = params['contractType'] === '2' ? 'rent' : 'sale';
  const initialId = Number(params['contractId']);
  const [kind, setKind] = useState<ContractKind>(initialKind);
  const [draft, setDraft] = useState<Search>(emptySearch);
  const [search, setSearch] = useState<Search>(emptySearch);
  const [page, setPage] = useState(1);
  const [reloads, setReloads] = useState(0);
  const [openId, setOpenId] = useState<number | null>(
    Number.isInteger(initialId) && initialId > 0 ? initialId : null,
  );
  const [changed, setChanged] = useState(false);
  const [tags, setTags] = useState<Map<number, string>>(new Map());
  const [staffState] = useMachine(staffMachine, { inspect });
  const staff = (staffState.context.data as Staff[] | null) ?? [];
  const body = toBody(search, page);
  const stateNames = kind === 'sale' ? saleStateNames : rentStateNames;

  const closeDetail = () => {
    setOpenId(null);
    if (changed) setReloads((n) => n + 1);
    setChanged(false);
  };

  return (
    <Flex direction="column" gap="4" p="5" data-testid="contract-page">
      <Box>
        <Heading size="6">合同</Heading>
        <Text size="2" color="gray">
          买卖与租赁合同台账：查询、状态办理与审批
        </Text>
      </Box>
      <Card size="2">
        <Tabs.Root
          value={kind}
          onValueChange={(value) => {
            setKind(value as ContractKind);
            setDraft(emptySearch);
            setSearch(emptySearch);
            setPage(1);
          }}
        >
          <Tabs.List>
            <Tabs.Trigger value="sale">买卖合同</Tabs.Trigger>
            <Tabs.Trigger value="rent">租赁合同</Tabs.Trigger>
          </Tabs.List>
        </Tabs.Root>
        <Flex gap="3" wrap="wrap" align="center" mt="4" data-testid="contract-search">
          <Flex gap="0">
            <Select.Root value={draft.kind} onValueChange={(value) => setDraft({ ...draft, kind: value })}>
              <Select.Trigger aria-label="搜索类型" />
              <Select.Content>
                {searchKinds.map((item) => (
                  <Select.Item key={item.value} value={String(item.value)}>
                    {item.label}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
            <TextField.Root
              aria-label="关键字"
              placeholder="请输入关键字"
              value={draft.key}
              maxLength={50}
              onChange={(e) => setDraft({ ...draft, key: e.target.value })}
              style={{ width: 200 }}
            />
          </Flex>
          <Select.Root value={draft.userId} onValueChange={(value) => setDraft({ ...draft, userId: value })}>
            <Select.Trigger aria-label="签约人" />
            <Select.Content>
              <Select.Item value="all">全部签约人</Select.Item>
              {staff.map((person) => (
                <Select.Item key={person.userId} value={String(person.userId)}>
                  {person.name}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
          <Select.Root value={draft.state} onValueChange={(value) => setDraft({ ...draft, state: value })}>
            <Select.Trigger aria-label="合同状态" />
            <Select.Content>
              <Select.Item value="all">全部状态</Select.Item>
              {Object.entries(stateNames).map(([value, label]) => (
                <Select.Item key={value} value={value}>
                  {label}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
          <Select.Root value={draft.tagId} onValueChange={(value) => setDraft({ ...draft, tagId: value })}>
            <Select.Trigger aria-label="标签" />
            <Select.Content>
              <Select.Item value="all">全部标签</Select.Item>
              {[...tags].map(([tagId, tagName]) => (
                <Select.Item key={tagId} value={String(tagId)}>
                  {tagName}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
          <Flex gap="1" align="center">
            <Text size="2" color="gray">
              录入时间
            </Text>
            <TextField.Root
              type="date"
              aria-label="录入开始日期"
              value={draft.entryStart}
              onChange={(e) => setDraft({ ...draft, entryStart: e.target.value })}
            />
            <Text size="2" color="gray">
              至
            </Text>
            <TextField.Root
              type="date"
              aria-label="录入结束日期"
              value={draft.entryEnd}
              onChange={(e) => setDraft({ ...draft, entryEnd: e.target.value })}
            />
          </Flex>
          <Select.Root value={draft.sort} onValueChange={(value) => setDraft({ ...draft, sort: value })}>
            <Select.Trigger aria-label="排序" />
            <Select.Content>
              <Select.Item value="1">签约时间降序</Select.Item>
              <Select.Item value="2">签约时间升序</Select.Item>
            </Select.Content>
          </Select.Root>
          <Button
            onClick={() => {
              setSearch(draft);
              setPage(1);
              setReloads((n) => n + 1);
            }}
          >
            搜索
          </Button>
          <Button
            variant="soft"
            color="gray"
            onClick={() => {
              setDraft(emptySearch);
              setSearch(emptySearch);
              setPage(1);
              setReloads((n) => n + 1);
            }}
          >
            重置
          </Button>
        </Flex>
      </Card>
      <ContractRows
        key={`${kind}#${JSON.stringify(body)}#${reloads}`}
        kind={kind}
        body={body}
        onOpen={setOpenId}
        onPage={setPage}
        onTags={(seen) =>
          setTags((known) => {
            const next = new Map(known);
            for (const tag of seen) next.set(tag.tagId, tag.tagName);
            return next.size === known.size ? known : next;
          })
        }
      />
      <Dialog.Root open={openId !== null} onOpenChange={(open) => !open && closeDetail()}>
        <Dialog.Content maxWidth="760px" aria-describedby={undefined}>
          <Dialog.Title>{kind === 'sale' ? '买卖合同详情' : '租赁合同详情'}</Dialog.Title>
          {openId !== null && (
            <ContractDetail
              key={`${kind}-${openId}`}
              kind={kind}
              contractId={openId}
              onChanged={() => setChanged(true)}
              onDeleted={() => {
                setOpenId(null);
                setChanged(false);
                setReloads((n) => n + 1);
              }}
            />
          )}
        </Dialog.Content>
      </Dialog.Root>
    </Flex>
  );
}
