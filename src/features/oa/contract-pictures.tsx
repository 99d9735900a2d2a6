/** A ledger contract's pictures (contractPictureV2); each opens in the 1-4 times zoom preview. */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { Button, Card, Flex, Grid, Inset, Text } from '@radix-ui/themes';
import { resourceMachine } from '../../../machines/resource.machine';
import { inspect } from '../../inspector/inspection-store';
import { ImagePreview } from '../../ui/image-gallery';
import { loadPictures, type ContractKind, type ContractPicture } from './oa-actors';

export function Pictures({ kind, contractId }: { kind: ContractKind; contractId: number }) {
  const [machine] = useState(() =>
    resourceMachine.provide({ actors: { load: loadPictures(kind, contractId) } }),
  );
  const [state, send] = useMachine(machine, { inspect });
  const [previewIndex, setPreviewIndex] = useState<number | null>(null);
  const pictures = state.context.data as ContractPicture[] | null;
  if (state.matches('failed'))
    return (
      <Flex gap="2" align="center">
        <Text color="red">{state.context.error}</Text>
        <Button size="1" variant="soft" onClick={() => send({ type: 'retry' })}>
          重试
        </Button>
      </Flex>
    );
  if (!pictures) return <Text color="gray">加载中...</Text>;
  if (pictures.length === 0) return <Text color="gray">暂无图片</Text>;
  return (
    <Grid columns="4" gap="3" data-testid="contract-pictures">
      {pictures.map((picture, index) => (
        <Card key={picture.pictureId} size="1">
          <Inset clip="padding-box" side="top" pb="current">
            <button
              type="button"
              className="gallery-thumb"
              aria-label={`查看图片：${picture.name ?? '合同图片'}`}
              onClick={() => setPreviewIndex(index)}
              style={{ display: 'block', width: '100%' }}
            >
              <img
                src={picture.url}
                alt={picture.name ?? '合同图片'}
                style={{
                  display: 'block',
                  objectFit: 'cover',
                  width: '100%',
                  height: 110,
                  background: 'var(--gray-3)',
                }}
              />
            </button>
          </Inset>
          <Text as="div" size="1" weight="medium" truncate>
            {picture.name ?? '合同图片'}
          </Text>
          <Text as="div" size="1" color="gray">
            {picture.categoryName ?? '未分类'} · {picture.createTime.slice(0, 10)}
          </Text>
        </Card>
      ))}
      <ImagePreview
        pictures={pictures.map((picture) => ({
          key: picture.pictureId,
          url: picture.url,
          title: picture.name ?? '合同图片',
        }))}
        index={previewIndex}
        onIndexChange={setPreviewIndex}
      />
    </Grid>
  );
}
