import { useId } from 'react';

/**
 * One prompt of the plan and the learner's answer. On paper the answer is printed as text beside the hidden
 * field, so a long answer wraps instead of being cut at the field's edge; an empty one leaves a line to write on.
 */
export function PlanField({
  prompt,
  value,
  onChange,
}: {
  prompt: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="mt-5 break-inside-avoid print:mt-2">
      <label htmlFor={id} className="block font-semibold text-ink print:text-[10pt]">
        {prompt}
      </label>
      <textarea
        id={id}
        value={value}
        rows={3}
        onChange={(event) => onChange(event.target.value)}
        className="mt-2 block min-h-24 w-full rounded-xl border border-ink/50 bg-surface px-4 py-2.5 leading-relaxed text-ink field-sizing-content print:hidden"
      />
      <p className="hidden whitespace-pre-wrap print:mt-0.5 print:block print:text-[10pt] print:leading-snug print:empty:h-[2.2em] print:empty:border-b print:empty:border-dotted print:empty:border-black">
        {value || null}
      </p>
    </div>
  );
}
