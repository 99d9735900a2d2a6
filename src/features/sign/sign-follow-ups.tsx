/**
 * 跟进记录 of a sign contract, on the sign detail and on 我的签约: the company's follow-up categories,
 * text and up to 9 pictures (each uploaded first), the list newest first. A retried save carries the
 * same requestId, so the server keeps one follow-up.
 */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { Badge, Button, Card, Flex, Text, TextArea } from '@radix-ui/themes';
import { Select } from '../../ui/select';
import { resourceMachine } from '../../../machines/resource.machine';
import { inspect } from '../../inspector/inspection-store';
import { FilePicker } from '../../ui/file-picker';
import { LoadFailed, Loading } from '../../ui/load-state';
import { usePictureUpload } from './use-picture-upload';
import {
  loadFollowUps,
  saveFollowUp,
  type FollowUpInput,
  type FollowUpSource,
  type SignFollowUp,
  type SignFollowUpCategory,
} from './sign-actors';

type FollowUps = { categories: SignFollowUpCategory[]; list: SignFollowUp[]; total: number };

export const maxFollowUpPictures = 9;
const imageTypes = '.png,.jpg,.jpeg,.webp,.gif';

function newRequestId(): string {
  return `fu-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

export function Thumbnails({ urls, onRemove }: { urls: string[]; onRemove?: (url: string) => void }) {
  return (
    <Flex gap="2" wrap="wrap">
      {urls.map((url) => (
        <Flex key={url} direction="column" gap="1" align="center">
          <a href={url} target="_blank" rel="noreferrer">
            <img src={url} alt="跟进图片" width={72} height={72} style={{ objectFit: 'cover' }} />
          </a>
          {onRemove && (
            <Button size="1" variant="ghost" color="red" onClick={() => onRemove(url)}>
              移除
            </Button>
          )}
        </Flex>
      ))}
    </Flex>
  );
}

export function FollowUpPanel({ contractId, source }: { contractId: number; source: FollowUpSource }) {
  const [machine] = useState(() =>
    resourceMachine.provide({
      actors: { load: loadFollowUps(contractId, source), save: saveFollowUp(contractId, source) },
    }),
  );
  const [snapshot, send, actor] = useMachine(machine, { inspect });
  const [categoryId, setCategoryId] = useState('');
  const [content, setContent] = useState('');
  const [pictures, setPictures] = useState<string[]>([]);
  const { isUploading: uploading, uploadError, upload: uploadPicture } = usePictureUpload();
  const [requestId, setRequestId] = useState(newRequestId);
  const data = snapshot.context.data as FollowUps | null;
  const isSaving = snapshot.matches('saving');
  if (snapshot.matches('failed'))
    return <LoadFailed error={snapshot.context.error} onRetry={() => send({ type: 'retry' })} />;
  if (!data) return <Loading />;
  const upload = (file: File) => uploadPicture(file, (url) => setPictures((current) => [...current, url]));
  const value: FollowUpInput = {
    categoryId: Number(categoryId),
    content: content.trim(),
    pictures,
    requestId,
  };
  return (
    <Flex direction="column" gap="3" data-testid="follow-ups">
      <Card>
        <Flex direction="column" gap="2">
          <Flex gap="2" align="end" wrap="wrap">
            <Select.Root value={categoryId} onValueChange={setCategoryId}>
              <Select.Trigger aria-label="跟进类型" />
              <Select.Content>
                {data.categories.map((c) => (
                  <Select.Item key={c.categoryId} value={String(c.categoryId)}>
                    {c.name}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
            <TextArea
              aria-label="跟进内容"
              placeholder="请输入跟进内容"
              maxLength={500}
              value={content}
              onChange={(e) => setContent(e.target.value)}
              style={{ flex: 1, minWidth: 240 }}
            />
          </Flex>
          <Flex gap="3" align="center" wrap="wrap">
            <FilePicker
              label="跟进图片"
              accept={imageTypes}
              buttonText={`添加图片（${pictures.length}/${maxFollowUpPictures}）`}
              disabled={uploading || pictures.length >= maxFollowUpPictures}
              resetAfterChoice
              onFile={upload}
            />
            {uploading && <Text size="2">图片上传中...</Text>}
            <Button
              disabled={isSaving || uploading || !categoryId || content.trim() === ''}
              onClick={() => {
                send({ type: 'save', value });
                // Saved: the form clears; refused: it keeps the text, pictures and requestId for a retry.
                const saving = actor.subscribe((next) => {
                  if (next.matches('saving')) return;
                  saving.unsubscribe();
                  if (next.context.error !== null) return;
                  setContent('');
                  setPictures([]);
                  setRequestId(newRequestId());
                });
              }}
            >
              添加跟进
            </Button>
          </Flex>
          {pictures.length > 0 && (
            <Thumbnails urls={pictures} onRemove={(url) => setPictures(pictures.filter((p) => p !== url))} />
          )}
          {(uploadError ?? snapshot.context.error) && (
            <Text color="red" size="2" role="alert">
              {uploadError ?? snapshot.context.error}
            </Text>
          )}
        </Flex>
      </Card>
      {data.list.length === 0 ? (
        <Text color="gray">暂无跟进记录</Text>
      ) : (
        data.list.map((item) => (
          <Card key={item.followId} data-testid="follow-up">
            <Flex gap="2" align="center" mb="1">
              <Badge>{item.categoryName}</Badge>
              <Text size="1" color="gray">
                {item.operator.name} · {item.createTime}
              </Text>
            </Flex>
            <Text as="p" size="2" mb={item.pictures.length > 0 ? '2' : '0'}>
              {item.content}
            </Text>
            {item.pictures.length > 0 && <Thumbnails urls={item.pictures} />}
          </Card>
        ))
      )}
    </Flex>
  );
}
