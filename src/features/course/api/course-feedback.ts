/**
 * The completion view's one question, read and answered as the signed-in learner: `course_feedback` holds one
 * row per learner, which row-level security lets them insert once and read, never change.
 */
import { z } from '@/lib/zod';
import { getSupabase } from '@/lib/supabase';
import type { FeedbackInput, FeedbackOutcome, OwnFeedback } from '../model/course-backend';

/** The longest comment the table takes (its check constraint). */
export const FEEDBACK_COMMENT_MAX_LENGTH = 2000;

const rating = z.number().check(z.int(), z.gte(1), z.lte(5));

const feedbackRow = z.object({ rating, comment: z.nullable(z.string()) });

const feedbackInput = z.object({
  learnerId: z.string().check(z.minLength(1)),
  rating,
  // Trimmed, as the table stores it; nothing left is no comment.
  comment: z.string().check(z.trim(), z.maxLength(FEEDBACK_COMMENT_MAX_LENGTH)),
});

/** PostgreSQL's unique violation, which PostgREST passes on: this learner has answered already. */
const DUPLICATE_KEY = '23505';

/** The learner's answer, or null before they answer; rejects when it cannot be read. */
export async function loadOwnFeedback(): Promise<OwnFeedback | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('course_feedback').select('rating, comment').maybeSingle();
  if (error) throw new Error(`Reading your answer failed: ${error.message}`);
  return data === null ? null : feedbackRow.parse(data);
}

/**
 * Sends the learner's answer. A rating outside 1–5, a comment over 2,000 characters or no learner is a
 * mistake of the caller, and throws; the form offers neither.
 */
export async function sendFeedback(input: FeedbackInput): Promise<FeedbackOutcome> {
  const answer = feedbackInput.parse(input);
  try {
    const supabase = await getSupabase();
    const { error } = await supabase.from('course_feedback').insert({
      user_id: answer.learnerId,
      rating: answer.rating,
      comment: answer.comment === '' ? null : answer.comment,
    });
    if (!error) return 'saved';
    if (error.code === DUPLICATE_KEY) return 'already-sent';
    console.error('Course: the feedback answer was refused.', error);
    return 'failed';
  } catch (error) {
    console.error('Course: the feedback answer could not be sent.', error);
    return 'failed';
  }
}
