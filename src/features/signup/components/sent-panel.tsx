import { signupCopy } from '@/content/signup';
import { courseAccessEmail, emailBrand } from '@/content/emails';
import { FirstPreview } from './first-preview';

const copy = signupCopy.sentPanel;

/**
 * Under the success message: where the course e-mail went and how to find it, the first free preview lesson
 * to start at once (in place, with captions), a way to fix the address, and the teaser.
 */
export function SentPanel({
  sentTo,
  onChangeAddress,
  onWatchTeaser,
}: {
  sentTo: string;
  onChangeAddress: () => void;
  onWatchTeaser?: () => void;
}) {
  return (
    <div className="space-y-3 rounded-2xl border border-green-800/25 bg-green-50 p-4 text-sm text-ink sm:p-5 sm:text-base">
      <p>
        {copy.sentTo} <strong className="font-semibold break-all">{sentTo}</strong>
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-ink-muted">{copy.from}</dt>
        <dd className="font-medium">{emailBrand}</dd>
        <dt className="text-ink-muted">{copy.subject}</dt>
        <dd className="font-medium">{courseAccessEmail.subject}</dd>
      </dl>
      <p>{copy.timing}</p>
      <FirstPreview />
      <p className="text-ink-soft">{copy.spamHint}</p>
      <p className="flex flex-wrap gap-x-4 gap-y-1">
        <button
          type="button"
          onClick={onChangeAddress}
          className="inline-flex min-h-11 items-center font-semibold text-link underline underline-offset-4"
        >
          {copy.wrongAddress} {copy.changeAddress}
        </button>
        <span className="inline-flex min-h-11 items-center gap-1">
          {copy.meanwhile}
          <a
            href="#teaser"
            onClick={(event) => {
              if (!onWatchTeaser) return;
              event.preventDefault();
              onWatchTeaser();
            }}
            className="font-semibold text-link underline underline-offset-4"
          >
            {copy.watchTeaser}
          </a>
        </span>
      </p>
    </div>
  );
}
