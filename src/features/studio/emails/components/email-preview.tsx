import { useMemo } from 'react';
import type { EmailWords, WordedEmail } from '@/content/emails';
import { studioEmailsCopy as copy } from '@/content/studio-emails';
import {
  type ReminderMoment,
  renderSampleEmail,
} from '../../../../../supabase/functions/_shared/course-email.ts';

/**
 * The e-mail as learners get it, rendered by the e-mail core itself in the words being edited, with sample values:
 * its subject, and its HTML in a sandboxed frame (no script, no link followed, nothing of the studio reachable).
 */
export function EmailPreview({
  email,
  words,
  moment,
}: {
  email: WordedEmail;
  words: EmailWords;
  /** A reminder's: the one the field last changed speaks to. */
  moment: ReminderMoment;
}) {
  const rendered = useMemo(
    () => renderSampleEmail(email, words, window.location.origin, moment),
    [email, words, moment],
  );
  return (
    <div>
      <h3 className="font-display text-xl font-semibold">{copy.previewHeading}</h3>
      <p className="mt-1 text-sm text-ink-muted">
        {copy.previewNote}
        {email === 'reminder' && ` ${copy.reminderMoment(moment)}`}
      </p>
      <p className="mt-3 rounded-2xl border border-line bg-surface px-4 py-3">
        <span className="text-ink-muted">{copy.subjectLine}</span>{' '}
        <span className="font-semibold">{rendered.subject}</span>
      </p>
      <iframe
        title={copy.previewTitle(copy.emails[email].label)}
        sandbox=""
        srcDoc={rendered.html}
        className="mt-3 h-[36rem] w-full rounded-card border border-line bg-surface"
      />
    </div>
  );
}
