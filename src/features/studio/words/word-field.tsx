import { Button } from '@/components/ui/button';
import { TextareaField, TextField } from '@/components/ui/text-field';
import { studioSiteCopy as copy } from '@/content/studio-site';

/** The id of a field's box, so the form can focus the first one that is wrong. */
export const fieldId = (formId: string, key: string) => `${formId}-${key.replaceAll('.', '-')}`;

/**
 * One of the owner's words, on the page or in an e-mail: its label and hint, a box (of several lines when
 * `rows` says so), how many characters of its limit it uses, and the way back to the shipped words once it
 * differs from them.
 */
export function WordField({
  id,
  label,
  hint,
  value,
  shipped,
  maxLength,
  rows,
  error,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  hint: string | undefined;
  value: string;
  shipped: string;
  maxLength: number;
  /** Lines of its box; undefined: one line. */
  rows: number | undefined;
  error: string | undefined;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const common = {
    id,
    label,
    hint,
    error,
    describedBy: `${id}-count`,
    value,
    disabled,
    // A little over the limit may be typed, so the message can say what is wrong instead of the box stopping.
    maxLength: maxLength * 2,
  };
  const below = (
    <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
      <p id={`${id}-count`} className="text-sm text-ink-muted">
        {copy.count(value.length, maxLength)}
      </p>
      {value !== shipped && (
        <Button
          variant="outline"
          size="sm"
          disabled={disabled}
          aria-label={copy.resetField(label)}
          onClick={() => onChange(shipped)}
        >
          {copy.reset}
        </Button>
      )}
    </div>
  );
  return rows === undefined ? (
    <TextField {...common} onChange={(event) => onChange(event.target.value)}>
      {below}
    </TextField>
  ) : (
    <TextareaField {...common} rows={rows} onChange={(event) => onChange(event.target.value)}>
      {below}
    </TextareaField>
  );
}
