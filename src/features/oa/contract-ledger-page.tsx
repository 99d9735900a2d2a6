/**
 * /views/contract/index (合同): the sale and rent contract ledger (contractSalePosts,
 * contractRentPosts) with the seed's search — keyword by 小区名称 / 合同编号 / 电话 / 业主/客户姓名,
 * signatory, entry time, state, tags, sort 1 签约时间降序 / 2 升序, 15 per page — and each contract's
 * detail (the sale or rent contract machine). Page parameters contractType (1 sale, 2 rent) and
 * contractId open a contract at once; houseId (from a listing's 录入合同) opens 新增 prefilled from that
 * listing. 新增 records a contract of the tab's kind, shown only when the
 * add flags allow it (getContractAddOperateAuth: newAddBtn and saleContractNewAdd / rentContractNewAdd).
 */
import { useState } from 'react';
import { Badge, Box, Button, Card, Flex, Heading, Tabs, Text } from '@radix-ui/themes';
import { SearchField } from '../../ui/search-field';
import { Select } from '../../ui/select';
import type { PageProps } from '../../core/workspace';
import { DetailDialog } from '../../ui/list-page/detail-dialog';
import { DateRangeFilter, FilterBar } from '../../ui/list-page/filter-bar';
import { ListTable, type Column } from '../../ui/list-page/list-table';
import { useFilterDraft, useListPage } from '../../ui/list-page/use-list-page';
import {
  fetchContracts,
  oaPageSize,
  type ContractKind,
  type RentItem,
  type SaleItem,
  type SaleSearch,
} from './oa-actors';
import { ContractDetail } from './contract-detail';
import { ContractAddButton } from './contract-add-dialog';
import { canAddContract } from './contract-add-body';
import { usePermissions } from '../../core/permissions';
import { formatWan, formatYuan, rentStateColors, saleStateColors, searchKinds } from './oa-format';
import { FilterSelect, namedOptions } from '../../ui/list-page/filter-select';
import { StaffPick } from '../../ui/staff-pick';
import { LedgerStateNamesProvider, useLedgerStateNames, type LedgerStateNames } from './ledger-state-names';

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

type Query = { kind: ContractKind; search: Omit<SaleSearch, 'pageindex'> };

function toBody(search: Search): Omit<SaleSearch, 'pageindex'> {
  const body: Omit<SaleSearch, 'pageindex'> = { sort: Number(search.sort) as 1 | 2 };
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

const ledgerSorts = [
  { value: 1, label: '签约时间降序' },
  { value: 2, label: '签约时间升序' },
];

type Row = SaleItem | RentItem;

const loadLedger = (query: Query, page: number, pageSize: number) =>
  fetchContracts(query.kind, query.search, page, pageSize);

function ledgerColumns(
  kind: ContractKind,
  names: LedgerStateNames[ContractKind],
  onOpen: (contractId: number) => void,
): Column<Row>[] {
  const colors: Record<number, string> = kind === 'sale' ? saleStateColors : rentStateColors;
  const person = (name: string, phone: string | null | undefined) => (
    <>
      {name}
      {phone && (
        <Text as="div" size="1" color="gray">
          {phone}
        </Text>
      )}
    </>
  );
  return [
    {
      key: 'contractNo',
      header: '合同编号',
      isRowHeader: true,
      cell: (row) => <Text weight="medium">{row.contractNo}</Text>,
    },
    {
      key: 'house',
      header: '房屋',
      cell: (row) => (
        <>
          {row.houseInfo.houseName}
          <Text as="div" size="1" color="gray">
            {row.houseInfo.district.name} {row.houseInfo.houseBuilding}栋{row.houseInfo.houseRoomNo}
          </Text>
        </>
      ),
    },
    {
      key: 'partyA',
      header: kind === 'sale' ? '业主' : '出租方',
      cell: (row) => person(row.partyAName, row.partyAPhone),
    },
    {
      key: 'partyB',
      header: kind === 'sale' ? '客户' : '承租方',
      cell: (row) => person(row.partyBName, row.partyBPhone),
    },
    {
      key: 'price',
      header: kind === 'sale' ? '成交价' : '月租金',
      cell: (row) =>
        'transactionPrice' in row ? formatWan(row.transactionPrice) : `${formatYuan(row.monthlyRent)} 元/月`,
    },
    { key: 'signDate', header: '签约日期', cell: (row) => row.signDate },
    {
      key: 'user',
      header: '签约人',
      cell: (row) => (
        <>
          {row.userName}
          <Text as="div" size="1" color="gray">
            {row.deptName}
          </Text>
        </>
      ),
    },
    {
      key: 'tags',
      header: '标签',
      cell: (row) => (
        <Flex gap="1" wrap="wrap">
          {row.tags.map((tag) => (
            <Badge key={tag.tagId} variant="soft" color="gray">
              {tag.tagName}
            </Badge>
          ))}
        </Flex>
      ),
    },
    {
      key: 'state',
      header: '状态',
      cell: (row) => <Badge color={(colors[row.state] ?? 'gray') as 'gray'}>{names[row.state]}</Badge>,
    },
    {
      key: 'open',
      header: '',
      cell: (row) => (
        <Button size="1" variant="soft" onClick={() => onOpen(row.contractId)}>
          详情
        </Button>
      ),
    },
  ];
}

export default function ContractLedgerPage(props: PageProps) {
  return (
    <LedgerStateNamesProvider>
      <ContractLedger {...props} />
    </LedgerStateNamesProvider>
  );
}

function ContractLedger({ params }: PageProps) {
  const initialKind: ContractKind = params['contractType'] === '2' ? 'rent' : 'sale';
  const initialId = Number(params['contractId']);
  const fromHouse = Number(params['houseId']);
  const [kind, setKind] = useState<ContractKind>(initialKind);
  const { contractAdd } = usePermissions();
  const canAdd = canAddContract(kind, contractAdd);
  const { draft, set, reset } = useFilterDraft(emptySearch);
  const list = useListPage({
    load: loadLedger,
    query: { kind: initialKind, search: toBody(emptySearch) },
    pageSize: oaPageSize,
  });
  const [openId, setOpenId] = useState<number | null>(
    Number.isInteger(initialId) && initialId > 0 ? initialId : null,
  );
  const [tags, setTags] = useState<Map<number, string>>(new Map());
  const allStateNames = useLedgerStateNames();
  const stateNames = allStateNames[kind];
  const [tagsOf, setTagsOf] = useState<Row[]>([]);
  if (tagsOf !== list.rows) {
    // The tag filter offers the tags seen on the pages shown so far.
    setTagsOf(list.rows);
    const next = new Map(tags);
    for (const row of list.rows) for (const tag of row.tags) next.set(tag.tagId, tag.tagName);
    if (next.size !== tags.size) setTags(next);
  }

  return (
    <Flex direction="column" gap="4" p="5" data-testid="contract-page">
      <Flex justify="between" align="center">
        <Box>
          <Heading size="6">合同</Heading>
          <Text size="2" color="gray">
            买卖与租赁合同台账：查询、状态办理与审批
          </Text>
        </Box>
        {canAdd && (
          <ContractAddButton
            kind={kind}
            fromHouseId={
              Number.isInteger(fromHouse) && fromHouse > 0 && kind === initialKind ? fromHouse : undefined
            }
            onAdded={(contractId) => {
              list.reload();
              setOpenId(contractId);
            }}
          />
        )}
      </Flex>
      <Card size="2">
        <Tabs.Root
          value={kind}
          onValueChange={(value) => {
            setKind(value as ContractKind);
            reset();
            list.setQuery({ kind: value as ContractKind, search: toBody(emptySearch) });
          }}
        >
          <Tabs.List>
            <Tabs.Trigger aria-controls="contract-list" value="sale">
              买卖合同
            </Tabs.Trigger>
            <Tabs.Trigger aria-controls="contract-list" value="rent">
              租赁合同
            </Tabs.Trigger>
          </Tabs.List>
        </Tabs.Root>
      </Card>
      <FilterBar
        testId="contract-search"
        applyText="搜索"
        onApply={() => list.setQuery({ kind, search: toBody(draft) })}
        onReset={() => list.setQuery({ kind, search: toBody(reset()) })}
      >
        <Flex gap="0">
          <Select.Root value={draft.kind} onValueChange={(value) => set({ kind: value })}>
            <Select.Trigger aria-label="搜索类型" />
            <Select.Content>
              {searchKinds.map((item) => (
                <Select.Item key={item.value} value={String(item.value)}>
                  {item.label}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
          <SearchField
            historyKey="contract"
            label="关键字"
            placeholder="请输入关键字"
            value={draft.key}
            maxLength={50}
            onChange={(key) => set({ key })}
            onSearch={(key) => list.setQuery({ kind, search: toBody({ ...draft, key }) })}
            width={200}
          />
        </Flex>
        <StaffPick
          label="签约人"
          anyLabel="全部签约人"
          userId={draft.userId === 'all' ? null : Number(draft.userId)}
          onChange={(person) => set({ userId: String(person.userId) })}
          onClear={() => set({ userId: 'all' })}
        />
        <FilterSelect
          label="合同状态"
          allLabel="全部状态"
          value={draft.state}
          options={namedOptions(stateNames)}
          onChange={(state) => set({ state })}
        />
        <FilterSelect
          label="标签"
          allLabel="全部标签"
          value={draft.tagId}
          options={[...tags].map(([value, label]) => ({ value, label }))}
          onChange={(tagId) => set({ tagId })}
        />
        <DateRangeFilter
          label="录入时间"
          start={draft.entryStart}
          end={draft.entryEnd}
          onChange={(entryStart, entryEnd) => set({ entryStart, entryEnd })}
        />
        <FilterSelect
          label="排序"
          value={draft.sort}
          options={ledgerSorts}
          onChange={(sort) => set({ sort })}
        />
      </FilterBar>
      <ListTable
        id="contract-list"
        list={list}
        columns={ledgerColumns(list.query.kind, allStateNames[list.query.kind], setOpenId)}
        rowKey={(row) => row.contractId}
        emptyText="暂无合同"
        testId="contract-list"
        rowTestId="contract-row"
        showTotal
      />
      <DetailDialog
        title={kind === 'sale' ? '买卖合同详情' : '租赁合同详情'}
        openKey={openId}
        maxWidth="760px"
        onClose={(changed) => {
          setOpenId(null);
          if (changed) list.reload();
        }}
      >
        {(contractId, onChanged) => (
          <ContractDetail
            key={`${kind}-${contractId}`}
            kind={kind}
            contractId={contractId}
            onChanged={onChanged}
            onDeleted={() => {
              setOpenId(null);
              list.reload();
            }}
          />
        )}
      </DetailDialog>
    </Flex>
  );
}
