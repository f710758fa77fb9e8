import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { studioSiteCopy } from '@/content/studio-site';
import { formatTime } from '@/lib/format-time';
import { ConfirmDialog } from '../../components/confirm-dialog';
import type { SiteVersion } from '../model/site-backend';

const copy = studioSiteCopy.history;

/** The published versions, newest (shown now) first, each restorable once the owner confirms. */
export function SiteHistory({
  versions,
  busy,
  unsaved,
  onRestore,
}: {
  versions: readonly SiteVersion[];
  busy: boolean;
  /** Whether the form holds changes not saved yet, which a restore drops. */
  unsaved: boolean;
  onRestore: (id: number) => void;
}) {
  const [asking, setAsking] = useState<number | null>(null);
  return (
    <section aria-labelledby="site-history">
      <h3 id="site-history" className="font-display text-xl font-semibold">
        {copy.heading}
      </h3>
      {versions.length === 0 ? (
        <p className="mt-2 text-ink-soft">{copy.empty}</p>
      ) : (
        <ol className="mt-3 grid gap-2">
          {versions.map((version, index) => (
            <li
              key={version.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-line bg-surface px-4 py-3"
            >
              <div>
                <p className="font-semibold">
                  {copy.version(version.id)}
                  {version.restoredFrom !== null && (
                    <span className="font-normal text-ink-muted">
                      {' '}
                      · {copy.restoredFrom(version.restoredFrom)}
                    </span>
                  )}
                </p>
                <p className="text-sm text-ink-muted">
                  {copy.publishedBy(
                    formatTime(new Date(version.publishedAt), navigator.language),
                    version.publishedBy,
                  )}
                </p>
              </div>
              {index === 0 ? (
                <span className="text-sm font-semibold text-green-800">{copy.current}</span>
              ) : (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={busy}
                  aria-label={copy.restoreLabel(version.id)}
                  onClick={() => setAsking(version.id)}
                >
                  {copy.restore}
                </Button>
              )}
            </li>
          ))}
        </ol>
      )}
      {asking !== null && (
        <ConfirmDialog
          words={{
            ...copy.confirm,
            title: copy.confirm.title(asking),
            description: unsaved
              ? `${copy.confirm.description} ${copy.confirm.unsaved}`
              : copy.confirm.description,
          }}
          onAnswer={(goAhead) => {
            setAsking(null);
            if (goAhead) onRestore(asking);
          }}
        />
      )}
    </section>
  );
}
