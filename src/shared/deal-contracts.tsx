/**
 * The contracts of a listing or a customer (issue 41) — online sign contracts and the ledger's, one
 * list — with their states, on the listing's and the customer's details; a row opens the contract in
 * its own place (the sign detail or the ledger). One component for both details; and the listing's
 * 发起签约 and 录入合同, each warned of a running contract on the listing first (发起签约 by the sign
 * form's machine, machines/sign-contract.machine.ts, 录入合同 here).
 */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { AlertDialog, Badge, Button, Flex, Table, Text } from '@radix-ui/themes';
import { fromPromise } from 'xstate';
import { api, ok } from '../api/client';
import type { components } from '../../openapi/generated/api';
import { resourceMachine } from '../../machines/resource.machine';
import { inspect } from '../inspector/inspection-store';
import { useWorkspace } from '../core/workspace';
import { signPages } from './sign-pages';
import { ledgerPages } from './ledger-pages';
import { runningContractWarning } from '../../domain/sign-deal';

export type DealContract = components['schemas']['SignDealContract'];
export type DealOwner = { houseId: number } | { customerId: number };

/** The contracts of a listing (houseContracts) or a customer (customerContracts), newest first. */
export async function fetchDealContracts(owner: DealOwner): Promise<DealContract[]> {
  const result =
    'houseId' in owner
      ? await ok(api.GET('/sign/houseContracts', { params: { query: { houseId: owner.houseId } } }))
      : await ok(api.GET('/sign/customerContracts', { params: { query: { customerId: owner.customerId } } }));
  return result.data ?? [];
}

const signStateColors: Record<number, 'gray' | 'green' | 'red' | 'amber' | 'blue'> = {
  1: 'gray',
  2: 'amber',
  3: 'red',
  4: 'gray',
  6: 'green',
  7: 'blue',
  8: 'green',
};

const stateColor = (row: DealContract) =>
  row.source === 1 ? (signStateColors[row.state] ?? 'gray') : row.running === 1 ? 'blue' : 'gray';

/** Where a contract of the list opens: the sign detail, or the ledger with the contract open. */
const contractPage = (row: DealContract) =>
  row.source === 1
    ? signPages.detail(row.contractId, row.boxName)
    : ledgerPages.detail(row.contractType === 2 ? 2 : 1, row.contractId);

export function DealContracts({ owner }: { owner: DealOwner }) {
  const [machine] = useState(() =>
    resourceMachine.provide({ actors: { load: fromPromise<unknown>(() => fetchDealContracts(owner)) } }),
  );
  const [snapshot, send] = useMachine(machine, { inspect });
  const { openPage } = useWorkspace();
  const rows = (snapshot.context.data as DealContract[] | null) ?? [];
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
  if (rows.length === 0) return <Text color="gray">暂无合同</Text>;
  return (
    <Table.Root size="1" data-testid="deal-contracts">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>合同编号</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>合同</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>甲方</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>乙方</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>状态</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>创建时间</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell />
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((row) => (
          <Table.Row key={`${row.source}-${row.contractId}`} data-testid="deal-contract-row">
            <Table.Cell>{row.contractNo}</Table.Cell>
            <Table.Cell>{row.boxName}</Table.Cell>
            <Table.Cell>{row.partyANames || '—'}</Table.Cell>
            <Table.Cell>{row.partyBNames || '—'}</Table.Cell>
            <Table.Cell>
              <Badge color={stateColor(row)}>{row.stateName}</Badge>
            </Table.Cell>
            <Table.Cell>{row.createTime}</Table.Cell>
            <Table.Cell>
              <Button size="1" variant="ghost" onClick={() => openPage(contractPage(row))}>
                查看合同
              </Button>
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

/**
 * 发起签约 (the sign form of the listing's kind: 出售 → 买卖, 出租 → 租赁) and 录入合同 (the ledger's 新增
 * of that kind) on a listing's detail, each prefilled from the listing; when the listing already has
 * a running contract of either kind, a warning names it first — for 录入合同 here, for 发起签约 on the
 * sign form (its machine reads the listing's contracts with the prefill). Each button shows only
 * with its permission.
 */
export function StartContractFromHouse({
  houseId,
  houseType,
  canSign,
  canRecord,
}: {
  houseId: number;
  houseType: 1 | 2;
  canSign: boolean;
  canRecord: boolean;
}) {
  const [machine] = useState(() =>
    resourceMachine.provide({
      actors: { load: fromPromise<unknown>(() => fetchDealContracts({ houseId })) },
    }),
  );
  const [snapshot, send] = useMachine(machine, { inspect });
  const { openPage } = useWorkspace();
  const [pending, setPending] = useState<{ title: string; warning: string; start: () => void } | null>(null);
  const sign = () =>
    openPage(signPages.operation({ houseType: String(houseType), houseId: String(houseId) }));
  const record = () => openPage(ledgerPages.addFromHouse(houseId, houseType));
  const onStart = (title: string, start: () => void) => {
    if (snapshot.matches('failed')) {
      send({ type: 'retry' });
      return;
    }
    const contracts = snapshot.context.data as DealContract[] | null;
    const warning = contracts ? runningContractWarning(contracts) : null;
    if (warning) setPending({ title, warning, start });
    else start();
  };
  return (
    <>
      {canSign && (
        <Button variant="soft" color="green" disabled={snapshot.matches('loading')} onClick={sign}>
          发起签约
        </Button>
      )}
      {canRecord && (
        <Button
          variant="soft"
          disabled={snapshot.matches('loading')}
          onClick={() => onStart('录入合同', record)}
        >
          录入合同
        </Button>
      )}
      <AlertDialog.Root open={pending !== null} onOpenChange={(open) => !open && setPending(null)}>
        <AlertDialog.Content maxWidth="460px">
          <AlertDialog.Title>{pending?.title}</AlertDialog.Title>
          <AlertDialog.Description size="2">{pending?.warning}</AlertDialog.Description>
          <Flex gap="3" mt="4" justify="end">
            <AlertDialog.Cancel>
              <Button variant="soft" color="gray">
                取消
              </Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action>
              <Button onClick={() => pending?.start()}>继续发起</Button>
            </AlertDialog.Action>
          </Flex>
        </AlertDialog.Content>
      </AlertDialog.Root>
    </>
  );
}
