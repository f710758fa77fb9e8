/**
 * The Learners section's back end: the database's studio_learners, studio_signup_rows, studio_erase_learner, and
 * one learner's studio_learner, studio_resend_course_email and studio_change_learner_email.
 */
import { signupRows } from '@/lib/signups-csv';
import { z } from '@/lib/zod';
import { studioRpc } from '../../api/studio-rpc';
import {
  type LearnerDetail,
  type LearnerList,
  type LearnersBackend,
  LearnersRefusal,
} from '../model/learners-backend';

const learnerList = z.object({
  total: z.number(),
  learners: z.array(
    z.object({
      id: z.number(),
      email: z.string(),
      name: z.string(),
      first_signed_up_at: z.coerce.date(),
      last_signed_up_at: z.coerce.date(),
      course_email: z.nullable(z.enum(['sent', 'queued', 'dead'])),
      course_email_provider: z.nullable(z.string()),
      last_active_at: z.nullable(z.coerce.date()),
      lessons_watched: z.number(),
      percent_complete: z.number(),
      reminders: z.boolean(),
    }),
  ),
});

const time = z.coerce.date();
const maybeTime = z.nullable(time);

const learnerDetail = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  source: z.string(),
  first_signed_up_at: time,
  last_signed_up_at: time,
  signup_count: z.number(),
  last_sign_in_at: maybeTime,
  finished_at: maybeTime,
  lessons: z.array(
    z.object({
      title: z.string(),
      duration_seconds: z.number(),
      position_seconds: z.nullable(z.number()),
      completed_at: maybeTime,
      updated_at: maybeTime,
    }),
  ),
  feedback: z.nullable(z.object({ rating: z.number(), comment: z.nullable(z.string()), created_at: time })),
  emails: z.array(
    z.object({
      id: z.number(),
      kind: z.string(),
      recipient: z.string(),
      status: z.enum(['pending', 'sending', 'sent', 'dead']),
      last_error: z.nullable(z.string()),
      provider: z.nullable(z.string()),
      created_at: time,
      sent_at: maybeTime,
    }),
  ),
  reminder_answers: z.array(
    z.object({ given: z.boolean(), wording_version: z.string(), source: z.string(), created_at: time }),
  ),
  announcement_answers: z.array(
    z.object({
      given: z.boolean(),
      wording: z.string(),
      wording_version: z.string(),
      source: z.string(),
      announcement_subject: z.nullable(z.string()),
      created_at: time,
    }),
  ),
  address_changes: z.array(
    z.object({ old_email: z.string(), new_email: z.string(), changed_by: z.string(), changed_at: time }),
  ),
});

const toDetail = (row: z.output<typeof learnerDetail>): LearnerDetail => ({
  id: row.id,
  email: row.email,
  name: row.name,
  source: row.source,
  firstSignedUpAt: row.first_signed_up_at,
  lastSignedUpAt: row.last_signed_up_at,
  signupCount: row.signup_count,
  lastSignInAt: row.last_sign_in_at,
  finishedAt: row.finished_at,
  lessons: row.lessons.map((lesson) => ({
    title: lesson.title,
    durationSeconds: lesson.duration_seconds,
    positionSeconds: lesson.position_seconds,
    completedAt: lesson.completed_at,
    updatedAt: lesson.updated_at,
  })),
  feedback: row.feedback && {
    rating: row.feedback.rating,
    comment: row.feedback.comment,
    createdAt: row.feedback.created_at,
  },
  emails: row.emails.map((email) => ({
    id: email.id,
    kind: email.kind,
    recipient: email.recipient,
    status: email.status,
    lastError: email.last_error,
    provider: email.provider,
    createdAt: email.created_at,
    sentAt: email.sent_at,
  })),
  reminderAnswers: row.reminder_answers.map((answer) => ({
    given: answer.given,
    wordingVersion: answer.wording_version,
    source: answer.source,
    createdAt: answer.created_at,
  })),
  announcementAnswers: row.announcement_answers.map((answer) => ({
    given: answer.given,
    wording: answer.wording,
    wordingVersion: answer.wording_version,
    source: answer.source,
    announcementSubject: answer.announcement_subject,
    createdAt: answer.created_at,
  })),
  addressChanges: row.address_changes.map((change) => ({
    oldEmail: change.old_email,
    newEmail: change.new_email,
    changedBy: change.changed_by,
    changedAt: change.changed_at,
  })),
});

export const supabaseLearnersBackend: LearnersBackend = {
  async list(search): Promise<LearnerList> {
    const { total, learners } = await studioRpc('studio_learners', { search }, learnerList, LearnersRefusal);
    return {
      total,
      learners: learners.map((row) => ({
        id: row.id,
        email: row.email,
        name: row.name,
        firstSignedUpAt: row.first_signed_up_at,
        lastSignedUpAt: row.last_signed_up_at,
        courseEmail: row.course_email ?? 'none',
        courseEmailProvider: row.course_email_provider,
        lastActiveAt: row.last_active_at,
        lessonsWatched: row.lessons_watched,
        percentComplete: row.percent_complete,
        reminders: row.reminders,
      })),
    };
  },
  async exportRows() {
    return studioRpc('studio_signup_rows', undefined, signupRows, LearnersRefusal);
  },
  async erase(email) {
    await studioRpc('studio_erase_learner', { address: email }, z.unknown(), LearnersRefusal);
  },
  async learner(id) {
    try {
      return toDetail(await studioRpc('studio_learner', { learner_id: id }, learnerDetail, LearnersRefusal));
    } catch (error) {
      // The database refuses only a learner who is not there.
      if (error instanceof LearnersRefusal) return null;
      throw error;
    }
  },
  async resendCourseEmail(id) {
    const queued = z.object({ recipient: z.string() });
    return (await studioRpc('studio_resend_course_email', { learner_id: id }, queued, LearnersRefusal))
      .recipient;
  },
  async changeEmail(id, email) {
    const changed = z.object({ email: z.string() });
    return (
      await studioRpc(
        'studio_change_learner_email',
        { learner_id: id, new_address: email },
        changed,
        LearnersRefusal,
      )
    ).email;
  },
};
