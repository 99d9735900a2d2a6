/**
 * 从客源选择 (issue 41), for the sign form and the ledger's 新增 alike: the 乙方 picked from the user's own customers, searched by name or by the last
 * digits of a phone. A picked customer fills the name and, when the customer book shows it to this
 * user in full, the phone; the contract then names the customer (its deal is written back to it).
 */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { Button, Dialog, Flex, Table, Text } from '@radix-ui/themes';
import { fromPromise } from 'xstate';
import { TextField } from '../ui/text-field';
import { resourceMachine } from '../../machines/resource.machine';
import { inspect } from '../inspector/inspection-store';
import { api, ok } from '../api/client';
import type { components } from '../../openapi/generated/api';

export type CustomerChoice = components['schemas']['CustomerListItem'];

/**
 * The customers a 乙方 can be picked from: the user's private customers of the contract's kind
 * (求购 for a sale, 求租 for a rent), searched by name or by the last digits of a phone; the phones
 * come as the customer book shows them to this user.
 */
export function searchPartyCustomers(query: { contractType: 1 | 2 | 3; keyword: string }) {
  return fromPromise<unknown>(async (): Promise<CustomerChoice[]> => {
    const keyword = query.keyword.trim();
    const result = await ok(
      api.POST('/customer/v2/customerPosts', {
        body: {
          customerAttribution: 1,
          customerType: query.contractType === 2 ? 2 : query.contractType === 1 ? 1 : 0,
          sort: 0,
          ...(keyword ? { keyword, searchType: /^\d+$/.test(keyword) ? 1 : 3 } : {}),
          pageindex: 1,
          pagesize: 10,
        },
      }),
    );
    return result.data ?? [];
  });
}

export type PickedCustomer = { customerId: number; name: string; phone: string | null };

/** A phone the book masks (138****0000) is not the customer's number: the broker types it. */
const fullPhone = (phone: string | null | undefined) => (phone && /^\d{11}$/.test(phone) ? phone : null);

/** One search's results: a new search is a new list (keyed by its keyword and run). */
function PickerResults({
  contractType,
  keyword,
  onPick,
}: {
  contractType: 1 | 2 | 3;
  keyword: string;
  onPick: (customer: PickedCustomer) => void;
}) {
  const [machine] = useState(() =>
    resourceMachine.provide({ actors: { load: searchPartyCustomers({ contractType, keyword }) } }),
  );
  const [snapshot, send] = useMachine(machine, { inspect });
  const rows = (snapshot.context.data as CustomerChoice[] | null) ?? [];
  if (snapshot.matches('failed'))
    return (
      <Flex gap="3" align="center">
        <Text color="red">{snapshot.context.error}</Text>
        <Button size="1" variant="soft" onClick={() => send({ type: 'retry' })}>
          重试
        </Button>
      </Flex>
    );
  if (snapshot.matches('loading')) return <Text color="gray">加载中...</Text>;
  if (rows.length === 0) return <Text color="gray">没有找到客户</Text>;
  return (
    <Table.Root size="1" data-testid="party-customer-results">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>客户</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>手机号</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>状态</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell />
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((row) => (
          <Table.Row key={row.customerId} data-testid="party-customer-row">
            <Table.Cell>{row.name}</Table.Cell>
            <Table.Cell>{row.phone ?? '—'}</Table.Cell>
            <Table.Cell>
              {row.stateName}
              {row.dealStatus === 1 ? '（已成交）' : ''}
            </Table.Cell>
            <Table.Cell>
              <Dialog.Close>
                <Button
                  size="1"
                  onClick={() =>
                    onPick({ customerId: row.customerId, name: row.name, phone: fullPhone(row.phone) })
                  }
                >
                  选择
                </Button>
              </Dialog.Close>
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

function PickerBody({
  contractType,
  onPick,
}: {
  contractType: 1 | 2 | 3;
  onPick: (customer: PickedCustomer) => void;
}) {
  const [keyword, setKeyword] = useState('');
  const [search, setSearch] = useState({ keyword: '', run: 0 });
  const start = () => setSearch((last) => ({ keyword, run: last.run + 1 }));
  return (
    <Flex direction="column" gap="3">
      <Flex gap="2">
        <TextField.Root
          aria-label="客户姓名或手机号后几位"
          placeholder="客户姓名或手机号后几位"
          maxLength={50}
          value={keyword}
          style={{ flex: 1 }}
          onChange={(e) => setKeyword(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') start();
          }}
        />
        <Button onClick={start}>搜索</Button>
      </Flex>
      <PickerResults
        key={`${search.run}:${search.keyword}`}
        contractType={contractType}
        keyword={search.keyword}
        onPick={onPick}
      />
    </Flex>
  );
}

export function CustomerPicker({
  contractType,
  picked,
  onPick,
  onClear,
}: {
  contractType: 1 | 2 | 3;
  /** The name of the customer the 乙方 was picked from, if any. */
  picked: string | null;
  onPick: (customer: PickedCustomer) => void;
  onClear: () => void;
}) {
  return (
    <Flex gap="2" align="center" data-testid="party-customer-picker">
      {picked && (
        <Text size="2" color="gray">
          已关联客户：{picked}
        </Text>
      )}
      {picked && (
        <Button size="1" variant="ghost" color="gray" onClick={onClear}>
          取消关联
        </Button>
      )}
      <Dialog.Root>
        <Dialog.Trigger>
          <Button size="1" variant="soft">
            从客源选择
          </Button>
        </Dialog.Trigger>
        <Dialog.Content maxWidth="640px">
          <Dialog.Title>从客源选择乙方</Dialog.Title>
          <Dialog.Description size="2" color="gray" mb="3">
            按客户姓名或手机号后几位搜索您的私客；号码受保护时请在表单中填写。
          </Dialog.Description>
          <PickerBody contractType={contractType} onPick={onPick} />
        </Dialog.Content>
      </Dialog.Root>
    </Flex>
  );
}
