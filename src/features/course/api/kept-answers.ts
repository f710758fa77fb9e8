/**
 * "Keep my answers and plan with my account", read and written as the signed-in learner: one row of
 * `kept_answers`, hers alone under row-level security, with the words she ticked; unticking deletes it
 * (docs/decisions/0153-the-learner-on-a-phone.md).
 */
import { z } from '@/lib/zod';
import { courseCopy } from '@/content/course-page';
import { ageGroups } from '@/content/signup';
import { getSupabase } from '@/lib/supabase';
import type { KeptAnswers } from '../model/course-backend';

const copy = courseCopy.keepAnswers;

/** The words stored with the row: the label and the line under it, as the page shows them. */
const KEEP_WORDING = `${copy.label}. ${copy.details}`;

const keptRow = z.nullable(
  z.object({
    answers: z.object({
      ageGroup: z.nullable(z.string()),
      worries: z.array(z.string()),
      dream: z.string(),
      strengths: z.array(z.string()),
      name: z.string(),
    }),
    plan: z.record(z.string(), z.string()),
  }),
);

/** The learner's kept answers and plan, or null when she has not asked to keep them. */
export async function loadKeptAnswers(): Promise<KeptAnswers | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('kept_answers').select('answers, plan').maybeSingle();
  if (error) throw new Error(`Reading your kept answers failed: ${error.message}`);
  const row = keptRow.parse(data);
  if (!row) return null;
  // An age group the questions no longer offer is dropped, as the device's own answers are.
  const ageGroup = ageGroups.find((group) => group.id === row.answers.ageGroup)?.id ?? null;
  return { answers: { ...row.answers, ageGroup }, plan: row.plan };
}

/** Keeps (or updates) the learner's answers and plan with her account; rejects when they were not stored. */
export async function keepAnswers(kept: KeptAnswers): Promise<void> {
  const supabase = await getSupabase();
  const { data: session } = await supabase.auth.getSession();
  const learnerId = session.session?.user.id;
  if (!learnerId) throw new Error('Keeping your answers needs you signed in.');
  const { error } = await supabase
    .from('kept_answers')
    .upsert(
      { user_id: learnerId, ...kept, wording: KEEP_WORDING, wording_version: copy.version },
      { onConflict: 'user_id' },
    );
  if (error) throw new Error(`Keeping your answers failed: ${error.message}`);
}

/** Removes the learner's kept answers and plan from her account. */
export async function forgetKeptAnswers(): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('forget_my_kept_answers');
  if (error) throw new Error(`Removing your kept answers failed: ${error.message}`);
}
