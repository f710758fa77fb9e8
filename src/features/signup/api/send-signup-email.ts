import { getSupabase } from '@/lib/supabase';

/**
 * Asks the back end to record the sign-up and send the course e-mail (spec §7). Only the response's error
 * field is read; any failure, including supabase-js failing to load, rejects.
 */
export async function sendSignupEmail(contact: { name: string; email: string }): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.functions.invoke('send-email', {
    body: { name: contact.name, email: contact.email },
  });
  if (error) throw error;
}
