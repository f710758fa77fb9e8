import { z } from 'zod/mini';
import { getSupabase } from '@/lib/supabase';
import { type Guide, guideSchema } from './guide';

/** The carousel's query, exactly as spec §7 states it. Rejects on any failure, including a malformed row. */
export async function fetchGuides(): Promise<Guide[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('guides')
    .select('id,name,title,quote,image_url,order_index')
    .eq('is_active', true)
    .order('order_index', { ascending: true });
  if (error) throw error;
  return z.array(guideSchema).parse(data);
}
