import type { Ref } from 'react';
import { Button } from '@/components/ui/button';
import { FileField } from '@/components/ui/file-picker';
import { studioPicturesCopy } from '@/content/studio-pictures';
import type { PictureVerdict } from '@/lib/guide-rules';
import { type CheckedPicture, inspectPicture } from './inspect-picture';

const refusals = studioPicturesCopy.refusals;

/** What the owner is told about a refused file: what it is and what to upload instead. */
function refusalOf(verdict: Extract<PictureVerdict, { ok: false }>, file: File): string {
  if (verdict.reason === 'too-big') return refusals['too-big']((file.size / (1024 * 1024)).toFixed(1));
  return refusals[verdict.reason];
}

interface PictureFieldProps {
  id: string;
  label: string;
  hint: string;
  inputRef?: Ref<HTMLInputElement>;
  error: string | null;
  disabled?: boolean;
  /** The button that takes the picture away, when there is one to take away. */
  remove?: { label: string; ariaLabel?: string; onRemove: () => void };
  onPicked: (picture: CheckedPicture) => void;
  onRefused: (message: string) => void;
}

/** A picture's file input: every pick is checked by its bytes before anything is shown or uploaded. */
export function PictureField({
  id,
  label,
  hint,
  inputRef,
  error,
  disabled,
  remove,
  onPicked,
  onRefused,
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
      label={label}
      hint={hint}
      error={error}
      disabled={disabled}
      accept="image/*"
      onFile={(file, input) => void pick(file, input)}
    >
      {remove && (
        <Button
          variant="outline"
          size="sm"
          className="mt-3"
          disabled={disabled}
          aria-label={remove.ariaLabel}
          onClick={remove.onRemove}
        >
          {remove.label}
        </Button>
      )}
    </FileField>
  );
}
