/**
 * The PDF preview (/views/public/pdf-view?url=&type=pdf&print=&download=, 001 section 2): the file
 * drawn page by page with react-pdf; 打印 and 下载 unless the opener switched them off (print=0,
 * download=0). Only files of this product's own origin are shown.
 */
import { useRef } from 'react';
import { Box, Button, Callout, Card, Flex, Heading, Link } from '@radix-ui/themes';
import type { PageProps } from '../../core/workspace';
import { PdfPreview } from '../../ui/pdf-preview';

function isOn(flag: string | undefined): boolean {
  return flag !== '0' && flag !== 'false';
}

/** A same-origin path ('/files/…'); anything else is refused rather than fetched. */
function sameOriginUrl(url: string): string | null {
  try {
    const parsed = new URL(url, location.origin);
    return parsed.origin === location.origin ? parsed.pathname + parsed.search : null;
  } catch {
    return null;
  }
}

export default function PdfViewPage({ params, title }: PageProps) {
  const url = sameOriginUrl(params['url'] ?? '');
  const type = params['type'] ?? 'pdf';
  const frame = useRef<HTMLIFrameElement>(null);
  if (!url || type !== 'pdf') {
    return (
      <Box p="5">
        <Callout.Root color="red">
          <Callout.Text>无法预览：缺少文件地址或文件类型不是 PDF</Callout.Text>
        </Callout.Root>
      </Box>
    );
  }
  const fileName = decodeURIComponent(url.split('/').pop() ?? 'document.pdf');
  const onPrint = () => {
    // The browser prints the PDF itself from a hidden frame; the preview stays as it is.
    const target = frame.current;
    if (!target) return;
    target.onload = () => target.contentWindow?.print();
    target.src = url;
  };
  return (
    <Box p="5" data-testid="pdf-view-page">
      <Flex justify="between" align="center" mb="3">
        <Heading size="5">{params['name'] ?? title}</Heading>
        <Flex gap="2" align="center">
          {isOn(params['print']) && (
            <Button variant="soft" onClick={onPrint}>
              打印
            </Button>
          )}
          {isOn(params['download']) && (
            <Button asChild>
              <Link href={url} download={fileName} data-testid="pdf-download">
                下载
              </Link>
            </Button>
          )}
        </Flex>
      </Flex>
      <Card size="2">
        <Flex justify="center">
          <PdfPreview url={url} width={800} />
        </Flex>
      </Card>
      <iframe ref={frame} title="打印" style={{ display: 'none' }} />
    </Box>
  );
}
