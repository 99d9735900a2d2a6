/**
 * /views/office/oa/fp-approval-operation (发起审批): approvals start from the business they
 * approve. Here: a ledger contract's state change whose approval item is enabled (sale 61-67,
 * rent 68-71) — pick the contract, choose the new state, and the change goes to approval
 * (contractSaleStateChange / contractRentStateChange answer needApproval 1). Sign approvals (45 / 47
 * / 49) start from 在线签约 after a contract is submitted; this page says so and links there.
 */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Badge, Box, Button, Callout, Card, Flex, Grid, Heading, Tabs, Text } from '@radix-ui/themes';
import { TextField } from '../../ui/text-field';
import { resourceMachine } from '../../../machines/resource.machine';
import { inspect } from '../../inspector/inspection-store';
import type { PageProps } from '../../core/workspace';
import { useWorkspace } from '../../core/workspace';
import {
  fetchContracts,
  loadSetting,
  oaPageSize,
  type ContractKind,
  type Page,
  type RentItem,
  type SaleItem,
  type SettingData,
} from './oa-actors';
import { ContractDetail } from './contract-detail';
import { LedgerStateNamesProvider, useStateNames } from './ledger-state-names';

const flowsMachine = resourceMachine.provide({ actors: { load: loadSetting } });

function EnabledFlows() {
  const [state] = useMachine(flowsMachine, { inspect });
  const data = state.context.data as SettingData | null;
  if (!data) return <Text color="gray">加载中...</Text>;
  const flows = data.groups.flatMap((g) => g.approvals).filter((a) => a.state === 1);
  if (flows.length === 0)
    return (
      <Text size="2" color="gray">
        公司还没有启用任何审批，业务变更将直接生效。可在「审批设置」中设置。
      </Text>
    );
  return (
    <Flex direction="column" gap="2" data-testid="enabled-flows">
      {flows.map((flow) => (
        <Flex key={flow.oaApprovalId} gap="2" align="center">
          <Badge color={flow.appType === 5 ? 'blue' : 'violet'} variant="soft">
            {flow.appType === 5 ? '合同' : '签约'}
          </Badge>
          <Text size="2" weight="medium">
            {flow.oaItemName}
          </Text>
          <Text size="1" color="gray">
            {flow.approverNames.join(' → ')}
          </Text>
        </Flex>
      ))}
    </Flex>
  );
}

function ContractResults({
  kind,
  keyword,
  selected,
  onSelect,
}: {
  kind: ContractKind;
  keyword: string;
  selected: number | null;
  onSelect: (contractId: number) => void;
}) {
  const [machine] = useState(() =>
    resourceMachine.provide({
      actors: {
        load: fromPromise<unknown>(async () => {
          const page = await fetchContracts(
            kind,
            keyword ? { searchKey: { type: 2 as const, key: keyword } } : {},
            1,
            oaPageSize,
          );
          return { list: page.rows, total: page.total } satisfies Page<SaleItem | RentItem>;
        }),
      },
    }),
  );
  const [state] = useMachine(machine, { inspect });
  const names = useStateNames(kind);
  const data = state.context.data as Page<SaleItem | RentItem> | null;
  if (state.matches('failed')) return <Text color="red">{state.context.error}</Text>;
  if (!data) return <Text color="gray">加载中...</Text>;
  if (data.list.length === 0) return <Text color="gray">没有找到合同</Text>;
  return (
    <Flex direction="column" gap="1" data-testid="start-contracts">
      {data.list.map((row) => (
        <Button
          key={row.contractId}
          variant={row.contractId === selected ? 'solid' : 'ghost'}
          color={row.contractId === selected ? undefined : 'gray'}
          style={{ justifyContent: 'space-between', height: 'auto', padding: '6px 10px' }}
          onClick={() => onSelect(row.contractId)}
        >
          <Box style={{ textAlign: 'left' }}>
            <Text as="div" size="2" weight="medium">
              {row.contractNo}
            </Text>
            <Text as="div" size="1">
              {row.houseInfo.houseName} {row.houseInfo.houseBuilding}栋{row.houseInfo.houseRoomNo}
            </Text>
          </Box>
          <Text size="1">{names[row.state]}</Text>
        </Button>
      ))}
    </Flex>
  );
}

export default function ApprovalStartPage(_props: PageProps) {
  return (
    <LedgerStateNamesProvider>
      <ApprovalStart />
    </LedgerStateNamesProvider>
  );
}

function ApprovalStart() {
  const workspace = useWorkspace();
  const [kind, setKind] = useState<ContractKind>('sale');
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<number | null>(null);
  const [version, setVersion] = useState(0);
  return (
    <Flex direction="column" gap="4" p="5" data-testid="approval-start-page">
      <Box>
        <Heading size="6">发起审批</Heading>
        <Text size="2" color="gray">
          选择合同并提交状态变更；该变更已启用审批时，提交后进入审批，审批通过才生效
        </Text>
      </Box>
      <Card size="2">
        <Heading size="3" mb="2">
          已启用的审批
        </Heading>
        <EnabledFlows />
      </Card>
      <Grid columns="320px 1fr" gap="4">
        <Card size="2">
          <Tabs.Root
            value={kind}
            onValueChange={(value) => {
              setKind(value as ContractKind);
              setSelected(null);
            }}
          >
            <Tabs.List>
              <Tabs.Trigger value="sale">买卖合同</Tabs.Trigger>
              <Tabs.Trigger value="rent">租赁合同</Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value={kind}>
              <Flex gap="2" my="3">
                <TextField.Root
                  aria-label="合同编号"
                  placeholder="合同编号"
                  value={draft}
                  onChange={(e) => setDraft(e.target.value)}
                  style={{ flex: 1 }}
                />
                <Button
                  variant="soft"
                  onClick={() => {
                    setKeyword(draft.trim());
                    setVersion((n) => n + 1);
                  }}
                >
                  搜索
                </Button>
              </Flex>
              <ContractResults
                key={`${kind}#${keyword}#${version}`}
                kind={kind}
                keyword={keyword}
                selected={selected}
                onSelect={setSelected}
              />
            </Tabs.Content>
          </Tabs.Root>
        </Card>
        <Card size="2">
          {selected === null ? (
            <Flex direction="column" gap="3">
              <Text color="gray">从左侧选择一份合同，办理其状态变更。</Text>
              <Callout.Root color="gray" size="1">
                <Callout.Text>
                  签约审批（买卖、租赁、其他合同签约审批）在在线签约中提交合同后发起。{' '}
                  <Button
                    size="1"
                    variant="ghost"
                    onClick={() =>
                      workspace.openPage({
                        appType: 6,
                        appId: 0,
                        name: '在线签约',
                        path: '/views/sign/index.vue',
                      })
                    }
                  >
                    前往在线签约
                  </Button>
                </Callout.Text>
              </Callout.Root>
            </Flex>
          ) : (
            <ContractDetail
              key={`${kind}-${selected}`}
              kind={kind}
              contractId={selected}
              onChanged={() => {}}
              onDeleted={() => {
                setSelected(null);
                setVersion((n) => n + 1);
              }}
            />
          )}
        </Card>
      </Grid>
    </Flex>
  );
}
