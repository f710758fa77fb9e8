import type { Ref } from 'react';
import { Button } from '@/components/ui/button';
import { FileField } from '@/components/ui/file-picker';
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
  async function pick(file: File | null, input: HTMLInputElement) {
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
    <FileField
      ref={inputRef}
      id={id}
      label={copy.picture}
      hint={copy.pictureHint}
      error={error}
      accept="image/*"
      onFile={(file, input) => void pick(file, input)}
    >
      {canRemove && (
        <Button variant="outline" size="sm" className="mt-3" onClick={onRemove}>
          {copy.removePicture}
        </Button>
      )}
    </FileField>
  );
}
