/**
 * A ledger contract's pictures (contractPictureV2); each opens in the 1-4 times zoom preview. Who may
 * enter the contract (新增买卖/租赁合同) also uploads pictures with their category — one of the
 * company's 必备附件 or 其他, which the state change counts — and deletes them after 是否确定删除该图片？.
 */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { Button, Callout, Card, Dialog, Flex, Grid, Inset, Progress, Text } from '@radix-ui/themes';
import { resourceMachine } from '../../../machines/resource.machine';
import { inspect } from '../../inspector/inspection-store';
import { ImagePreview } from '../../ui/image-gallery';
import { Button as SubmitButton } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { FilePicker } from '../../ui/file-picker';
import { Field } from '../../ui/form-controls';
import { buttonThrottleMs } from '../../ui/input-rules';
import { Select } from '../../ui/select';
import {
  deleteContractPicture,
  loadPictures,
  readPictureCategories,
  uploadContractPicture,
  type ContractKind,
  type ContractPicture,
} from './oa-actors';
import { errorText } from './oa-format';

const pictureAccept = 'image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp';

export function Pictures({
  kind,
  contractId,
  canEdit,
}: {
  kind: ContractKind;
  contractId: number;
  /** 新增买卖/租赁合同: may upload and delete pictures. */
  canEdit: boolean;
}) {
  const [machine] = useState(() =>
    resourceMachine.provide({ actors: { load: loadPictures(kind, contractId) } }),
  );
  const [state, send] = useMachine(machine, { inspect });
  const [previewIndex, setPreviewIndex] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<ContractPicture | null>(null);
  const [deleteError, setDeleteError] = useState('');
  const pictures = state.context.data as ContractPicture[] | null;
  const reload = () => send({ type: 'reload' });
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
  return (
    <Flex direction="column" gap="3">
      {canEdit && (
        <Flex justify="end">
          <UploadPictureDialog kind={kind} contractId={contractId} onUploaded={reload} />
        </Flex>
      )}
      {deleteError && (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{deleteError}</Callout.Text>
        </Callout.Root>
      )}
      {pictures.length === 0 ? (
        <Text color="gray">暂无图片</Text>
      ) : (
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
              <Flex justify="between" align="center" gap="2">
                <Text as="div" size="1" color="gray">
                  {picture.categoryName ?? '未分类'} · {picture.createTime.slice(0, 10)}
                </Text>
                {canEdit && (
                  <Button
                    size="1"
                    variant="ghost"
                    color="red"
                    aria-label={`删除图片：${picture.name ?? '合同图片'}`}
                    onClick={() => {
                      setDeleteError('');
                      setDeleting(picture);
                    }}
                  >
                    删除
                  </Button>
                )}
              </Flex>
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
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="删除图片"
        message="是否确定删除该图片？"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const picture = deleting;
          setDeleting(null);
          if (!picture) return;
          deleteContractPicture(kind, contractId, picture.pictureId).then(reload, (error: unknown) =>
            setDeleteError(errorText(error)),
          );
        }}
      />
    </Flex>
  );
}

/** 上传图片: a category and one jpg/png/webp file; the list is read again once it is stored. */
function UploadPictureDialog({
  kind,
  contractId,
  onUploaded,
}: {
  kind: ContractKind;
  contractId: number;
  onUploaded: () => void;
}) {
  const [isOpen, setOpen] = useState(false);
  const [categories, setCategories] = useState<string[] | null>(null);
  const [category, setCategory] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [isUploading, setUploading] = useState(false);
  const [error, setError] = useState('');

  const open = (next: boolean) => {
    if (isUploading) return;
    setOpen(next);
    if (!next) return;
    setFile(null);
    setError('');
    setCategory('');
    readPictureCategories().then(setCategories, (failure: unknown) => setError(errorText(failure)));
  };
  const submit = () => {
    if (!category) return setError('请选择图片类别');
    if (!file) return setError('请选择合同图片');
    setError('');
    setUploading(true);
    uploadContractPicture(kind, contractId, category, file)
      .then(() => {
        setUploading(false);
        setOpen(false);
        onUploaded();
      })
      .catch((failure: unknown) => {
        setUploading(false);
        setError(errorText(failure));
      });
  };

  return (
    <Dialog.Root open={isOpen} onOpenChange={open}>
      <Dialog.Trigger>
        <Button>上传图片</Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="440px" aria-describedby={undefined}>
        <Dialog.Title>上传图片</Dialog.Title>
        <Flex direction="column" gap="3">
          <Field label="图片类别" required>
            <Select.Root value={category} onValueChange={setCategory} disabled={!categories || isUploading}>
              <Select.Trigger aria-label="图片类别" />
              <Select.Content>
                {(categories ?? []).map((name) => (
                  <Select.Item key={name} value={name}>
                    {name}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </Field>
          <Flex direction="column" gap="1">
            <Text size="1" color="gray">
              <Text color="red">* </Text>合同图片（jpg、png、webp，不超过 10 MB）
            </Text>
            <FilePicker label="合同图片" accept={pictureAccept} onFile={setFile} disabled={isUploading} />
          </Flex>
          {isUploading && (
            <Flex direction="column" gap="1" role="status">
              <Text size="1" color="gray">
                上传中...
              </Text>
              <Progress aria-label="上传进度" duration="5s" />
            </Flex>
          )}
          {error && (
            <Callout.Root color="red" role="alert">
              <Callout.Text>{error}</Callout.Text>
            </Callout.Root>
          )}
        </Flex>
        <Flex gap="3" mt="4" justify="end">
          <Dialog.Close>
            <Button variant="soft" color="gray" disabled={isUploading}>
              取消
            </Button>
          </Dialog.Close>
          <SubmitButton throttleMs={buttonThrottleMs} onClick={submit} loading={isUploading}>
            上传
          </SubmitButton>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
