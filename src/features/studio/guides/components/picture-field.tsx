import { type ChangeEvent, type Ref } from 'react';
import { Button } from '@/components/ui/button';
import { studioGuidesCopy } from '@/content/studio-guides';
import type { PictureVerdict } from '@/lib/guide-rules';
import { inspectPicture } from '../model/inspect-picture';
import type { CheckedPicture } from '../model/guides-backend';

const copy = studioGuidesCopy.form;
const refusals = studioGuidesCopy.errors.picture;

/** What the owner is told about a refused file: what it is and what to upload instead. */
function refusalOf(verdict: Extract<PictureVerdict, { ok: false }>, file: File): string {
  if (verdict.reason === 'too-big') return refusals['too-big']((file.size / (1024 * 1024)).toFixed(1));
  return refusals[verdict.reason];
}

interface PictureFieldProps {
  id: string;
  inputRef: Ref<HTMLInputElement>;
  error: string | null;
  /** A guide's picture is there to remove (its current one, or one just picked). */
  canRemove: boolean;
  onPicked: (picture: CheckedPicture) => void;
  onRefused: (message: string) => void;
  onRemove: () => void;
}

/** The picture's file input: every pick is checked by its bytes before anything is shown or uploaded. */
export function PictureField({
  id,
  inputRef,
  error,
  canRemove,
  onPicked,
  onRefused,
  onRemove,
}: PictureFieldProps) {
  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    let verdict: PictureVerdict;
    try {
      verdict = await inspectPicture(file);
    } catch {
      onRefused(refusals.unreadable);
      return;
    }
    if (verdict.ok) {
      onPicked({ file, extension: verdict.extension, contentType: verdict.contentType });
    } else {
      // Cleared, so that picking the same file again after fixing it counts as a new pick.
      input.value = '';
      onRefused(refusalOf(verdict, file));
    }
  }

  return (
    <div>
      <label htmlFor={id} className="mb-1 block font-semibold text-ink">
        {copy.picture}
      </label>
      <p id={`${id}-hint`} className="mb-2 text-sm text-ink-muted">
        {copy.pictureHint}
      </p>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept="image/*"
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        aria-invalid={error ? true : undefined}
        onChange={(event) => void pick(event)}
        className="block w-full min-w-0 text-sm text-ink-soft file:mr-3 file:min-h-10 file:rounded-full file:border file:border-ink/15 file:bg-surface file:px-4 file:py-2 file:font-semibold file:text-ink hover:file:bg-paper"
      />
      {error && (
        <p id={`${id}-error`} className="mt-2 text-sm font-semibold text-red-700">
          {error}
        </p>
      )}
      {canRemove && (
        <Button variant="outline" size="sm" className="mt-3" onClick={onRemove}>
          {copy.removePicture}
        </Button>
      )}
    </div>
  );
}
