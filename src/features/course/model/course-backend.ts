import type { CourseOutline, LessonFiles, ShownPoster } from '@/shared/course-outline/outline';
import type { LessonMedia } from '@/shared/player/lesson-media';
import type { PlanAnswers } from '@/shared/plan-notes/plan-store';
import type { Answers } from '@/shared/questionnaire/questionnaire';
import type { SignInBackend } from '@/shared/sign-in/sign-in-backend';
import type { Lesson } from './lesson';
import type { LessonProgress } from './progress';

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

/** What the completion view and the certificate need: the name she signed up with, and when she finished. */
export interface CourseRecord {
  name: string;
  /** When every published lesson first counted as watched; a lesson published later does not take it back. */
  finishedAt: string | null;
}

/** Her name and answers to the questions (never her address) and her plan's notes, kept when she asks. */
export interface KeptAnswers {
  answers: Omit<Answers, 'email'>;
  plan: PlanAnswers;
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

/** The lessons and the addresses of their files: the public outline for anyone, the lessons for a learner. */
export interface CourseContentBackend {
  /**
   * The published lessons as anyone may see them, before any sign-in; rejects on any failure. `shown`: a poster
   * the page already shows, which stays the first poster's address when it is the first lesson's.
   */
  loadOutline(shown?: ShownPoster): Promise<CourseOutline>;
  /** The published lessons in order; rejects on any failure, a malformed row included. */
  listLessons(): Promise<Lesson[]>;
  /** Rejects when any of the lesson's files cannot be signed. */
  signLessonMedia(lesson: Lesson): Promise<LessonMedia>;
  /**
   * Signs a lesson's files as the outline names them, under whatever session there is, none included: a free
   * preview's for anyone, any lesson's for a signed-in learner.
   */
  signOutlineFiles(files: LessonFiles): Promise<LessonMedia>;
}

/** What the course keeps for the signed-in learner: their progress, their feedback, their wish for e-mails. */
export interface LearnerRecordBackend {
  /** The learner's own progress rows, read with the lessons; rejects on any failure. */
  loadProgress(): Promise<LearnerProgress>;
  /** Her name and her finish, read with the lessons; rejects on any failure. */
  loadCourseRecord(): Promise<CourseRecord>;
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
  /** Whether the learner asked for an e-mail when new lessons are added (their latest answer). */
  loadAnnouncementConsent(): Promise<boolean>;
  /** Records that answer with the words they saw; rejects when it was not stored. */
  saveAnnouncementConsent(given: boolean): Promise<void>;
  /** Her answers and plan kept with her account, or null when she has not asked for it. */
  loadKeptAnswers(): Promise<KeptAnswers | null>;
  /** Keeps (or updates) them with her account; rejects when they were not stored. */
  keepAnswers(kept: KeptAnswers): Promise<void>;
  /** Removes them from her account; rejects when that failed. */
  forgetKeptAnswers(): Promise<void>;
}

/**
 * Everything the course page asks of its back end: the three ports its parts use, each part taking only its
 * own. The real one speaks supabase-js (api/supabase-course-backend.ts); tests hand the page their own.
 */
export type CourseBackend = SignInBackend & CourseContentBackend & LearnerRecordBackend;
