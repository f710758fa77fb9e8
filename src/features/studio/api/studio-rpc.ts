import { getSupabase } from '@/lib/supabase';
import type { z } from '@/lib/zod';

/** The error a section throws when the database refused with words for the owner. */
type Refusal = new (message: string) => Error;

/**
 * Calls a database function as the signed-in owner and parses its answer with `schema`. A plain exception in the
 * function (P0001) carries words for the owner and rejects as `refusal`; anything else is a failure to reach it.
 */
export async function studioRpc<T>(
  name: string,
  args: Record<string, unknown> | undefined,
  schema: z.ZodMiniType<T>,
  refusal: Refusal = Error,
): Promise<T> {
  const { data, error } = await (await getSupabase()).rpc(name, args);
  if (error)
    throw error.code === 'P0001' ? new refusal(error.message) : new Error(`${name} failed: ${error.message}`);
  return schema.parse(data);
}
