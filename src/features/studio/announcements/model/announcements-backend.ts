/** One announcement she sent, with what it did: delivered, waiting, failed, and what learners did after. */
export interface SentAnnouncement {
  id: number;
  subject: string;
  /** Set when it announced a newly published lesson by itself. */
  lessonId: number | null;
  createdAt: Date;
  recipients: number;
  sent: number;
  waiting: number;
  failed: number;
  /** Recipients who signed in or watched within 3 days of their e-mail. */
  opened: number;
  /** Unsubscribes its link brought. */
  unsubscribed: number;
}

/** The section as the studio shows it. */
export interface Announcements {
  /** Learners who would get an announcement sent now. */
  audience: number;
  /** Each newly published lesson is announced. */
  newLessons: boolean;
  /** Newest first. */
  sent: SentAnnouncement[];
}

/** What she writes: plain text, rendered safely by the e-mail core. */
export interface AnnouncementDraft {
  subject: string;
  text: string;
}

/** The longest subject and text the database takes. */
export const ANNOUNCEMENT_LIMITS = { subject: 150, text: 10_000 } as const;

/** A refusal with words for the owner (the database's or the server's own), not a failure to reach it. */
export class AnnouncementRefusal extends Error {}

/**
 * Everything the Announcements section asks of its back end. The real one speaks supabase-js
 * (api/supabase-announcements-backend.ts); tests hand the components their own. Failures reject.
 */
export interface AnnouncementsBackend {
  load(): Promise<Announcements>;
  /**
   * Sends it to everyone who asked, once each. `requestKey` names this announcement: sending it again with the
   * same key sends nothing more. Answers how many it went to.
   */
  send(draft: AnnouncementDraft, requestKey: string): Promise<number>;
  /** Sends it, marked as a test, to her own address; answers that address. */
  sendTest(draft: AnnouncementDraft): Promise<string>;
  /** Turns announcing each newly published lesson on or off. */
  setNewLessons(on: boolean): Promise<Announcements>;
}

/** Every announcement's e-mails sent, recipients who opened the course within 3 days, and unsubscribes, summed. */
export function announcementTotals(sent: readonly SentAnnouncement[]) {
  return sent.reduce(
    (total, one) => ({
      announcements: total.announcements + 1,
      sent: total.sent + one.sent,
      opened: total.opened + one.opened,
      unsubscribed: total.unsubscribed + one.unsubscribed,
    }),
    { announcements: 0, sent: 0, opened: 0, unsubscribed: 0 },
  );
}
