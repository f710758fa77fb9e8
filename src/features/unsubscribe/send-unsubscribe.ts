import { getSupabase } from '@/lib/supabase';

/**
 * Stops the reminders of the address a reminder's link names: POSTs its token to the send-email function's
 * unsubscribe endpoint, which answers alike for every token. Rejects when the answer is not a success.
 */
export async function sendUnsubscribe(token: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.functions.invoke('send-email/unsubscribe', { body: { token } });
  if (error) throw error;
}
