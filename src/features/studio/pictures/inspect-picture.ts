import {
  checkPicture,
  PICTURE_HEAD_BYTES,
  type PictureContentType,
  type PictureExtension,
  type PictureVerdict,
} from '@/lib/guide-rules';

/** A picture that passed the checks, ready to upload. */
export interface CheckedPicture {
  file: Blob;
  extension: PictureExtension;
  contentType: PictureContentType;
}

/** Checks a picked file by its size, its first bytes and its type, before anything is shown or uploaded. */
export async function inspectPicture(file: File): Promise<PictureVerdict> {
  const head = new Uint8Array(await file.slice(0, PICTURE_HEAD_BYTES).arrayBuffer());
  return checkPicture({ size: file.size, head, type: file.type });
}
