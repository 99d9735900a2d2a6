/**
 * The web preview (/views/public/web-view?url=&title=, 000 section 2): a page of this product's own
 * origin (a help article, an uploaded file) shown inside the app. Addresses of other sites are
 * refused with the reason instead of being loaded.
 */
import { useState } from 'react';
import { Box, Button, Callout, Card, Flex, Heading, Link, Text } from '@radix-ui/themes';
import type { PageProps } from '../../core/workspace';
import { readPreviewAddress } from './same-origin';

export const missingAddressText = '无法预览：缺少网页地址';
export const foreignAddressText = '无法预览：只能打开本系统内的网页，其他网站的地址不会在这里打开';

export default function WebViewPage({ params, title }: PageProps) {
  const address = readPreviewAddress(params['url'] ?? '', location.origin);
  const [reloads, setReloads] = useState(0);
  if (address.kind !== 'sameOrigin') {
    return (
      <Box p="5" data-testid="web-view-page">
        <Callout.Root color="red" data-testid="web-view-refused">
          <Callout.Text>{address.kind === 'missing' ? missingAddressText : foreignAddressText}</Callout.Text>
        </Callout.Root>
      </Box>
    );
  }
  return (
    <Box p="5" data-testid="web-view-page">
      <Flex justify="between" align="center" mb="3" gap="3">
        <Heading size="5">{params['title'] ?? title}</Heading>
        <Flex gap="2" align="center">
          <Button variant="soft" onClick={() => setReloads((n) => n + 1)}>
            刷新
          </Button>
          <Button variant="soft" asChild>
            <Link href={address.address} target="_blank" rel="noopener">
              在新窗口打开
            </Link>
          </Button>
        </Flex>
      </Flex>
      <Card size="1">
        <iframe
          key={reloads}
          title={params['title'] ?? title}
          src={address.address}
          data-testid="web-view-frame"
          style={{ width: '100%', height: '70vh', border: 0 }}
        />
      </Card>
      <Text as="p" size="1" color="gray" mt="2">
        {address.address}
      </Text>
    </Box>
  );
}
