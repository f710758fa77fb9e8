/** The studio's "Send a test to me": the send-email function's `test` endpoint, as the signed-in owner. */
import { getSupabase } from '@/lib/supabase';
import { z } from '@/lib/zod';

const sent = z.object({ ok: z.literal(true), to: z.string() });
const refused = z.object({ error: z.string() });

/**
 * Asks for the test `body` names and answers the owner's address; rejects as `refusal` with the server's words
 * when it says why not (too many tests, signed out), else with the failure itself.
 */
export async function sendTestEmail(
  body: Record<string, string>,
  refusal: new (message: string) => Error,
): Promise<string> {
  const { data, error } = await (await getSupabase()).functions.invoke('send-email/test', { body });
  if (error) {
    // FunctionsHttpError carries the unread Response as `context`: its words say why, unless the server failed.
    const context: unknown =
      typeof error === 'object' && error !== null && 'context' in error ? error.context : undefined;
    if (context instanceof Response && context.status < 500) {
      const answer = refused.safeParse(await context.json().catch(() => undefined));
      if (answer.success) throw new refusal(answer.data.error);
    }
    throw error;
  }
  return sent.parse(data).to;
}
