/**
 * Online-signing settings (/views/system/setting/fp-sign-setting, auth 351): the company's signing
 * type, 1 step by step (sign-operation) or 2 visual (contract-operation). Until one is chosen,
 * starting a contract answers 您还未设置签署方式,请前往设置!. Whether the user may change it is the
 * company app's own authorisation (getAppUserOperateAuth for app 6, item 0, auth 351, 000 section 6):
 * without it the setting is shown read-only and 保存 is not offered.
 */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { Box, Button, Callout, Card, Flex, Heading, RadioGroup, Text } from '@radix-ui/themes';
import { resourceMachine } from '../../../machines/resource.machine';
import type { PageProps } from '../../core/workspace';
import { inspect } from '../../inspector/inspection-store';
import { useOperateAuth } from '../../shared/operate-auth';
import { SignAuth } from '../../../domain/auth-ids';
import { loadSignSetting, saveSignSetting, type SignSettingView } from './sign-actors';

const settingMachine = resourceMachine.provide({ actors: { load: loadSignSetting, save: saveSignSetting } });

export default function SignSettingPage(_props: PageProps) {
  const [snapshot, send] = useMachine(settingMachine, { inspect });
  const setting = snapshot.context.data as SignSettingView | null;
  const [picked, setPicked] = useState<'1' | '2' | null>(null);
  const [isSaved, setSaved] = useState(false);
  const auth = useOperateAuth(SignAuth.appType, SignAuth.itemId);
  const canChange = auth.can(SignAuth.settings);
  const value = picked ?? (setting?.signType ? (String(setting.signType) as '1' | '2') : null);

  return (
    <Box p="5" data-testid="sign-setting-page">
      <Card size="3" style={{ maxWidth: 640 }}>
        <Heading size="5" mb="2">
          在线签约设置
        </Heading>
        <Text as="p" size="2" color="gray" mb="4">
          选择本公司发起签约的方式；电子签服务：法大大（fada）。
        </Text>
        {snapshot.matches('failed') && (
          <Flex direction="column" gap="2">
            <Callout.Root color="red">
              <Callout.Text data-testid="sign-setting-error">{snapshot.context.error}</Callout.Text>
            </Callout.Root>
            <Button variant="soft" onClick={() => send({ type: 'retry' })}>
              重试
            </Button>
          </Flex>
        )}
        {snapshot.matches('loading') && <Text color="gray">加载中...</Text>}
        {setting && (
          <Flex direction="column" gap="4">
            {!setting.signType && (
              <Callout.Root color="amber">
                <Callout.Text>您还未设置签署方式，请选择后保存。</Callout.Text>
              </Callout.Root>
            )}
            <RadioGroup.Root
              disabled={!canChange}
              value={value ?? ''}
              onValueChange={(v) => {
                setPicked(v as '1' | '2');
                setSaved(false);
              }}
              aria-label="签约方式"
            >
              <Flex direction="column" gap="3">
                <RadioGroup.Item value="1">
                  <Text weight="bold">分步签约</Text>
                  <Text size="2" color="gray">
                    {' '}
                    按步骤填写当事人、房屋、交易等表单后生成合同
                  </Text>
                </RadioGroup.Item>
                <RadioGroup.Item value="2">
                  <Text weight="bold">可视化签约</Text>
                  <Text size="2" color="gray">
                    {' '}
                    在合同文本上直接填写
                  </Text>
                </RadioGroup.Item>
              </Flex>
            </RadioGroup.Root>
            {snapshot.context.error && (
              <Callout.Root color="red">
                <Callout.Text data-testid="sign-setting-error">{snapshot.context.error}</Callout.Text>
              </Callout.Root>
            )}
            {isSaved && snapshot.matches('loaded') && !snapshot.context.error && (
              <Callout.Root color="green">
                <Callout.Text data-testid="sign-setting-saved">签约设置已保存</Callout.Text>
              </Callout.Root>
            )}
            {auth.isLoaded && !canChange && (
              <Callout.Root color="gray" data-testid="sign-setting-denied">
                <Callout.Text>您没有签约设置权限，只能查看。</Callout.Text>
              </Callout.Root>
            )}
            {canChange && (
              <Flex>
                <Button
                  disabled={value === null || snapshot.matches('saving')}
                  onClick={() => {
                    send({ type: 'save', value: Number(value) });
                    setSaved(true);
                  }}
                >
                  保存
                </Button>
              </Flex>
            )}
          </Flex>
        )}
      </Card>
    </Box>
  );
}
