/**
 * 客源簿基础设置 (/views/system/setting/fp-curstor-setting, 000 section 2, 001 section 3 "Customers"):
 * the de-duplication standard (removeDuplicates), distribution of new customers, the per-person upper
 * limit of private customers by kind, and the out-to-public rules for buy, rent and new-house
 * customers (after a deal, without a follow-up, without a visit, the take-back days, and where they
 * go). Saved whole (customerSetting) by whoever holds 基础设置; the server's refusal is shown.
 */
import { Box, Card, Flex, Heading, RadioGroup, Switch, Tabs, Text } from '@radix-ui/themes';
import { TextField } from '../../ui/text-field';
import { PageLoadFailed } from '../../ui/load-state';
import { Select } from '../../ui/select';
import type { PageProps } from '../../core/workspace';
import { usePermissions } from '../../core/permissions';
import { SettingsSaveBar, useSettingsDraft } from '../../ui/use-settings-draft';
import { fetchCustomerSetting, saveCustomerSetting, type CustomerSetting } from './customer-actors';

type OutRule = CustomerSetting['sellOutRule'];
type RuleKey = 'sellOutRule' | 'rentOutRule' | 'newOutRule';

/** 基础设置 (app type 88, authId 8807): who may save the company's basic settings. */
const settingsAuth = { appType: 88, itemId: 0, authId: 8807 } as const;

function DaysField({
  label,
  value,
  onChange,
  max = 365,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  max?: number;
}) {
  return (
    <TextField.Root
      aria-label={label}
      value={String(value)}
      style={{ width: 64 }}
      onChange={(e) => onChange(Math.min(max, Number(e.target.value.replace(/\D/g, '') || 0)))}
    />
  );
}

function RuleSettings({ rule, onChange }: { rule: OutRule; onChange: (rule: OutRule) => void }) {
  const set = (patch: Partial<OutRule>) => onChange({ ...rule, ...patch });
  const line = (label: string, field: 'deal' | 'follow' | 'followVisit', before: string, after: string) => (
    <Flex gap="2" align="center">
      <Switch
        aria-label={label}
        checked={rule[field] > 0}
        onCheckedChange={(on) => set({ [field]: on ? Math.max(rule[field], 1) : 0 })}
      />
      <Text size="2">{before}</Text>
      <DaysField label={`${label}天数`} value={rule[field]} onChange={(value) => set({ [field]: value })} />
      <Text size="2">{after}</Text>
    </Flex>
  );
  const isOn = rule.deal > 0 || rule.follow > 0 || rule.followVisit > 0;
  return (
    <Flex direction="column" gap="3">
      {line('成交后转公', 'deal', '成交后', '天转出')}
      {line('未跟进转公', 'follow', '私客', '天未跟进转出')}
      {line('未带看转公', 'followVisit', '私客', '天未带看转出')}
      <Flex gap="2" align="center">
        <Text size="2">转出方式</Text>
        <Select.Root
          value={String(rule.outType)}
          onValueChange={(value) => set({ outType: Number(value) as 1 })}
        >
          <Select.Trigger aria-label="转出方式" />
          <Select.Content>
            <Select.Item value="1">转为公客</Select.Item>
            <Select.Item value="2">转给所在门店店长</Select.Item>
          </Select.Content>
        </Select.Root>
      </Flex>
      <Flex gap="2" align="center">
        <Text size="2" color={isOn ? undefined : 'gray'}>
          转出后原维护人
        </Text>
        <DaysField label="禁止拣回天数" value={rule.takeBack} onChange={(takeBack) => set({ takeBack })} />
        <Text size="2" color={isOn ? undefined : 'gray'}>
          天内不能拣回（0 为不限制）
        </Text>
      </Flex>
      <Text size="1" color="gray">
        天数从事件发生或客户成为私客时起算，取较晚者；系统每 10 分钟检查一次。
      </Text>
    </Flex>
  );
}

export default function CustomerSettingPage(_props: PageProps) {
  const permissions = usePermissions();
  const maySave = permissions.can(settingsAuth.appType, settingsAuth.itemId, settingsAuth.authId);
  const draft = useSettingsDraft({
    load: fetchCustomerSetting,
    save: saveCustomerSetting,
    savedText: '客源设置已保存',
  });
  const { setting, set } = draft;
  if (draft.isFailed) return <PageLoadFailed error={draft.error} onRetry={draft.retry} />;
  if (!setting) return <Text m="5">加载中...</Text>;
  const limit = setting.upperLimit;

  return (
    <Box p="5" data-testid="customer-setting-page">
      <Card size="3" style={{ maxWidth: 860 }}>
        <Heading size="5" mb="4">
          客源簿基础设置
        </Heading>
        <Flex direction="column" gap="5">
          <Flex direction="column" gap="2">
            <Text weight="medium">客户判重标准</Text>
            <RadioGroup.Root
              value={String(setting.removeDuplicates)}
              onValueChange={(value) => set({ removeDuplicates: Number(value) as 0 })}
              aria-label="客户判重标准"
            >
              <Flex gap="4">
                <RadioGroup.Item value="1">按手机号判重（全公司）</RadioGroup.Item>
                <RadioGroup.Item value="2">按手机号与客户类型判重</RadioGroup.Item>
                <RadioGroup.Item value="0">不判重</RadioGroup.Item>
              </Flex>
            </RadioGroup.Root>
            <Text size="1" color="gray">
              录入或修改客户时，电话与已有客户重复会被拒绝，并提示已有客户及其维护人。
            </Text>
          </Flex>
          <Flex direction="column" gap="2">
            <Text weight="medium">客户电话保护</Text>
            <Flex gap="2" align="center">
              <Switch
                aria-label="客户电话查看需写跟进"
                checked={(setting.phoneProtection ?? 1) === 1}
                onCheckedChange={(on) => set({ phoneProtection: on ? 1 : 0 })}
              />
              <Text size="2">客户电话查看需写跟进</Text>
            </Flex>
            <Text size="1" color="gray">
              开启后，客户电话对维护人以外的人显示为掩码，须逐次点击 查看电话：每次查看计入角色的
              每日查看客户电话上限（在 角色与权限设置
              中设置）并记入客户的变更记录，查看后须先写跟进才能再次查看。
            </Text>
          </Flex>
          <Flex direction="column" gap="2">
            <Text weight="medium">客户分配</Text>
            <Flex gap="2" align="center">
              <Switch
                aria-label="自动分配公客"
                checked={setting.distribution.selected === 1}
                onCheckedChange={(on) =>
                  set({ distribution: { ...setting.distribution, selected: on ? 1 : 0 } })
                }
              />
              <Text size="2">新录入或转出的公客自动分配，分配方式</Text>
              <Select.Root
                value={String(setting.distribution.type)}
                onValueChange={(value) =>
                  set({ distribution: { ...setting.distribution, type: Number(value) as 1 } })
                }
              >
                <Select.Trigger aria-label="分配方式" />
                <Select.Content>
                  <Select.Item value="1">部门内轮流分配</Select.Item>
                  <Select.Item value="2">分配给所在门店店长</Select.Item>
                </Select.Content>
              </Select.Root>
            </Flex>
          </Flex>
          <Flex direction="column" gap="2">
            <Flex gap="2" align="center">
              <Switch
                aria-label="私客上限"
                checked={limit.selected === 1}
                onCheckedChange={(on) => set({ upperLimit: { ...limit, selected: on ? 1 : 0 } })}
              />
              <Text weight="medium">每人私客上限</Text>
            </Flex>
            <Flex gap="4" align="center" wrap="wrap">
              {(
                [
                  ['sell', '求购'],
                  ['rent', '求租'],
                  ['new', '新房'],
                ] as const
              ).map(([kind, name]) => (
                <Flex key={kind} gap="1" align="center">
                  <Text size="2">{name}私客</Text>
                  <DaysField
                    label={`${name}私客上限`}
                    max={10000}
                    value={limit[kind]}
                    onChange={(value) => set({ upperLimit: { ...limit, [kind]: value } })}
                  />
                  <Text size="2">个</Text>
                </Flex>
              ))}
            </Flex>
            <Text size="1" color="gray">
              0 为不限；达到上限后不能再录入私客、拣入私客或被分配该类客户。
            </Text>
          </Flex>
          <Flex direction="column" gap="2">
            <Text weight="medium">私客转公规则</Text>
            <Tabs.Root defaultValue="sellOutRule">
              <Tabs.List>
                <Tabs.Trigger value="sellOutRule">求购客户</Tabs.Trigger>
                <Tabs.Trigger value="rentOutRule">求租客户</Tabs.Trigger>
                <Tabs.Trigger value="newOutRule">新房客户</Tabs.Trigger>
              </Tabs.List>
              <Box pt="3">
                {(['sellOutRule', 'rentOutRule', 'newOutRule'] as RuleKey[]).map((key) => (
                  <Tabs.Content key={key} value={key}>
                    <RuleSettings rule={setting[key]} onChange={(rule) => set({ [key]: rule })} />
                  </Tabs.Content>
                ))}
              </Box>
            </Tabs.Root>
          </Flex>
          <SettingsSaveBar draft={draft} maySave={maySave} />
        </Flex>
      </Card>
    </Box>
  );
}
