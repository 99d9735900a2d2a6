/** Picture addresses sent with follow-ups and contract pictures must be images uploaded here first (/base/uploadPhoto). */
import { businessError } from '../../contract/envelope';
import type { FileStorage } from '../../storage/files';

const uploaded = /^(?:https?:\/\/[^/]+)?\/files\/([0-9a-f]{64}\.(?:png|jpg|webp|gif))$/;

/** The pictures as /files/<name>, in order and without repeats; 405 naming the field for anything else. */
export async function checkPictureUrls(
  files: FileStorage,
  urls: readonly string[],
  field: { label: string; key: string },
): Promise<string[]> {
  const result: string[] = [];
  for (const [index, raw] of urls.entries()) {
    const name = uploaded.exec(raw.trim())?.[1];
    if (!name || !(await files.read(name)))
      throw businessError(`${field.label}（${field.key}）第 ${index + 1} 张不是已上传的图片，请重新上传`);
    const url = `/files/${name}`;
    if (!result.includes(url)) result.push(url);
  }
  return result;
}
