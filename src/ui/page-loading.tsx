import { useEffect, useState } from 'react';
import { Flex, Spinner, Text } from '@radix-ui/themes';

/** Shown while a lazily loaded screen arrives, after the seed's 200 ms delay (000 sections 8 and 9). */
export function PageLoading({ delayMs = 200 }: { delayMs?: number }) {
  const [isVisible, setIsVisible] = useState(delayMs === 0);
  useEffect(() => {
    const timer = setTimeout(() => setIsVisible(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  if (!isVisible) return null;
  return (
    <Flex align="center" justify="center" gap="2" p="6">
      <Spinner />
      <Text size="2" color="gray">
        努力加载中~
      </Text>
    </Flex>
  );
}
