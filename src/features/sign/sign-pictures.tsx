/**
 * 签约图片 on the sign detail: the company's picture categories with this contract's count, each
 * category's pictures. Whoever sees the contract uploads, replaces, deletes (确定要删除该项吗？) and
 * moves a picture to another category; each change saves the category's whole list. 管理分类
 * (rename, order, add, remove; a category that still holds pictures stays, the server says why) is
 * for holders of 351.
 */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { Button, Card, Dialog, Flex, IconButton, Text } from '@radix-ui/themes';
import { Select } from '../../ui/select';
import { TextField } from '../../ui/text-field';
import { resourceMachine } from '../../../machines/resource.machine';
import { SignAuth } from '../../../domain/auth-ids';
import { usePermissions } from '../../core/permissions';
import { inspect } from '../../inspector/inspection-store';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { FilePicker } from '../../ui/file-picker';
import { ImagePreview } from '../../ui/image-gallery';
import {
  loadPictureCategories,
  loadPictures,
  type SignPicture,
  type SignPictureCategory,
} from './sign-actors';
import { saveCategoryList, savePictureChange, type PictureChange } from './sign-picture-actors';
import { LoadFailed, Loading } from '../../ui/load-state';
import { usePictureUpload } from './use-picture-upload';
import {
  addPicture,
  checkCategories,
  moveCategory,
  removePicture,
  replacePicture,
  type CategoryDraft,
} from './sign-picture-lists';

const imageTypes = '.png,.jpg,.jpeg,.webp,.gif';
/** The server keeps at most 30 pictures in a category. */
const maxPictures = 30;

function CategoryPictures({
  contractId,
  category,
  others,
  onChanged,
}: {
  contractId: number;
  category: SignPictureCategory;
  others: SignPictureCategory[];
  onChanged: () => void;
}) {
  const [machine] = useState(() =>
    resourceMachine.provide({
      actors: {
        load: loadPictures(contractId, category.categoryId),
        save: savePictureChange(contractId, category.categoryId),
      },
    }),
  );
  const [snapshot, send, actor] = useMachine(machine, { inspect });
  const { isUploading: uploading, uploadError, upload } = usePictureUpload();
  const [deleting, setDeleting] = useState<string | null>(null);
  const [previewIndex, setPreviewIndex] = useState<number | null>(null);
  const pictures = snapshot.context.data as SignPicture[] | null;
  if (snapshot.matches('failed'))
    return <LoadFailed error={snapshot.context.error} onRetry={() => send({ type: 'retry' })} />;
  if (!pictures) return <Loading />;
  const urls = pictures.map((p) => p.url);
  const isBusy = uploading || snapshot.matches('saving');

  const save = (change: PictureChange) => {
    send({ type: 'save', value: change });
    const saving = actor.subscribe((next) => {
      if (next.matches('saving')) return;
      saving.unsubscribe();
      if (next.context.error === null) onChanged();
    });
  };
  /** Uploads the file, then saves the list this upload makes. */
  const withUpload = (file: File, listWith: (url: string) => string[]) =>
    upload(file, (url) => save({ kind: 'set', pictures: listWith(url) }));

  return (
    <Flex direction="column" gap="3" data-testid="category-pictures">
      <Flex gap="3" align="center" wrap="wrap">
        <FilePicker
          label="上传图片"
          accept={imageTypes}
          buttonText={`上传图片（${urls.length}/${maxPictures}）`}
          disabled={isBusy || urls.length >= maxPictures}
          resetAfterChoice
          onFile={(file) => withUpload(file, (url) => addPicture(urls, url))}
        />
        {uploading && <Text size="2">图片上传中...</Text>}
        {snapshot.matches('saving') && <Text size="2">保存中...</Text>}
      </Flex>
      {(uploadError ?? snapshot.context.error) && (
        <Text color="red" size="2" role="alert">
          {uploadError ?? snapshot.context.error}
        </Text>
      )}
      {pictures.length === 0 ? (
        <Text color="gray">该分类下暂无图片</Text>
      ) : (
        <Flex gap="3" wrap="wrap">
          {pictures.map((p, index) => (
            <Card key={p.pictureId} data-testid="sign-picture" style={{ width: 200 }}>
              <Flex direction="column" gap="2">
                <button
                  type="button"
                  className="gallery-thumb"
                  aria-label={`查看图片：${category.name}第 ${index + 1} 张`}
                  onClick={() => setPreviewIndex(index)}
                >
                  <img
                    src={p.url}
                    alt={`${category.name}第 ${index + 1} 张`}
                    width={176}
                    height={120}
                    style={{ objectFit: 'cover', display: 'block' }}
                  />
                </button>
                <Text size="1" color="gray">
                  {p.uploaderName ?? '—'} · {p.createTime}
                </Text>
                <Flex gap="2" align="center" wrap="wrap">
                  <FilePicker
                    label={`替换第 ${index + 1} 张`}
                    accept={imageTypes}
                    buttonText="替换"
                    disabled={isBusy}
                    resetAfterChoice
                    onFile={(file) => withUpload(file, (url) => replacePicture(urls, p.url, url))}
                  />
                  <Button
                    size="1"
                    variant="soft"
                    color="red"
                    disabled={isBusy}
                    onClick={() => setDeleting(p.url)}
                  >
                    删除
                  </Button>
                </Flex>
                {others.length > 0 && (
                  <Select.Root
                    value=""
                    disabled={isBusy}
                    onValueChange={(value) => save({ kind: 'move', url: p.url, toCategoryId: Number(value) })}
                  >
                    <Select.Trigger aria-label={`第 ${index + 1} 张移至分类`} placeholder="移至分类" />
                    <Select.Content>
                      {others.map((c) => (
                        <Select.Item key={c.categoryId} value={String(c.categoryId)}>
                          {c.name}
                        </Select.Item>
                      ))}
                    </Select.Content>
                  </Select.Root>
                )}
              </Flex>
            </Card>
          ))}
        </Flex>
      )}
      {pictures.length > 0 && (
        <ImagePreview
          pictures={pictures.map((p, index) => ({
            key: p.pictureId,
            url: p.url,
            title: `${category.name}第 ${index + 1} 张`,
          }))}
          index={previewIndex}
          onIndexChange={setPreviewIndex}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="提示"
        message="确定要删除该项吗？"
        onConfirm={() => {
          if (deleting !== null) save({ kind: 'set', pictures: removePicture(urls, deleting) });
          setDeleting(null);
        }}
        onCancel={() => setDeleting(null)}
      />
    </Flex>
  );
}

let draftSerial = 0;
const draftKey = () => `new-${(draftSerial += 1)}`;

function CategoryManager({
  categories,
  isSaving,
  error,
  onSave,
  onClose,
}: {
  categories: SignPictureCategory[];
  isSaving: boolean;
  error: string | null;
  onSave: (drafts: CategoryDraft[]) => void;
  onClose: () => void;
}) {
  const [drafts, setDrafts] = useState<CategoryDraft[]>(() =>
    categories.map((c) => ({ key: String(c.categoryId), categoryId: c.categoryId, name: c.name })),
  );
  const [problem, setProblem] = useState<string | null>(null);
  // The machine keeps the last refusal; this dialog shows only the answer to its own 保存.
  const [hasSaved, setSaved] = useState(false);
  const counts = new Map(categories.map((c) => [c.categoryId, c.count]));
  const rename = (index: number, name: string) =>
    setDrafts(drafts.map((draft, i) => (i === index ? { ...draft, name } : draft)));
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="480px" aria-describedby={undefined}>
        <Dialog.Title>管理分类</Dialog.Title>
        <Flex direction="column" gap="2" data-testid="category-manager">
          {drafts.map((draft, index) => (
            <Flex key={draft.key} gap="2" align="center">
              <TextField.Root
                aria-label={`分类名称 ${index + 1}`}
                placeholder="请输入分类名称"
                maxLength={20}
                value={draft.name}
                onChange={(e) => rename(index, e.target.value)}
                style={{ flex: 1 }}
              />
              {draft.categoryId !== undefined && (
                <Text size="1" color="gray">
                  本合同 {counts.get(draft.categoryId) ?? 0} 张
                </Text>
              )}
              <IconButton
                size="1"
                variant="soft"
                aria-label={`上移 ${draft.name}`}
                disabled={index === 0}
                onClick={() => setDrafts(moveCategory(drafts, index, -1))}
              >
                ↑
              </IconButton>
              <IconButton
                size="1"
                variant="soft"
                aria-label={`下移 ${draft.name}`}
                disabled={index === drafts.length - 1}
                onClick={() => setDrafts(moveCategory(drafts, index, 1))}
              >
                ↓
              </IconButton>
              <Button
                size="1"
                variant="soft"
                color="red"
                aria-label={`删除分类 ${draft.name}`}
                onClick={() => setDrafts(drafts.filter((_, i) => i !== index))}
              >
                删除
              </Button>
            </Flex>
          ))}
          <Button
            variant="soft"
            style={{ alignSelf: 'start' }}
            onClick={() => setDrafts([...drafts, { key: draftKey(), name: '' }])}
          >
            添加分类
          </Button>
          {(problem ?? (hasSaved ? error : null)) && (
            <Text color="red" size="2" role="alert">
              {problem ?? error}
            </Text>
          )}
        </Flex>
        <Flex gap="3" justify="end" mt="4">
          <Button variant="soft" color="gray" onClick={onClose}>
            取消
          </Button>
          <Button
            disabled={isSaving}
            onClick={() => {
              const found = checkCategories(drafts);
              setProblem(found);
              if (found !== null) return;
              setSaved(true);
              onSave(drafts);
            }}
          >
            保存
          </Button>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}

export function ContractPictures({ contractId }: { contractId: number }) {
  const { can } = usePermissions();
  const [machine] = useState(() =>
    resourceMachine.provide({
      actors: { load: loadPictureCategories(contractId), save: saveCategoryList(contractId) },
    }),
  );
  const [snapshot, send, actor] = useMachine(machine, { inspect });
  const [picked, setPicked] = useState<number | null>(null);
  const [isManaging, setManaging] = useState(false);
  const categories = snapshot.context.data as SignPictureCategory[] | null;
  if (snapshot.matches('failed'))
    return <LoadFailed error={snapshot.context.error} onRetry={() => send({ type: 'retry' })} />;
  if (!categories) return <Loading />;
  const current = categories.find((c) => c.categoryId === picked) ?? categories[0] ?? null;
  const canManage = can(SignAuth.appType, SignAuth.itemId, SignAuth.settings);
  return (
    <Flex direction="column" gap="3" data-testid="sign-pictures">
      <Flex gap="2" wrap="wrap" align="center">
        {categories.map((c) => (
          <Button
            key={c.categoryId}
            size="1"
            variant={c.categoryId === current?.categoryId ? 'solid' : 'soft'}
            onClick={() => setPicked(c.categoryId)}
          >
            {c.name}（{c.count}）
          </Button>
        ))}
        {canManage && (
          <Button size="1" variant="outline" onClick={() => setManaging(true)}>
            管理分类
          </Button>
        )}
      </Flex>
      {current !== null && (
        <CategoryPictures
          key={current.categoryId}
          contractId={contractId}
          category={current}
          others={categories.filter((c) => c.categoryId !== current.categoryId)}
          onChanged={() => send({ type: 'reload' })}
        />
      )}
      {isManaging && (
        <CategoryManager
          categories={categories}
          isSaving={snapshot.matches('saving')}
          error={snapshot.context.error}
          onClose={() => setManaging(false)}
          onSave={(drafts) => {
            send({ type: 'save', value: drafts });
            const saving = actor.subscribe((next) => {
              if (next.matches('saving')) return;
              saving.unsubscribe();
              if (next.context.error === null) setManaging(false);
            });
          }}
        />
      )}
    </Flex>
  );
}
