import { z } from '@/lib/zod';
import { getSupabase } from '@/lib/supabase';
import { resolveGuideImageUrl } from '@/shared/guide-card/guide-image';
import { type GuideCardData, guideSchema } from './guide';

/**
 * The carousel's query: the active guides by order, with each image resolved to the address the browser
 * loads. Rejects on any failure, including a malformed row.
 */
export async function fetchGuides(): Promise<GuideCardData[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('guides')
    .select('id,name,title,quote,image_url,order_index')
    .eq('is_active', true)
    .order('order_index', { ascending: true });
  if (error) throw error;
  const bucket = supabase.storage.from('guides');
  return z
    .array(guideSchema)
    .parse(data)
    .map((guide) => ({
      ...guide,
      imageSrc: resolveGuideImageUrl(guide.image_url, (path) => bucket.getPublicUrl(path).data.publicUrl),
    }));
}
