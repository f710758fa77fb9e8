import type * as React from 'react';

/** The look of every text box; a wrong value (aria-invalid) turns its border red. */
const inputClassName =
  'block min-h-11 w-full min-w-0 rounded-xl border border-ink/50 bg-surface px-4 py-2.5 text-ink placeholder:text-ink-muted aria-invalid:border-red-700';

/** A text box in the page's look, without a label: for a form that places its label itself. */
export function Input({ className = '', ...props }: React.ComponentProps<'input'>) {
  return <input data-slot="input" className={`${inputClassName} ${className}`} {...props} />;
}

/** A multi-line text box in the page's look. */
function Textarea({ className = '', ...props }: React.ComponentProps<'textarea'>) {
  return <textarea data-slot="textarea" className={`${inputClassName} ${className}`} {...props} />;
}

/** What a field shows around its control. */
export interface FieldParts {
  /** The control's id; its hint and error take `<id>-hint` and `<id>-error`. */
  id: string;
  label: React.ReactNode;
  /** Under the label, before the control: what to enter. */
  hint?: React.ReactNode;
  /** Under the control while its value is wrong, until it is fixed; nothing while it is fine. */
  error?: string | null;
  /** Ids of other text that describes the control (in `children`), read after the error and the hint. */
  describedBy?: string;
  /** Under the error: more about the field (a suggestion, a state, a button). */
  children?: React.ReactNode;
  /** The field's spacing in its form, e.g. `mt-5`. */
  className?: string;
}

/** The aria attributes that tie a control to its error and its descriptions. */
interface ControlAria {
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A label, an optional hint, the control, and a persistent error under it: the error is in the control's
 * aria-describedby (first, so it is heard first) and marks it invalid. The form decides when to show it.
 */
export function Field({
  id,
  label,
  hint,
  error,
  describedBy,
  children,
  className = '',
  control,
}: FieldParts & { control: (aria: ControlAria) => React.ReactNode }) {
  const described = [error ? `${id}-error` : '', hint ? `${id}-hint` : '', describedBy ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <div data-slot="field" className={className}>
      <label htmlFor={id} className="mb-1 block font-semibold text-ink">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="mb-2 text-sm text-ink-muted">
          {hint}
        </p>
      )}
      {control({ 'aria-invalid': error ? true : undefined, 'aria-describedby': described || undefined })}
      {error && (
        <p id={`${id}-error`} data-slot="field-error" className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      {children}
    </div>
  );
}

/** A field's props split into what Field shows around the control and what goes on the control itself. */
export function splitField<Props extends FieldParts>({
  id,
  label,
  hint,
  error,
  describedBy,
  children,
  className,
  ...control
}: Props) {
  return [{ id, label, hint, error, describedBy, children, className }, control] as const;
}

type InputProps<Element extends 'input' | 'textarea'> = FieldParts &
  Omit<React.ComponentProps<Element>, keyof FieldParts> & {
    /** Classes of the box itself (`className` is the field's), e.g. a typeface for a code. */
    inputClassName?: string;
  };

/** A one-line text field: label, hint, box and error (see Field). Attributes given override the field's own. */
export function TextField({ inputClassName, ...props }: InputProps<'input'>) {
  const [field, input] = splitField(props);
  return (
    <Field
      {...field}
      control={(aria) => <Input id={field.id} className={inputClassName} {...aria} {...input} />}
    />
  );
}

/** A multi-line text field: label, hint, box and error (see Field). */
export function TextareaField({ inputClassName, ...props }: InputProps<'textarea'>) {
  const [field, textarea] = splitField(props);
  return (
    <Field
      {...field}
      control={(aria) => <Textarea id={field.id} className={inputClassName} {...aria} {...textarea} />}
    />
  );
}
