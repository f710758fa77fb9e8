import type { SignupRow } from '@/lib/signups-csv';

/** What became of a learner's course e-mail: the outbox's state of it, or none queued. */
type CourseEmailState = 'sent' | 'queued' | 'dead' | 'none';

/** One learner as the studio lists them. */
export interface StudioLearner {
  email: string;
  name: string;
  firstSignedUpAt: Date;
  lastSignedUpAt: Date;
  courseEmail: CourseEmailState;
  /** The latest of their last sign-in and their last saved progress; null before either. */
  lastActiveAt: Date | null;
  lessonsWatched: number;
  /** Of the published lessons, 0–100. */
  percentComplete: number;
  reminders: boolean;
}

/** The newest learners matching a search, and how many match in all. */
export interface LearnerList {
  learners: StudioLearner[];
  total: number;
}

/** A refusal with words for the owner (the database's own), as opposed to a failure to reach the server. */
export class LearnersRefusal extends Error {}

/**
 * Everything the Learners section asks of its back end. The real one speaks supabase-js
 * (api/supabase-learners-backend.ts); tests hand the components their own. Failures reject.
 */
export interface LearnersBackend {
  /** The search is plain text: matched as typed, in any letter case, in the address or the name. */
  list(search: string): Promise<LearnerList>;
  /** Every sign-up as `signups export` has them, for the CSV. */
  exportRows(): Promise<SignupRow[]>;
  /** Erases the person for good; the server finishes the erasure record and the mailbox within seconds. */
  erase(email: string): Promise<void>;
}
