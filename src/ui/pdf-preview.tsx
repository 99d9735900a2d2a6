/**
 * A PDF drawn page by page with react-pdf (pdf.js), the same in every browser (headless Chromium
 * has no built-in PDF viewer). Text and annotation layers are off: this is a preview, not an editor.
 * The file is downloaded by the request layer's downloadFile (the 60 s download timeout and its
 * toasts); leaving the preview cancels the download quietly.
 */
import { useEffect, useState } from 'react';
import { Document, Page, pdfjs } from 'react-pdf';
import { Flex, Text } from '@radix-ui/themes';
import { downloadFile } from '../api/download';

pdfjs.GlobalWorkerOptions.workerSrc = new URL(
  'pdfjs-dist/build/pdf.worker.min.mjs',
  import.meta.url,
).toString();

type Download = { url: string; file: { data: Uint8Array } | null; isFailed: boolean };

export function PdfPreview({ url, width = 640 }: { url: string; width?: number }) {
  const [pageCount, setPageCount] = useState(0);
  const [download, setDownload] = useState<Download>({ url, file: null, isFailed: false });
  useEffect(() => {
    const controller = new AbortController();
    downloadFile(url, { signal: controller.signal }).then(
      (data) => setDownload({ url, file: { data }, isFailed: false }),
      () => {
        if (!controller.signal.aborted) setDownload({ url, file: null, isFailed: true });
      },
    );
    return () => controller.abort();
  }, [url]);
  const current = download.url === url ? download : { url, file: null, isFailed: false };
  if (current.isFailed) return <Text color="red">合同文件加载失败</Text>;
  if (!current.file) return <Text color="gray">合同文件加载中...</Text>;
  return (
    <Document
      file={current.file}
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
