/**
 * "E-mail me if I pause for a week", read and answered as the signed-in learner: each answer is a row of
 * `reminder_consents` with the words the learner saw and their version; the latest row is the choice. Row-level
 * security lets a learner add and read only their own (docs/decisions/0135-reminders-with-consent.md).
 */
import { z } from '@/lib/zod';
import { courseCopy } from '@/content/course-page';
import { getSupabase } from '@/lib/supabase';

const copy = courseCopy.reminders;

/** The words stored with an answer: the label and the line under it, as the page shows them. */
export const REMINDER_WORDING = `${copy.label}. ${copy.details}`;

const latestRow = z.nullable(z.object({ given: z.boolean() }));

/** Whether the learner's latest answer is yes (no answer yet is no); rejects when it cannot be read. */
export async function loadReminderConsent(): Promise<boolean> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('reminder_consents')
    .select('given')
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(1)
    .maybeSingle();
  if (error) throw new Error(`Reading your reminder choice failed: ${error.message}`);
  return latestRow.parse(data)?.given ?? false;
}

/** Records the learner's answer with its words; rejects when it was not stored. */
export async function saveReminderConsent(given: boolean): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase
    .from('reminder_consents')
    .insert({ given, wording: REMINDER_WORDING, wording_version: copy.version });
  if (error) throw new Error(`Saving your reminder choice failed: ${error.message}`);
}
