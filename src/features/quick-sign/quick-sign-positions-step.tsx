/**
 * The wizard's 设置签署位置 step: boxes dragged on the pages. react-pdf renders each page at one
 * pixel per PDF point times the scale, so a box converts to PDF points by dividing by the scale and
 * flipping y.
 */
import { useState, type PointerEvent as ReactPointerEvent } from 'react';
import { Document, Page, pdfjs } from 'react-pdf';
import { Flex, RadioGroup, Text } from '@radix-ui/themes';
import { Select } from '../../ui/select';
import type {
  QuickActor,
  QuickFileSignContext,
  QuickPosition,
} from '../../../machines/quick-file-sign-context';
import { type Send, actorLabel } from './quick-sign-step';

pdfjs.GlobalWorkerOptions.workerSrc = new URL(
  'pdfjs-dist/build/pdf.worker.min.mjs',
  import.meta.url,
).toString();

const scale = 1;

type Drag = { pageNo: number; startX: number; startY: number; x: number; y: number; move?: QuickPosition };

export function PositionsStep({ context, send }: { context: QuickFileSignContext; send: Send }) {
  const [actorId, setActorId] = useState<number>(context.actors[0]?.actorId ?? 0);
  const [positionType, setPositionType] = useState<1 | 2>(1);
  const [drag, setDrag] = useState<Drag | null>(null);
  const file = context.file;
  const actor = context.actors.find((candidate) => candidate.actorId === actorId);
  const pageSize = (pageNo: number) =>
    file?.pages.find((page) => page.pageNo === pageNo) ?? { width: 595, height: 842 };

  const place = (
    pageNo: number,
    left: number,
    top: number,
    width: number,
    height: number,
    base?: QuickPosition,
  ) => {
    const size = pageSize(pageNo);
    const w = Math.min(Math.max(width / scale, 20), size.width);
    const h = Math.min(Math.max(height / scale, 20), size.height);
    const x = Math.min(Math.max(left / scale, 0), size.width - w);
    const yTop = Math.min(Math.max(top / scale, 0), size.height - h);
    send({
      type: 'position.place',
      position: {
        actorId: base?.actorId ?? actorId,
        pageNo,
        positionType: base?.positionType ?? (actor?.actorType === 1 ? 1 : positionType),
        x: Math.round(x * 100) / 100,
        y: Math.round((size.height - yTop - h) * 100) / 100,
        width: Math.round(w * 100) / 100,
        height: Math.round(h * 100) / 100,
      },
    });
  };
  const local = (event: ReactPointerEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };
  const onPointerUp = (pageNo: number, event: ReactPointerEvent<HTMLDivElement>) => {
    if (!drag || drag.pageNo !== pageNo) return;
    const end = local(event);
    if (drag.move) {
      const size = pageSize(pageNo);
      const topLeftX = drag.move.x * scale + (end.x - drag.startX);
      const topLeftY = (size.height - drag.move.y - drag.move.height) * scale + (end.y - drag.startY);
      place(pageNo, topLeftX, topLeftY, drag.move.width * scale, drag.move.height * scale, drag.move);
    } else {
      const width = Math.abs(end.x - drag.startX);
      const height = Math.abs(end.y - drag.startY);
      const isClick = width < 10 && height < 10;
      const defaultSize = positionType === 2 && actor?.actorType === 2 ? [120, 120] : [150, 80];
      place(
        pageNo,
        isClick ? drag.startX : Math.min(drag.startX, end.x),
        isClick ? drag.startY : Math.min(drag.startY, end.y),
        isClick ? defaultSize[0]! * scale : width,
        isClick ? defaultSize[1]! * scale : height,
      );
    }
    setDrag(null);
  };
  if (!file) return null;
  return (
    <Flex direction="column" gap="3">
      <Flex gap="3" align="center" wrap="wrap">
        <Text size="2">签署方</Text>
        <Select.Root value={String(actorId)} onValueChange={(value) => setActorId(Number(value))}>
          <Select.Trigger aria-label="选择签署方" />
          <Select.Content>
            {context.actors.map((candidate) => (
              <Select.Item key={candidate.actorId} value={String(candidate.actorId)}>
                {actorLabel(candidate)}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
        {actor?.actorType === 2 && (
          <RadioGroup.Root
            value={String(positionType)}
            onValueChange={(value) => setPositionType(value === '2' ? 2 : 1)}
            aria-label="位置类型"
          >
            <Flex gap="3">
              <RadioGroup.Item value="1">签字</RadioGroup.Item>
              <RadioGroup.Item value="2">盖章</RadioGroup.Item>
            </Flex>
          </RadioGroup.Root>
        )}
        <Text size="1" color="gray">
          在页面上拖动画出签署框（单击放置默认大小），拖动已有的框可移动
        </Text>
      </Flex>
      <Document
        file={file.fileUrl}
        loading={<Text color="gray">合同文件加载中...</Text>}
        error={<Text color="red">合同文件加载失败</Text>}
      >
        <Flex direction="column" gap="3">
          {file.pages.map((page) => (
            <div
              key={page.pageNo}
              data-testid="quick-page"
              data-page={page.pageNo}
              style={{
                position: 'relative',
                width: page.width * scale,
                height: page.height * scale,
                boxShadow: '0 0 0 1px var(--gray-6)',
                cursor: 'crosshair',
                touchAction: 'none',
              }}
              onPointerDown={(event) => {
                const point = local(event);
                setDrag({ pageNo: page.pageNo, startX: point.x, startY: point.y, x: point.x, y: point.y });
              }}
              onPointerMove={(event) => {
                if (drag?.pageNo === page.pageNo) setDrag({ ...drag, ...local(event) });
              }}
              onPointerUp={(event) => onPointerUp(page.pageNo, event)}
            >
              <Page
                pageNumber={page.pageNo}
                width={page.width * scale}
                renderTextLayer={false}
                renderAnnotationLayer={false}
              />
              {context.positions.map((position, index) =>
                position.pageNo !== page.pageNo ? null : (
                  <div
                    key={index}
                    data-testid="quick-box"
                    title={`${actorLabel(context.actors.find((candidate) => candidate.actorId === position.actorId) ?? ({ name: '' } as QuickActor))} ${position.positionType === 2 ? '盖章' : '签字'}`}
                    onPointerDown={(event) => {
                      event.stopPropagation();
                      const rect = event.currentTarget.parentElement!.getBoundingClientRect();
                      const x = event.clientX - rect.left;
                      const y = event.clientY - rect.top;
                      setDrag({ pageNo: page.pageNo, startX: x, startY: y, x, y, move: position });
                    }}
                    onDoubleClick={() => send({ type: 'position.remove', index })}
                    style={{
                      position: 'absolute',
                      left: position.x * scale,
                      top: (page.height - position.y - position.height) * scale,
                      width: position.width * scale,
                      height: position.height * scale,
                      border: `2px dashed ${position.positionType === 2 ? 'var(--red-9)' : 'var(--blue-9)'}`,
                      background:
                        position.positionType === 2 ? 'rgba(229,72,77,0.08)' : 'rgba(0,144,255,0.08)',
                      fontSize: 12,
                      cursor: 'move',
                      zIndex: 2,
                    }}
                  >
                    {context.actors.find((candidate) => candidate.actorId === position.actorId)?.actorType ===
                    2
                      ? (context.actors.find((candidate) => candidate.actorId === position.actorId)
                          ?.cropName ?? '')
                      : (context.actors.find((candidate) => candidate.actorId === position.actorId)?.name ??
                        '')}
                    {position.positionType === 2 ? ' 盖章' : ' 签字'}
                  </div>
                ),
              )}
              {drag && !drag.move && drag.pageNo === page.pageNo && (
                <div
                  style={{
                    position: 'absolute',
                    left: Math.min(drag.startX, drag.x),
                    top: Math.min(drag.startY, drag.y),
                    width: Math.abs(drag.x - drag.startX),
                    height: Math.abs(drag.y - drag.startY),
                    border: '1px solid var(--accent-9)',
                    zIndex: 3,
                    pointerEvents: 'none',
                  }}
                />
              )}
            </div>
          ))}
        </Flex>
      </Document>
    </Flex>
  );
}
