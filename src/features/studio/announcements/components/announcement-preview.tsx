import { useMemo } from 'react';
import { studioAnnouncementsCopy as copy } from '@/content/studio-announcements';
import { renderSampleAnnouncement } from '../../../../../supabase/functions/_shared/course-email.ts';
import type { AnnouncementDraft } from '../model/announcements-backend';

/**
 * The announcement as learners get it, rendered by the e-mail core itself from what she is writing, with sample
 * values: its subject, and its HTML in a sandboxed frame (no script, no link followed).
 */
export function AnnouncementPreview({ draft }: { draft: AnnouncementDraft }) {
  const rendered = useMemo(
    () => renderSampleAnnouncement({ subject: draft.subject, body: draft.text }, window.location.origin),
    [draft.subject, draft.text],
  );
  return (
    <div>
      <h3 className="font-display text-xl font-semibold">{copy.previewHeading}</h3>
      <p className="mt-1 text-sm text-ink-muted">{copy.previewNote}</p>
      <p className="mt-3 rounded-2xl border border-line bg-surface px-4 py-3 break-words">
        <span className="text-ink-muted">{copy.subjectLine}</span>{' '}
        <span className="font-semibold">{rendered.subject}</span>
      </p>
      <iframe
        title={copy.previewTitle}
        sandbox=""
        srcDoc={rendered.html}
        className="mt-3 h-[32rem] w-full rounded-card border border-line bg-surface"
      />
    </div>
  );
}
