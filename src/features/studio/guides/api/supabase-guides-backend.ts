/** The Guides section's back end: the database's studio_* guide functions and the public bucket "guides". */
import { z } from 'zod/mini';
import { resolveGuideImageUrl } from '@/features/guides/guide-image';
import { getSupabase } from '@/lib/supabase';
import {
  type CheckedPicture,
  type GuidesBackend,
  GuidesRefusal,
  type StudioGuide,
} from '../model/guides-backend';

// zod compiles object parsers with `new Function` unless told not to; the page's CSP forbids eval.
z.config({ jitless: true });

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

/** A plain exception in the function (P0001) carries words for the owner; anything else is a failure to reach it. */
function failure(error: { code?: string; message: string }): Error {
  return error.code === 'P0001' ? new GuidesRefusal(error.message) : new Error(error.message);
}

async function call(name: string, args?: Record<string, unknown>): Promise<StudioGuide[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc(name, args);
  if (error) throw failure(error);
  const bucket = supabase.storage.from('guides');
  return guideRows.parse(data).map((row) => ({
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
