/** The look of /course's text fields. */
export const fieldClassName =
  'block min-h-11 w-full min-w-0 rounded-xl border border-ink/50 bg-surface px-4 py-2.5 text-ink';

/** An e-mail address field with the browser's own check and autofill; its label is the form's to place. */
export function EmailInput({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <input
      id={id}
      type="email"
      required
      autoComplete="email"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      className={fieldClassName}
    />
  );
}
