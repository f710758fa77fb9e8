/** The Guides section's back end: the database's studio_* guide functions and the public bucket "guides". */
import { resolveGuideImageUrl } from '@/shared/guide-card/guide-image';
import { getSupabase } from '@/lib/supabase';
import { z } from '@/lib/zod';
import { studioRpc } from '../../api/studio-rpc';
import { uploadPublicPicture } from '../../pictures/upload-picture';
import { type GuidesBackend, GuidesRefusal, type StudioGuide } from '../model/guides-backend';

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
  uploadPicture: uploadPublicPicture,
};
