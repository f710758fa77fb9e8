import type { Lesson } from './lesson';
import type { CourseOutline, OutlineLesson } from './outline';
import type { LessonProgress } from './progress';

/**
 * Spending a sign-in link or code: in, refused (used, expired, unknown, wrong), asked to wait (429), or no
 * answer at all.
 */
export type LinkOutcome = 'signed-in' | 'refused' | 'rate-limited' | 'unreachable';

/** Whether a session is stored (and still refreshable), or that could not be found out. */
type SessionOutcome = 'signed-in' | 'no-session' | 'unreachable';

/** Asking for a new link. `sent` is also the answer for an address that never signed up. */
export type NewLinkOutcome = 'sent' | 'rate-limited' | 'failed';

type SignOutOutcome = 'signed-out' | 'failed';

/** Time-limited addresses of one lesson's files. */
export interface LessonMedia {
  video: string;
  captions: string | null;
  poster: string | null;
}

/** The signed-in learner and how far they are in each lesson (keyed by `progressKey`). */
export interface LearnerProgress {
  learnerId: string;
  progress: Map<string, LessonProgress>;
}

/** One save of one lesson's progress. `completedAt` is sent only once the lesson counts as watched. */
export interface ProgressSave {
  learnerId: string;
  lessonKey: string;
  positionSeconds: number;
  completedAt: string | null;
}

/** The completion view's one question, "How useful was this course?": 1–5 and an optional comment. */
export interface OwnFeedback {
  rating: number;
  comment: string | null;
}

export interface FeedbackInput {
  learnerId: string;
  rating: number;
  comment: string;
}

export type FeedbackOutcome = 'saved' | 'already-sent' | 'failed';

/**
 * Everything the course page asks of its back end. The real one speaks supabase-js
 * (api/supabase-course-backend.ts); tests hand the components their own.
 */
export interface CourseBackend {
  /** Spends a sign-in link's token; a good one leaves a stored session. */
  verifySignInLink(tokenHash: string): Promise<LinkOutcome>;
  /** Starts loading what spending a link needs, while the page waits for the person's tap. */
  prepareSignIn(): void;
  /** Spends the 6-digit code a sign-in e-mail carries beside its link, for its address. */
  verifySignInCode(email: string, code: string): Promise<LinkOutcome>;
  sessionStatus(): Promise<SessionOutcome>;
  requestNewLink(email: string): Promise<NewLinkOutcome>;
  /** The published lessons as anyone may see them, before any sign-in; rejects on any failure. */
  loadOutline(): Promise<CourseOutline>;
  /** The published lessons in order; rejects on any failure, a malformed row included. */
  listLessons(): Promise<Lesson[]>;
  /** Rejects when any of the lesson's files cannot be signed. */
  signLessonMedia(lesson: Lesson): Promise<LessonMedia>;
  /** Signs a free preview lesson's files under whatever session there is, none included. */
  signPreviewMedia(preview: NonNullable<OutlineLesson['preview']>): Promise<LessonMedia>;
  /** The learner's own progress rows, read with the lessons; rejects on any failure. */
  loadProgress(): Promise<LearnerProgress>;
  /**
   * Writes one lesson's progress (insert or update); rejects on any failure. `leaving` sends it in a request
   * that outlives the page, started before this call returns.
   */
  saveProgress(save: ProgressSave, options: { leaving: boolean }): Promise<void>;
  /** The learner's own answer to the completion view's question, or null before they answer. */
  loadFeedback(): Promise<OwnFeedback | null>;
  /** Stores the answer, once per learner. */
  sendFeedback(feedback: FeedbackInput): Promise<FeedbackOutcome>;
  /** Whether the learner asked for an e-mail when they pause for a week (their latest answer). */
  loadReminderConsent(): Promise<boolean>;
  /** Records the learner's answer with the words they saw; rejects when it was not stored. */
  saveReminderConsent(given: boolean): Promise<void>;
  signOut(): Promise<SignOutOutcome>;
  /** Calls back whenever the session ends (signed out here or in another tab, refresh refused); returns the unsubscribe. */
  onSignedOut(listener: () => void): () => void;
}
