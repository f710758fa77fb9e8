import { checkPicture, PICTURE_HEAD_BYTES, type PictureVerdict } from '@/lib/guide-rules';

/** Checks a picked file by its size, its first bytes and its type, before anything is shown or uploaded. */
export async function inspectPicture(file: File): Promise<PictureVerdict> {
  const head = new Uint8Array(await file.slice(0, PICTURE_HEAD_BYTES).arrayBuffer());
  return checkPicture({ size: file.size, head, type: file.type });
}
