import type { ComponentProps } from 'react';

/** One option of a group: a native checkbox or radio inside a label at least 44 px tall, the whole chip clickable. */
export function ChoiceChip({
  label,
  ...input
}: { label: string } & Omit<ComponentProps<'input'>, 'className'> & { type: 'checkbox' | 'radio' }) {
  return (
    <label
      data-slot="choice-chip"
      className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-800 transition-colors has-checked:border-blue-700 has-checked:bg-blue-50 has-disabled:cursor-not-allowed has-disabled:opacity-50 has-focus-visible:ring-2 has-focus-visible:ring-blue-700 has-focus-visible:ring-offset-2"
    >
      <input {...input} className="size-5 shrink-0 accent-blue-700 focus-visible:outline-none" />
      <span>{label}</span>
    </label>
  );
}
