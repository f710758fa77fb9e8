/** The studio's pictures go to the public bucket "guides", which holds every picture the landing page shows. */
import { uploadSmallFile } from '../api/bucket-uploads';
import type { CheckedPicture } from './inspect-picture';

/** The same name the owner's tool gives a picture: the first 32 hex digits of its SHA-256, and its format. */
async function objectNameOf(bytes: ArrayBuffer, picture: CheckedPicture): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new Uint8Array(bytes)));
  const hex = Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 32)}.${picture.extension}`;
}

/** Stores the picture in the public bucket under a name made from its content; answers that name. */
export async function uploadPublicPicture(picture: CheckedPicture): Promise<string> {
  const bytes = await picture.file.arrayBuffer();
  const path = await objectNameOf(bytes, picture);
  // Sent as raw bytes, so the stored type is the one the bytes showed, never the name's guess. The name is
  // the content's hash: the same name always holds the same bytes, so browsers may keep it for a year.
  await uploadSmallFile('guides', path, bytes, picture.contentType, '31536000');
  return path;
}
