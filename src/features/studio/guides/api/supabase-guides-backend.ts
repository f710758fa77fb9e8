/** The Guides section's back end: the database's studio_* guide functions and the public bucket "guides". */
import { resolveGuideImageUrl } from '@/shared/guide-card/guide-image';
import { getSupabase } from '@/lib/supabase';
import { z } from '@/lib/zod';
import { studioRpc } from '../../api/studio-rpc';
import {
  type CheckedPicture,
  type GuidesBackend,
  GuidesRefusal,
  type StudioGuide,
} from '../model/guides-backend';

const guideRows = z.array(
  z.object({
    id: z.number(),
    name: z.string(),
    title: z.string(),
    quote: z.nullable(z.string()),
    image_url: z.nullable(z.string()),
    is_active: z.boolean(),
  }),
);

/** A studio_* guide function, whose answer is the whole list in carousel order. */
async function call(name: string, args?: Record<string, unknown>): Promise<StudioGuide[]> {
  const rows = await studioRpc(name, args, guideRows, GuidesRefusal);
  const bucket = (await getSupabase()).storage.from('guides');
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    title: row.title,
    quote: row.quote,
    imageUrl: row.image_url,
    imageSrc: resolveGuideImageUrl(row.image_url, (path) => bucket.getPublicUrl(path).data.publicUrl),
    isActive: row.is_active,
  }));
}

/** The same name the owner's tool gives a picture: the first 32 hex digits of its SHA-256, and its format. */
async function objectNameOf(bytes: ArrayBuffer, picture: CheckedPicture): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new Uint8Array(bytes)));
  const hex = Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 32)}.${picture.extension}`;
}

export const supabaseGuidesBackend: GuidesBackend = {
  list: () => call('studio_guides'),
  save: (draft) =>
    call('studio_save_guide', {
      guide_id: draft.id,
      name: draft.name,
      title: draft.title,
      quote: draft.quote,
      image_url: draft.imageUrl,
    }),
  reorder: (ids) => call('studio_reorder_guides', { guide_ids: ids }),
  setActive: (id, active) => call('studio_set_guide_active', { guide_id: id, active }),
  remove: (id) => call('studio_delete_guide', { guide_id: id }),
  async uploadPicture(picture) {
    const supabase = await getSupabase();
    const bytes = await picture.file.arrayBuffer();
    const path = await objectNameOf(bytes, picture);
    // Sent as raw bytes, so the stored type is the one the bytes showed, never the name's guess. The name is
    // the content's hash: writing it again writes the same bytes, so upsert is safe.
    const { error } = await supabase.storage.from('guides').upload(path, bytes, {
      contentType: picture.contentType,
      cacheControl: '31536000',
      upsert: true,
    });
    if (error) throw new Error(error.message);
    return path;
  },
};
