/**
 * A PDF drawn page by page with react-pdf (pdf.js), the same in every browser (headless Chromium
 * has no built-in PDF viewer). Text and annotation layers are off: this is a preview, not an editor.
 */
import { useState } from 'react';
import { Document, Page, pdfjs } from 'react-pdf';
import { Flex, Text } from '@radix-ui/themes';

pdfjs.GlobalWorkerOptions.workerSrc = new URL(
  'pdfjs-dist/build/pdf.worker.min.mjs',
  import.meta.url,
).toString();

export function PdfPreview({ url, width = 640 }: { url: string; width?: number }) {
  const [pageCount, setPageCount] = useState(0);
  return (
    <Document
      file={url}
      onLoadSuccess={({ numPages }) => setPageCount(numPages)}
      loading={<Text color="gray">合同文件加载中...</Text>}
      error={<Text color="red">合同文件加载失败</Text>}
    >
      <Flex direction="column" gap="3" data-testid="pdf-pages" data-pages={pageCount}>
        {Array.from({ length: pageCount }, (_, index) => (
          <div key={index} className="pdf-page">
            <Page
              pageNumber={index + 1}
              width={width}
              renderTextLayer={false}
              renderAnnotationLayer={false}
            />
          </div>
        ))}
      </Flex>
    </Document>
  );
}
