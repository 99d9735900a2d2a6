/**
 * 小区基础设置 (/views/system/setting/fp-estate-setting, 000 section 2): what the company decides
 * about its community archive — who may create archives, who may change and delete them, whether a
 * listing must pick a community of the dictionary — and how many collected market listings a person
 * may save a day. Saved whole (estateSetting); the server enforces every choice.
 */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Box, Button, Callout, Card, Flex, Heading, RadioGroup, Spinner, Text } from '@radix-ui/themes';
import { TextField } from '../../ui/text-field';
import { resourceMachine } from '../../../machines/resource.machine';
import type { PageProps } from '../../core/workspace';
import { inspect } from '../../inspector/inspection-store';
import { api, ok } from '../../api/client';
import type { components } from '../../../openapi/generated/api';
import { usePermissions } from '../../core/permissions';
import { archiveCreateNames, archiveEditNames } from '../../../domain/estate-rules';

type EstateSetting = components['schemas']['EstateSetting'];

const readSetting = async () => (await ok(api.GET('/community/getEstateSetting'))).data ?? null;

const settingMachine = resourceMachine.provide({
  actors: {
    load: fromPromise<unknown>(readSetting),
    save: fromPromise<unknown, { value: unknown }>(async ({ input }) => {
      await ok(api.POST('/community/estateSetting', { body: input.value as EstateSetting }));
      return readSetting();
    }),
  },
});

function Choice<T extends number>({
  label,
  hint,
  names,
  value,
  onChange,
}: {
  label: string;
  hint?: string;
  names: Record<T, string>;
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <Flex direction="column" gap="2" role="group" aria-label={label}>
      <Text weight="medium">{label}</Text>
      {hint && (
        <Text size="1" color="gray">
          {hint}
        </Text>
      )}
      <RadioGroup.Root value={String(value)} onValueChange={(next) => onChange(Number(next) as T)}>
        <Flex gap="4" wrap="wrap">
          {Object.entries<string>(names).map(([code, name]) => (
            <RadioGroup.Item key={code} value={code}>
              {name}
            </RadioGroup.Item>
          ))}
        </Flex>
      </RadioGroup.Root>
    </Flex>
  );
}

export default function EstateSettingPage(_props: PageProps) {
  const [snapshot, send] = useMachine(settingMachine, { inspect });
  const [draft, setDraft] = useState<EstateSetting | null>(null);
  const [limitText, setLimitText] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [hasSaved, setHasSaved] = useState(false);
  const { can, isLoaded } = usePermissions();
  const loaded = snapshot.context.data as EstateSetting | null;
  if (snapshot.matches('failed'))
    return (
      <Flex gap="2" align="center" p="5">
        <Text color="red">{snapshot.context.error}</Text>
        <Button size="1" variant="soft" onClick={() => send({ type: 'retry' })}>
          重试
        </Button>
      </Flex>
    );
  if (!loaded)
    return (
      <Flex justify="center" p="6">
        <Spinner />
      </Flex>
    );
  const setting = draft ?? loaded;
  const limit = limitText ?? (setting.collectDailyLimit ? String(setting.collectDailyLimit) : '');
  const set = (patch: Partial<EstateSetting>) => {
    setDraft({ ...setting, ...patch });
    setHasSaved(false);
  };
  const mayChange = isLoaded && can(88, 0, 8807);
  const isSaving = snapshot.matches('saving');

  const save = () => {
    const text = limit.trim();
    const collectDailyLimit = text === '' ? null : Number(text);
    if (
      collectDailyLimit !== null &&
      (!Number.isInteger(collectDailyLimit) || collectDailyLimit < 1 || collectDailyLimit > 1000)
    )
      return setProblem('云采集每人每日可转入条数请输入 1–1000 的整数，不限请留空');
    setProblem(null);
    send({ type: 'save', value: { ...setting, collectDailyLimit } });
    setHasSaved(true);
  };
  const error = problem ?? snapshot.context.error;

  return (
    <Box p="5" data-testid="estate-setting-page">
      <Heading size="6" mb="1">
        小区基础设置
      </Heading>
      <Text size="2" color="gray" as="p" mb="4">
        规定本公司小区档案由谁建立和维护、录入房源时如何选择小区，以及云采集的转入上限
      </Text>
      <Card size="3">
        <Flex direction="column" gap="5">
          <Choice
            label="建立小区档案"
            names={archiveCreateNames}
            value={setting.archiveCreate}
            onChange={(archiveCreate) => set({ archiveCreate })}
          />
          <Choice
            label="修改与删除小区档案"
            hint="包括维护楼栋、上传和删除图片；建档人仍需有“编辑小区档案”权限"
            names={archiveEditNames}
            value={setting.archiveEdit}
            onChange={(archiveEdit) => set({ archiveEdit })}
          />
          <Choice
            label="录入房源时的小区"
            names={{ 1: '必须从小区库选择小区', 0: '小区库中没有时可填写小区名称' }}
            value={setting.mustPickCommunity}
            onChange={(mustPickCommunity) => set({ mustPickCommunity })}
          />
          <Flex direction="column" gap="2">
            <Text weight="medium">云采集</Text>
            <Flex gap="2" align="center">
              <Text size="2">每人每日最多转入</Text>
              <TextField.Root
                aria-label="云采集每人每日可转入条数"
                placeholder="不限"
                value={limit}
                style={{ width: 80 }}
                onChange={(e) => {
                  setLimitText(e.target.value.replace(/\D/g, ''));
                  setHasSaved(false);
                }}
              />
              <Text size="2">条采集房源（留空为不限）</Text>
            </Flex>
          </Flex>
          {(error || (hasSaved && !isSaving)) && (
            <Callout.Root color={error ? 'red' : 'green'} role="status">
              <Callout.Text>{error ?? '小区基础设置已保存'}</Callout.Text>
            </Callout.Root>
          )}
          {mayChange ? (
            <Flex>
              <Button loading={isSaving} onClick={save}>
                保存
              </Button>
            </Flex>
          ) : (
            <Text size="2" color="gray">
              您没有修改基础设置的权限，仅可查看。
            </Text>
          )}
        </Flex>
      </Card>
    </Box>
  );
}
