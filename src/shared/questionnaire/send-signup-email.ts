import { getSupabase } from '@/lib/supabase';
import type { SendFailure } from './questionnaire';

/**
 * Asks the back end to record the sign-up and send the course e-mail: the questionnaire's one call. Only the
 * response's error field is read; any failure, including supabase-js failing to load, rejects.
 */
export async function sendSignupEmail(contact: { name: string; email: string }): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.functions.invoke('send-email', {
    body: { name: contact.name, email: contact.email },
  });
  if (error) throw error;
}

/**
 * What kind of failure a rejection of sendSignupEmail was, from the answer's status alone. supabase-js's
 * FunctionsHttpError carries the unread Response as `context`; it is recognised by that shape, because
 * importing the class would pull supabase-js into the page's first load.
 */
export function sendFailureOf(error: unknown): SendFailure {
  const context: unknown =
    typeof error === 'object' && error !== null && 'context' in error ? error.context : undefined;
  if (!(context instanceof Response)) return 'send-failed';
  if (context.status === 400) return 'address-rejected';
  if (context.status === 429) return 'rate-limited';
  return 'send-failed';
}
