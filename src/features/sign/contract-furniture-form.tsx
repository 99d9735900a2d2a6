/** The contract form's furniture and appliances list with its handover notes (家具家电及交接清单). */
import { Box, Button, Card, Flex, Heading, TextArea } from '@radix-ui/themes';
import { TextField } from '../../ui/text-field';
import type { FormValues } from './contract-form-values';

export function FurnitureForm({
  furniture,
  onChange,
}: {
  furniture: FormValues['furniture'];
  onChange: (furniture: FormValues['furniture']) => void;
}) {
  return (
    <Card data-testid="furniture">
      <Heading size="3" mb="3">
        家具家电及交接清单
      </Heading>
      {furniture.items.map((item, index) => {
        const update = (patch: Partial<typeof item>) =>
          onChange({
            ...furniture,
            items: furniture.items.map((it, i) => (i === index ? { ...it, ...patch } : it)),
          });
        return (
          <Flex key={index} gap="2" mb="2" align="center">
            <TextField.Root
              aria-label={`物品名称${index + 1}`}
              placeholder="请输入物品名称"
              maxLength={30}
              value={item.name}
              onChange={(e) => update({ name: e.target.value })}
            />
            <TextField.Root
              aria-label={`数量${index + 1}`}
              placeholder="数量"
              inputMode="numeric"
              style={{ width: 80 }}
              value={item.count}
              onChange={(e) => update({ count: e.target.value })}
            />
            <TextField.Root
              aria-label={`物品备注${index + 1}`}
              placeholder="请输入备注"
              maxLength={140}
              value={item.remark}
              onChange={(e) => update({ remark: e.target.value })}
              style={{ flex: 1 }}
            />
            <Button
              variant="soft"
              color="red"
              onClick={() => onChange({ ...furniture, items: furniture.items.filter((_, i) => i !== index) })}
            >
              删除
            </Button>
          </Flex>
        );
      })}
      <Button
        size="1"
        variant="soft"
        onClick={() =>
          onChange({ ...furniture, items: [...furniture.items, { name: '', count: '1', remark: '' }] })
        }
      >
        添加物品
      </Button>
      <Box mt="3">
        <TextArea
          aria-label="清单备注"
          placeholder="请输入清单备注"
          maxLength={500}
          value={furniture.remark}
          onChange={(e) => onChange({ ...furniture, remark: e.target.value })}
        />
      </Box>
    </Card>
  );
}
