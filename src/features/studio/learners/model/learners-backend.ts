import type { SignupRow } from '@/lib/signups-csv';

/** What became of a learner's course e-mail: the outbox's state of it, or none queued. */
type CourseEmailState = 'sent' | 'queued' | 'dead' | 'none';

/** One learner as the studio lists them. */
export interface StudioLearner {
  /** Her sign-up's id: her page is `/studio#learners/<id>`. */
  id: number;
  email: string;
  name: string;
  firstSignedUpAt: Date;
  lastSignedUpAt: Date;
  courseEmail: CourseEmailState;
  /** The transport that took it (`file`, `smtp`, `resend`), as the Outbox names it; null before one did. */
  courseEmailProvider: string | null;
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

/** One published lesson and how far she got in it. */
export interface LearnerLesson {
  title: string;
  durationSeconds: number;
  /** Null before she opened it. */
  positionSeconds: number | null;
  completedAt: Date | null;
  updatedAt: Date | null;
}

/** One e-mail to her, as the outbox has it. */
export interface LearnerEmail {
  id: number;
  /** 'course-access', 'sign-in-link', 'reminder', or a kind added later. */
  kind: string;
  recipient: string;
  status: 'pending' | 'sending' | 'sent' | 'dead';
  lastError: string | null;
  /** The transport that last took it (`file`, `smtp`, `resend`); null before one did. */
  provider: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

/** One of her answers to the reminders question. */
export interface ReminderAnswer {
  given: boolean;
  wordingVersion: string;
  /** 'course-page', or 'unsubscribe' for the link in a reminder. */
  source: string;
  createdAt: Date;
}

/** One of her answers to "E-mail me when new lessons are added". */
export interface AnnouncementAnswer {
  given: boolean;
  /** The words she saw, and their version. */
  wording: string;
  wordingVersion: string;
  /** 'course-page', or 'unsubscribe' for the link in an announcement. */
  source: string;
  /** The subject of the announcement whose unsubscribe link she used, while it is kept. */
  announcementSubject: string | null;
  createdAt: Date;
}

/** A correction of her address. */
interface AddressChange {
  oldEmail: string;
  newEmail: string;
  /** The owner who made it. */
  changedBy: string;
  changedAt: Date;
}

/** Everything the course knows of one learner, for her page. */
export interface LearnerDetail {
  id: number;
  email: string;
  name: string;
  source: string;
  firstSignedUpAt: Date;
  lastSignedUpAt: Date;
  signupCount: number;
  lastSignInAt: Date | null;
  finishedAt: Date | null;
  lessons: LearnerLesson[];
  feedback: { rating: number; comment: string | null; createdAt: Date } | null;
  /** Newest first, as are the answers and the changes. */
  emails: LearnerEmail[];
  reminderAnswers: ReminderAnswer[];
  announcementAnswers: AnnouncementAnswer[];
  addressChanges: AddressChange[];
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
  /** One learner's page; null for a learner who is not there any more (erased, or an owner's id). */
  learner(id: number): Promise<LearnerDetail | null>;
  /** Queues the course e-mail again, under the sign-up's limits; answers the address it goes to. */
  resendCourseEmail(id: number): Promise<string>;
  /** Corrects her address: the old one stops working and the new one gets the course e-mail; answers it as kept. */
  changeEmail(id: number, email: string): Promise<string>;
}
