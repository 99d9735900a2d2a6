/**
 * 合同基础设置 (/views/system/setting/fp-contract-setting; the seed names the page only): the
 * company's contract number rules for sale and rent contracts (prefix, signing date, sequence; the
 * ledger's 新增 numbers by them), the default commission and its split between 甲方 and 乙方, the
 * attachments a contract needs before it is 已办理 or 完成, and the ledger's state names. Saved
 * whole (contractSetting) by whoever holds 基础设置; the same check as the server's runs first.
 */
import { useState } from 'react';
import { Badge, Box, Button, Card, Flex, Grid, Heading, IconButton, Text } from '@radix-ui/themes';
import { TextField } from '../../ui/text-field';
import { PageLoadFailed } from '../../ui/load-state';
import { Select } from '../../ui/select';
import type { PageProps } from '../../core/workspace';
import { usePermissions } from '../../core/permissions';
import { SettingsSaveBar, useSettingsDraft } from '../../ui/use-settings-draft';
import {
  checkContractSetting,
  defaultRentStateNames,
  defaultSaleStateNames,
  formatContractNo,
} from '../../../domain/contract-settings';
import {
  fetchContractSetting,
  saveContractSetting,
  type ContractNumberRule,
  type ContractSetting,
} from './contract-setting-actors';

/** 基础设置 (app type 88, authId 8807): who may save the company's basic settings. */
const settingsAuth = { appType: 88, itemId: 0, authId: 8807 } as const;

const dateFormats = [
  ['1', '年月日（如 20260131）'],
  ['2', '年月（如 202601）'],
  ['0', '不含日期'],
] as const;

/** The example number is shown for today's signing date in the browser's local time. */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function NumberRuleFields({
  title,
  rule,
  onChange,
}: {
  title: string;
  rule: ContractNumberRule;
  onChange: (rule: ContractNumberRule) => void;
}) {
  const set = (patch: Partial<ContractNumberRule>) => onChange({ ...rule, ...patch });
  return (
    <Flex direction="column" gap="2">
      <Text size="2" weight="medium">
        {title}
      </Text>
      <Flex gap="3" align="center" wrap="wrap">
        <TextField.Root
          aria-label={`${title}前缀`}
          placeholder="前缀"
          maxLength={8}
          value={rule.prefix}
          style={{ width: 96 }}
          onChange={(e) => set({ prefix: e.target.value.replace(/[^A-Za-z0-9]/g, '').toUpperCase() })}
        />
        <Text size="2">+</Text>
        <Select.Root
          value={String(rule.dateFormat)}
          onValueChange={(value) => set({ dateFormat: Number(value) as 0 | 1 | 2 })}
        >
          <Select.Trigger aria-label={`${title}日期格式`} />
          <Select.Content>
            {dateFormats.map(([value, label]) => (
              <Select.Item key={value} value={value}>
                {label}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
        <Text size="2">+</Text>
        <Select.Root value={String(rule.digits)} onValueChange={(value) => set({ digits: Number(value) })}>
          <Select.Trigger aria-label={`${title}流水号位数`} />
          <Select.Content>
            {[3, 4, 5, 6].map((digits) => (
              <Select.Item key={digits} value={String(digits)}>
                {digits} 位流水号
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
        <Text size="2" color="gray" data-testid="contract-no-example">
          示例：{formatContractNo(rule, today(), 1)}
        </Text>
      </Flex>
    </Flex>
  );
}

function PercentField({
  label,
  value,
  max,
  onChange,
}: {
  label: string;
  value: number;
  max: number;
  onChange: (value: number) => void;
}) {
  const [text, setText] = useState(String(value));
  return (
    <Flex gap="2" align="center">
      <Text size="2" as="label" htmlFor={`percent-${label}`}>
        {label}
      </Text>
      <TextField.Root
        id={`percent-${label}`}
        value={Number(text) === value ? text : String(value)}
        inputMode="decimal"
        style={{ width: 80 }}
        onChange={(e) => {
          const typed = e.target.value.replace(/[^\d.]/g, '');
          setText(typed);
          const number = Math.round(Number(typed || 0) * 100) / 100;
          if (Number.isFinite(number)) onChange(Math.min(max, number));
        }}
      />
      <Text size="2">%</Text>
    </Flex>
  );
}

function AttachmentList({ names, onChange }: { names: string[]; onChange: (names: string[]) => void }) {
  const [name, setName] = useState('');
  const trimmed = name.trim();
  const canAdd = trimmed !== '' && !names.includes(trimmed) && names.length < 10;
  const add = () => {
    if (!canAdd) return;
    onChange([...names, trimmed]);
    setName('');
  };
  return (
    <Flex direction="column" gap="2">
      {names.length === 0 && <Text size="2">未设置必备附件</Text>}
      {names.length > 0 && (
        <Flex gap="2" wrap="wrap" role="list" aria-label="必备附件">
          {names.map((item) => (
            <Badge key={item} size="2" color="gray" role="listitem">
              {item}
              <IconButton
                size="1"
                variant="ghost"
                color="gray"
                aria-label={`删除必备附件${item}`}
                onClick={() => onChange(names.filter((other) => other !== item))}
              >
                ×
              </IconButton>
            </Badge>
          ))}
        </Flex>
      )}
      <Flex gap="2" align="center">
        <TextField.Root
          aria-label="附件名称"
          placeholder="请输入附件名称，如 房产证"
          maxLength={10}
          value={name}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') add();
          }}
        />
        <Button variant="soft" disabled={!canAdd} onClick={add}>
          添加
        </Button>
      </Flex>
    </Flex>
  );
}

function StateNameFields({
  title,
  defaults,
  entries,
  onChange,
}: {
  title: string;
  defaults: readonly string[];
  entries: ContractSetting['saleStateNames'];
  onChange: (entries: ContractSetting['saleStateNames']) => void;
}) {
  return (
    <Flex direction="column" gap="2">
      <Text size="2" weight="medium">
        {title}
      </Text>
      <Grid columns="4" gap="2">
        {defaults.map((name, index) => {
          const state = index + 1;
          const entry = entries.find((item) => item.state === state);
          return (
            <Flex key={state} direction="column" gap="1">
              <Text size="1" as="label" htmlFor={`${title}-${state}`}>
                {name}
              </Text>
              <TextField.Root
                id={`${title}-${state}`}
                maxLength={6}
                value={entry?.stateName ?? ''}
                onChange={(e) =>
                  onChange(
                    defaults.map((fallback, i) =>
                      i === index
                        ? { state, stateName: e.target.value }
                        : (entries.find((item) => item.state === i + 1) ?? {
                            state: i + 1,
                            stateName: fallback,
                          }),
                    ),
                  )
                }
              />
            </Flex>
          );
        })}
      </Grid>
    </Flex>
  );
}

export default function ContractSettingPage(_props: PageProps) {
  const permissions = usePermissions();
  const maySave = permissions.can(settingsAuth.appType, settingsAuth.itemId, settingsAuth.authId);
  const draft = useSettingsDraft({
    load: fetchContractSetting,
    save: saveContractSetting,
    savedText: '合同基础设置已保存',
    check: checkContractSetting,
  });
  const { setting, set } = draft;
  if (draft.isFailed) return <PageLoadFailed error={draft.error} onRetry={draft.retry} />;
  if (!setting) return <Text m="5">加载中...</Text>;
  const commission = setting.commission;

  return (
    <Box p="5" data-testid="contract-setting-page">
      <Card size="3" style={{ maxWidth: 860 }}>
        <Heading size="5" mb="4">
          合同基础设置
        </Heading>
        <Flex direction="column" gap="5">
          <Flex direction="column" gap="3">
            <Heading as="h3" size="3">
              合同编号规则
            </Heading>
            <NumberRuleFields
              title="买卖合同编号"
              rule={setting.saleNumberRule}
              onChange={(saleNumberRule) => set({ saleNumberRule })}
            />
            <NumberRuleFields
              title="租赁合同编号"
              rule={setting.rentNumberRule}
              onChange={(rentNumberRule) => set({ rentNumberRule })}
            />
            <Text size="1">
              台账 新增 合同时按此规则给出建议编号；编号留空保存时也按此规则生成，流水号逐日（或逐月）递增。
            </Text>
          </Flex>
          <Flex direction="column" gap="3">
            <Heading as="h3" size="3">
              默认佣金
            </Heading>
            <Flex gap="5" wrap="wrap">
              <PercentField
                label="买卖佣金（成交价的）"
                value={commission.saleRate}
                max={10}
                onChange={(saleRate) => set({ commission: { ...commission, saleRate } })}
              />
              <PercentField
                label="租赁佣金（月租金的）"
                value={commission.rentRate}
                max={200}
                onChange={(rentRate) => set({ commission: { ...commission, rentRate } })}
              />
            </Flex>
            <Flex gap="5" wrap="wrap" align="center">
              <PercentField
                label="甲方承担"
                value={commission.dailiFeeA}
                max={100}
                onChange={(dailiFeeA) =>
                  set({
                    commission: {
                      ...commission,
                      dailiFeeA: Math.round(dailiFeeA),
                      dailiFeeB: 100 - Math.round(dailiFeeA),
                    },
                  })
                }
              />
              <Text size="2" data-testid="commission-share-b">
                乙方承担 {commission.dailiFeeB}%
              </Text>
            </Flex>
          </Flex>
          <Flex direction="column" gap="3">
            <Heading as="h3" size="3">
              必备附件
            </Heading>
            <AttachmentList
              names={setting.requiredAttachments}
              onChange={(requiredAttachments) => set({ requiredAttachments })}
            />
            <Text size="1">
              买卖合同变更为 已办理 或 完成、租赁合同变更为 完成 前，合同图片须包含以上每一类附件。
            </Text>
            <Text size="1" color="gray" data-testid="attachments-where">
              合同图片在合同台账的合同详情 › 合同图片 中上传，上传时选择对应的附件类别。
            </Text>
          </Flex>
          <Flex direction="column" gap="3">
            <Heading as="h3" size="3">
              合同状态名称
            </Heading>
            <StateNameFields
              title="买卖合同"
              defaults={defaultSaleStateNames}
              entries={setting.saleStateNames}
              onChange={(saleStateNames) => set({ saleStateNames })}
            />
            <StateNameFields
              title="租赁合同"
              defaults={defaultRentStateNames}
              entries={setting.rentStateNames}
              onChange={(rentStateNames) => set({ rentStateNames })}
            />
            <Text size="1">只改台账中显示的名称，合同状态的流转不变。</Text>
          </Flex>
          <SettingsSaveBar draft={draft} maySave={maySave} />
        </Flex>
      </Card>
    </Box>
  );
}
