import { Flex, Spinner, Text } from '@radix-ui/themes';

/** Shown while a lazily loaded screen arrives (000 section 8: the other loading text). */
export function PageLoading() {
  return (
    <Flex align="center" justify="center" gap="2" p="6">
      <Spinner />
      <Text size="2" color="gray">
        努力加载中~
      </Text>
    </Flex>
  );
}
