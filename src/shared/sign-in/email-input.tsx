import { Input } from '@/components/ui/text-field';

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
    <Input
      id={id}
      type="email"
      required
      autoComplete="email"
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
