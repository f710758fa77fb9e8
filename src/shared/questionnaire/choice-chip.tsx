import type { ComponentProps } from 'react';

/** One option of a group: a native checkbox or radio inside a label at least 44 px tall, the whole chip clickable. */
export function ChoiceChip({
  label,
  ...input
}: { label: string } & Omit<ComponentProps<'input'>, 'className'> & { type: 'checkbox' | 'radio' }) {
  return (
    <label
      data-slot="choice-chip"
      className="flex min-h-11 cursor-pointer items-center gap-2.5 rounded-xl border border-ink/20 bg-surface px-3 py-2 leading-snug text-ink transition-colors hover:border-ink/40 has-checked:border-link has-checked:bg-link/10 has-disabled:cursor-not-allowed has-disabled:opacity-50 has-disabled:hover:border-ink/20 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-focus forced-colors:has-checked:border-[Highlight]"
    >
      <input {...input} className="size-5 shrink-0 accent-link focus-visible:outline-none" />
      <span>{label}</span>
    </label>
  );
}
