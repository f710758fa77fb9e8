/** The E-mails section's test: the send-email function's `test` endpoint, as the signed-in owner. */
import { getSupabase } from '@/lib/supabase';
import { z } from '@/lib/zod';
import { SiteRefusal } from '../../site/model/site-backend';
import type { TestSender } from '../model/test-sender';

const sent = z.object({ ok: z.literal(true), to: z.string() });
const refused = z.object({ error: z.string() });

export const sendTestEmail: TestSender = async (email) => {
  const { data, error } = await (
    await getSupabase()
  ).functions.invoke('send-email/test', { body: { email } });
  if (error) {
    // FunctionsHttpError carries the unread Response as `context`: its words say why, unless the server failed.
    const context: unknown =
      typeof error === 'object' && error !== null && 'context' in error ? error.context : undefined;
    if (context instanceof Response && context.status < 500) {
      const answer = refused.safeParse(await context.json().catch(() => undefined));
      if (answer.success) throw new SiteRefusal(answer.data.error);
    }
    throw error;
  }
  return sent.parse(data).to;
};
