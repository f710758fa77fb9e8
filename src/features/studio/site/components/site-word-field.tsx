import { Button } from '@/components/ui/button';
import { TextareaField, TextField } from '@/components/ui/text-field';
import { everySiteWordDefault, type SiteWordKey, siteWordRules } from '@/content/site-word-rules';
import { studioSiteCopy as copy } from '@/content/studio-site';
import type { CheckedPicture } from '../../pictures/inspect-picture';
import { isPictureKey, SitePictureField } from './site-picture-field';

/** The id of a field's box, so the form can focus the first one that is wrong. */
export const fieldId = (formId: string, key: SiteWordKey) => `${formId}-${key.replace('.', '-')}`;

/** Longer words (not an address) get a box of several lines. */
const MULTILINE_FROM = 150;

/**
 * One of the site's words: its label and hint, a box, how many characters of its limit it uses, and the way
 * back to the shipped words once it differs from them. A picture's field is its picture (SitePictureField).
 */
export function SiteWordField({
  formId,
  name,
  value,
  error,
  disabled,
  onChange,
  uploadPicture,
}: {
  formId: string;
  name: SiteWordKey;
  value: string;
  error: string | undefined;
  disabled: boolean;
  onChange: (value: string) => void;
  uploadPicture: (picture: CheckedPicture) => Promise<string>;
}) {
  if (isPictureKey(name)) {
    return (
      <SitePictureField
        id={fieldId(formId, name)}
        name={name}
        value={value}
        error={error}
        disabled={disabled}
        onChange={onChange}
        upload={uploadPicture}
      />
    );
  }
  const field = siteWordRules[name];
  const shipped = everySiteWordDefault[name];
  const { label, hint } = copy.fields[name];
  const id = fieldId(formId, name);
  const common = {
    id,
    label,
    hint,
    error,
    describedBy: `${id}-count`,
    value,
    disabled,
    // A little over the limit may be typed, so the message can say what is wrong instead of the box stopping.
    maxLength: field.maxLength * 2,
  };
  const below = (
    <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
      <p id={`${id}-count`} className="text-sm text-ink-muted">
        {copy.count(value.length, field.maxLength)}
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
  return field.kind === 'paragraphs' || (field.kind === 'text' && field.maxLength >= MULTILINE_FROM) ? (
    <TextareaField
      {...common}
      rows={field.kind === 'paragraphs' ? 8 : 3}
      onChange={(event) => onChange(event.target.value)}
    >
      {below}
    </TextareaField>
  ) : (
    <TextField {...common} onChange={(event) => onChange(event.target.value)}>
      {below}
    </TextField>
  );
}
