import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { studioSiteCopy as copy } from '@/content/studio-site';
import type { Busy } from './use-drafted-words';

/**
 * The bar under a words form, kept in view: what the last press did, what a Publish would make live (the page's
 * words and the e-mails' are published together), Publish (the form's submit), Save draft, and a section's own
 * buttons after them.
 */
export function PublishBar({
  message,
  counts,
  busy,
  unsaved,
  onSave,
  children,
}: {
  message: { text: string; failed: boolean } | null;
  counts: { page: number; emails: number };
  busy: Busy | null;
  unsaved: boolean;
  onSave: () => void;
  children?: ReactNode;
}) {
  const unpublished = counts.page + counts.emails > 0;
  return (
    <div className="sticky bottom-0 -mx-1 grid gap-3 border-t border-line bg-paper/95 px-1 py-4 backdrop-blur">
      {/* Beside the buttons, so that on a phone what a press did is where she pressed. */}
      <p
        role="status"
        aria-live="polite"
        aria-atomic="true"
        className={`font-semibold empty:hidden ${message?.failed ? 'text-red-700' : 'text-green-800'}`}
      >
        {message?.text}
      </p>
      <p className="text-sm text-ink-soft">{unpublished ? copy.unpublished(counts) : copy.upToDate}</p>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy !== null || !unpublished}>
          {busy === 'publishing' ? copy.publishing : copy.publish}
        </Button>
        <Button variant="outline" disabled={busy !== null || !unsaved} onClick={onSave}>
          {busy === 'saving' ? copy.saving : copy.saveDraft}
        </Button>
        {children}
      </div>
    </div>
  );
}
