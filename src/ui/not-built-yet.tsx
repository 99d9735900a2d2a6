/**
 * The honest state of a screen that a later release builds: says so, shows no data, and never the
 * page's internal path (issue 38).
 */
import { Callout, Card, Flex, Heading } from '@radix-ui/themes';

export function NotBuiltYet({ title }: { title: string }) {
  return (
    <Flex justify="center" p="6" data-testid="not-built-yet">
      <Card size="3" style={{ maxWidth: 560, width: '100%' }}>
        <Heading size="4" mb="3">
          {title}
        </Heading>
        <Callout.Root color="amber">
          <Callout.Text>此功能尚未开放：页面正在建设中，完成前不显示任何数据。</Callout.Text>
        </Callout.Root>
      </Card>
    </Flex>
  );
}
