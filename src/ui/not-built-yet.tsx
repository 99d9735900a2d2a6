/** The honest state of a screen that a later release builds: says so, shows no data. */
import { Callout, Card, Code, Flex, Heading, Text } from '@radix-ui/themes';

export function NotBuiltYet({ title, path }: { title: string; path: string }) {
  return (
    <Flex justify="center" p="6" data-testid="not-built-yet">
      <Card size="3" style={{ maxWidth: 560, width: '100%' }}>
        <Heading size="4" mb="3">
          {title}
        </Heading>
        <Callout.Root color="amber">
          <Callout.Text>此功能尚未开放：页面正在建设中，完成前不显示任何数据。</Callout.Text>
        </Callout.Root>
        <Text as="p" size="2" color="gray" mt="3">
          页面路径 <Code>{path}</Code>
        </Text>
      </Card>
    </Flex>
  );
}
