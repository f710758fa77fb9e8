import type * as React from 'react';
import { Field, type FieldParts, splitField } from './text-field';

type FilePickerProps = Omit<React.ComponentProps<'input'>, 'type' | 'onChange'> & {
  /** The file picked, or null when the pick was cleared; `input` to clear it again. */
  onFile: (file: File | null, input: HTMLInputElement) => void;
};

/** A file input whose button looks like the page's other buttons. */
function FilePicker({ className = '', onFile, ...props }: FilePickerProps) {
  return (
    <input
      data-slot="file-picker"
      type="file"
      onChange={(event) => onFile(event.currentTarget.files?.[0] ?? null, event.currentTarget)}
      className={`block w-full min-w-0 text-sm text-ink-soft file:mr-3 file:min-h-10 file:rounded-full file:border file:border-ink/15 file:bg-surface file:px-4 file:py-2 file:font-semibold file:text-ink hover:file:bg-paper forced-colors:file:border-[ButtonText] ${className}`}
      {...props}
    />
  );
}

/** A file picker with its label, hint and error (see Field). Attributes given override the field's own. */
export function FileField(props: FieldParts & Omit<FilePickerProps, keyof FieldParts>) {
  const [field, picker] = splitField(props);
  return <Field {...field} control={(aria) => <FilePicker id={field.id} {...aria} {...picker} />} />;
}
