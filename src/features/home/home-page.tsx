/** Home (app type 999, /views/index.vue): who is signed in and the entries of the menu. */
import { Badge, Box, Card, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import type { PageProps } from '../../core/workspace';
import { useSessionSnapshot } from '../../core/use-session';
import { useWorkspace } from '../../core/workspace';

export default function HomePage(_props: PageProps) {
  const { context } = useSessionSnapshot();
  const { menu, openPage } = useWorkspace();
  const entries = menu.filter((item) => item.appType !== 999);
  return (
    <Box p="5">
      <Card size="3" mb="4">
        <Heading size="5">您好，{context.user?.name}</Heading>
        <Text as="p" color="gray" mt="1">
          {context.user?.companyName}
          {context.user?.isManager === 1 && (
            <Badge ml="2" color="green">
              管理员
            </Badge>
          )}
        </Text>
      </Card>
      <Heading size="3" mb="3">
        常用功能
      </Heading>
      {entries.length === 0 ? (
        <Text color="gray">暂无可用功能，请联系管理员分配权限。</Text>
      ) : (
        <Grid columns={{ initial: '2', md: '4' }} gap="3">
          {entries.map((item) => (
            <Card key={`${item.appType}:${item.appId}:${item.path}`} asChild>
              <button type="button" className="entry-card" onClick={() => openPage({ ...item, params: {} })}>
                <Flex direction="column" gap="1">
                  <Text weight="medium">{item.name}</Text>
                  {(item.children?.length ?? 0) > 0 && (
                    <Text size="1" color="gray">
                      {item.children!.map((child) => child.name).join('、')}
                    </Text>
                  )}
                </Flex>
              </button>
            </Card>
          ))}
        </Grid>
      )}
    </Box>
  );
}
