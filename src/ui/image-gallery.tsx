/**
 * Pictures as thumbnails that open a preview (000 sections 8 and 9): 暂无图片 when there are none;
 * the preview zooms from 1 to 4 times (buttons, the mouse wheel, 0 resets) and pages through the
 * pictures with the arrow keys.
 */
import { useState } from 'react';
import { Button, Dialog, Flex, IconButton, Text } from '@radix-ui/themes';

export type GalleryPicture = { key: string | number; url: string; title: string };

export const minZoom = 1;
export const maxZoom = 4;
export const zoomStep = 0.5;

/** A zoom level within 1 to 4, on the half step. */
export function clampZoom(zoom: number): number {
  return Math.min(maxZoom, Math.max(minZoom, Math.round(zoom / zoomStep) * zoomStep));
}

type Props = { pictures: GalleryPicture[]; thumbWidth?: number; thumbHeight?: number; emptyText?: string };

export function ImageGallery({
  pictures,
  thumbWidth = 160,
  thumbHeight = 120,
  emptyText = '暂无图片',
}: Props) {
  const [index, setIndex] = useState<number | null>(null);
  if (pictures.length === 0) return <Text color="gray">{emptyText}</Text>;

  return (
    <>
      <Flex gap="2" wrap="wrap" data-testid="image-gallery">
        {pictures.map((picture, position) => (
          <button
            key={picture.key}
            type="button"
            className="gallery-thumb"
            aria-label={`查看图片：${picture.title}`}
            onClick={() => setIndex(position)}
          >
            <img
              src={picture.url}
              alt={picture.title}
              width={thumbWidth}
              height={thumbHeight}
              style={{ objectFit: 'cover', borderRadius: 6, display: 'block' }}
            />
          </button>
        ))}
      </Flex>
      <ImagePreview pictures={pictures} index={index} onIndexChange={setIndex} />
    </>
  );
}

/**
 * The preview alone, for screens that show their pictures in their own way (contract and sign
 * pictures): open at `index`, null closed; paging and closing report through onIndexChange.
 */
export function ImagePreview({
  pictures,
  index,
  onIndexChange,
}: {
  pictures: GalleryPicture[];
  index: number | null;
  onIndexChange: (index: number | null) => void;
}) {
  const [zoom, setZoom] = useState(minZoom);
  const current = index === null ? null : pictures[index];
  const show = (next: number) => {
    onIndexChange((next + pictures.length) % pictures.length);
    setZoom(minZoom);
  };
  const zoomBy = (delta: number) => setZoom((value) => clampZoom(value + delta));

  return (
    <>
      <Dialog.Root
        open={current !== null && current !== undefined}
        onOpenChange={(open) => {
          if (open) return;
          onIndexChange(null);
          setZoom(minZoom);
        }}
      >
        <Dialog.Content
          maxWidth="960px"
          data-testid="image-preview"
          onKeyDown={(event) => {
            if (event.key === 'ArrowRight') show((index ?? 0) + 1);
            if (event.key === 'ArrowLeft') show((index ?? 0) - 1);
            if (event.key === '+' || event.key === '=') zoomBy(zoomStep);
            if (event.key === '-') zoomBy(-zoomStep);
            if (event.key === '0') setZoom(minZoom);
          }}
        >
          <Flex justify="between" align="center" mb="3" gap="3">
            <Dialog.Title mb="0">{current?.title}</Dialog.Title>
            <Text size="2" color="gray">
              第 {(index ?? 0) + 1} / {pictures.length} 张
            </Text>
          </Flex>
          <div
            className="image-preview-stage"
            onWheel={(event) => zoomBy(event.deltaY < 0 ? zoomStep : -zoomStep)}
          >
            {current && (
              <img
                src={current.url}
                alt={current.title}
                style={{ transform: `scale(${zoom})`, transformOrigin: 'center center' }}
              />
            )}
          </div>
          <Flex justify="between" align="center" mt="3" gap="2">
            <Flex gap="2" align="center">
              <IconButton
                variant="soft"
                aria-label="缩小"
                disabled={zoom <= minZoom}
                onClick={() => zoomBy(-zoomStep)}
              >
                −
              </IconButton>
              <Text size="2" data-testid="image-zoom" style={{ minWidth: 48, textAlign: 'center' }}>
                {Math.round(zoom * 100)}%
              </Text>
              <IconButton
                variant="soft"
                aria-label="放大"
                disabled={zoom >= maxZoom}
                onClick={() => zoomBy(zoomStep)}
              >
                +
              </IconButton>
              <Button
                variant="ghost"
                color="gray"
                disabled={zoom === minZoom}
                onClick={() => setZoom(minZoom)}
              >
                还原
              </Button>
            </Flex>
            <Flex gap="2">
              {pictures.length > 1 && (
                <>
                  <Button variant="soft" onClick={() => show((index ?? 0) - 1)}>
                    上一张
                  </Button>
                  <Button variant="soft" onClick={() => show((index ?? 0) + 1)}>
                    下一张
                  </Button>
                </>
              )}
              <Dialog.Close>
                <Button variant="soft" color="gray">
                  关闭
                </Button>
              </Dialog.Close>
            </Flex>
          </Flex>
        </Dialog.Content>
      </Dialog.Root>
    </>
  );
}
