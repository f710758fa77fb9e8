/**
 * The learner's two e-mail consents on /course, "E-mail me if I pause for a week" and "E-mail me when new lessons
 * are added", read and answered as the signed-in learner: each answer is a row of its table with the words the
 * learner saw and their version; the latest row is the choice. Row-level security lets a learner add and read only
 * their own (docs/decisions/0135-reminders-with-consent.md).
 */
import { z } from '@/lib/zod';
import { courseCopy } from '@/content/course-page';
import { getSupabase } from '@/lib/supabase';

const latestRow = z.nullable(z.object({ given: z.boolean() }));

function emailConsent(
  table: 'reminder_consents' | 'announcement_consents',
  copy: { label: string; details: string; version: string },
  /** What the consent is about, in an error's words. */
  subject: string,
) {
  /** The words stored with an answer: the label and the line under it, as the page shows them. */
  const wording = `${copy.label}. ${copy.details}`;
  return {
    /** Whether the learner's latest answer is yes (no answer yet is no); rejects when it cannot be read. */
    async load(): Promise<boolean> {
      const supabase = await getSupabase();
      const { data, error } = await supabase
        .from(table)
        .select('given')
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
        .limit(1)
        .maybeSingle();
      if (error) throw new Error(`Reading your ${subject} choice failed: ${error.message}`);
      return latestRow.parse(data)?.given ?? false;
    },
    /** Records the learner's answer with its words; rejects when it was not stored. */
    async save(given: boolean): Promise<void> {
      const supabase = await getSupabase();
      const { error } = await supabase.from(table).insert({ given, wording, wording_version: copy.version });
      if (error) throw new Error(`Saving your ${subject} choice failed: ${error.message}`);
    },
  };
}

export const reminderConsent = emailConsent('reminder_consents', courseCopy.reminders, 'reminder');
export const announcementConsent = emailConsent(
  'announcement_consents',
  courseCopy.announcements,
  'announcement',
);
