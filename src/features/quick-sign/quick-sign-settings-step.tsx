/** The wizard's 签署设置 step: contract name, deadline, order, date display and watermark. */
import { Flex, RadioGroup, Text } from '@radix-ui/themes';
import { TextField } from '../../ui/text-field';
import type { QuickFileSignContext } from '../../../machines/quick-file-sign-context';
import type { Send } from './quick-sign-step';

export function SettingsStep({ context, send }: { context: QuickFileSignContext; send: Send }) {
  const { settings } = context;
  return (
    <Flex direction="column" gap="3" style={{ maxWidth: 520 }}>
      <label>
        <Text size="2">合同名称</Text>
        <TextField.Root
          aria-label="合同名称"
          placeholder="请输入合同名称"
          value={settings.contractName}
          maxLength={50}
          onChange={(event) => send({ type: 'settings.change', patch: { contractName: event.target.value } })}
        />
      </label>
      <label>
        <Text size="2">签署期限（天）</Text>
        <TextField.Root
          aria-label="签署期限"
          type="number"
          min={1}
          max={90}
          value={String(settings.signDeadline)}
          onChange={(event) =>
            send({
              type: 'settings.change',
              patch: { signDeadline: Math.min(90, Math.max(1, Number(event.target.value) || 7)) },
            })
          }
        />
      </label>
      <Text size="2">签署顺序</Text>
      <RadioGroup.Root
        value={String(settings.signOrder)}
        onValueChange={(value) =>
          send({ type: 'settings.change', patch: { signOrder: value === '1' ? 1 : 2 } })
        }
        aria-label="签署顺序"
      >
        <Flex gap="4">
          <RadioGroup.Item value="2">有序签署</RadioGroup.Item>
          <RadioGroup.Item value="1">无序签署</RadioGroup.Item>
        </Flex>
      </RadioGroup.Root>
      <Text size="2">显示签署日期</Text>
      <RadioGroup.Root
        value={String(settings.showSignDate)}
        onValueChange={(value) =>
          send({ type: 'settings.change', patch: { showSignDate: value === '0' ? 0 : 1 } })
        }
        aria-label="显示签署日期"
      >
        <Flex gap="4">
          <RadioGroup.Item value="1">显示</RadioGroup.Item>
          <RadioGroup.Item value="0">不显示</RadioGroup.Item>
        </Flex>
      </RadioGroup.Root>
      <Text size="2">水印</Text>
      <RadioGroup.Root
        value={String(settings.watermarkType)}
        onValueChange={(value) =>
          send({
            type: 'settings.change',
            patch: { watermarkType: value === '0' ? 0 : value === '1' ? 1 : 2 },
          })
        }
        aria-label="水印类型"
      >
        <Flex gap="4">
          <RadioGroup.Item value="0">无水印</RadioGroup.Item>
          <RadioGroup.Item value="1">合同编号</RadioGroup.Item>
          <RadioGroup.Item value="2">自定义</RadioGroup.Item>
        </Flex>
      </RadioGroup.Root>
      {settings.watermarkType === 2 && (
        <TextField.Root
          aria-label="水印内容"
          placeholder="请输入水印内容"
          maxLength={20}
          value={settings.watermark}
          onChange={(event) => send({ type: 'settings.change', patch: { watermark: event.target.value } })}
        />
      )}
    </Flex>
  );
}
