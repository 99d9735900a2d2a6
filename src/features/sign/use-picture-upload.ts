/** Uploading one picture of a contract (follow-ups, 签约图片): 图片上传中... while it goes, the server's message when refused. */
import { useState } from 'react';
import { uploadSignPicture } from './sign-actors';

export function usePictureUpload() {
  const [isUploading, setIsUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  /** Uploads the file; `onUploaded` gets its address. */
  const upload = (file: File, onUploaded: (url: string) => void) => {
    setUploadError(null);
    setIsUploading(true);
    uploadSignPicture(file).then(
      (url) => {
        setIsUploading(false);
        onUploaded(url);
      },
      (error: unknown) => {
        setIsUploading(false);
        setUploadError(error instanceof Error ? error.message : String(error));
      },
    );
  };
  return { isUploading, uploadError, upload };
}
