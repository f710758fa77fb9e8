import { useId } from 'react';
import { FileField } from '@/components/ui/file-picker';
import { studioLessonsCopy } from '@/content/studio-lessons';

const copy = studioLessonsCopy.add;

/** The poster to store: one of the video's frames, or a picture of the owner's (checked by its bytes). */
export type PosterChoice =
  | { kind: 'frame'; index: number }
  | { kind: 'picture'; file: File; url: string; extension: 'jpg' | 'png' | 'webp'; contentType: string };

/** The poster as a choice between the video's frames and an uploaded picture, each shown as it will look. */
export function PosterPicker({
  legend,
  hint,
  frameUrls,
  choice,
  pictureProblem,
  onChoose,
  onPicture,
}: {
  legend: string;
  hint: string;
  frameUrls: readonly string[];
  choice: PosterChoice | null;
  pictureProblem: boolean;
  onChoose: (choice: PosterChoice) => void;
  onPicture: (file: File) => void;
}) {
  const id = useId();
  const option =
    'relative block cursor-pointer overflow-hidden rounded-xl border-2 border-transparent has-[:checked]:border-ink has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2';
  return (
    <fieldset aria-describedby={`${id}-hint`}>
      <legend className="font-semibold text-ink">{legend}</legend>
      <p id={`${id}-hint`} className="mt-1 text-sm text-ink-muted">
        {hint}
      </p>
      <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
        {frameUrls.map((url, index) => (
          <label key={url} className={option}>
            <input
              type="radio"
              name={`${id}-poster`}
              className="sr-only"
              checked={choice?.kind === 'frame' && choice.index === index}
              onChange={() => onChoose({ kind: 'frame', index })}
            />
            <img src={url} alt="" className="aspect-video w-full object-cover" />
            <span className="block bg-surface px-2 py-1 text-sm">{copy.frame(index + 1)}</span>
          </label>
        ))}
        {choice?.kind === 'picture' && (
          <label className={option}>
            <input
              type="radio"
              name={`${id}-poster`}
              className="sr-only"
              checked
              onChange={() => onChoose(choice)}
            />
            <img src={choice.url} alt="" className="aspect-video w-full object-cover" />
            <span className="block truncate bg-surface px-2 py-1 text-sm">{choice.file.name}</span>
          </label>
        )}
      </div>
      <FileField
        id={`${id}-picture`}
        label={copy.posterUpload}
        error={pictureProblem ? copy.posterNotPicture : null}
        accept="image/jpeg,image/png,image/webp"
        onFile={(file) => {
          if (file) onPicture(file);
        }}
        className="mt-3"
      />
    </fieldset>
  );
}
