/** The launch page (/ and /layout/launch): the brand while the session is restored. */
import { Flex, Heading, Spinner, Text } from '@radix-ui/themes';

export default function LaunchPage() {
  return (
    <Flex
      direction="column"
      align="center"
      justify="center"
      gap="3"
      className="full-screen"
      data-testid="launch"
    >
      <Heading size="7">安居签</Heading>
      <Text color="gray">电子合同 · 电子签名 · 电子签约</Text>
      <Spinner size="3" />
    </Flex>
  );
}
