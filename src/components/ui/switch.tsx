import type * as React from 'react';

type SwitchProps = Omit<
  React.ComponentProps<'button'>,
  'onClick' | 'role' | 'type' | 'name' | 'value' | 'form' | 'formAction'
> & {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
};

/**
 * An on/off switch (role="switch", aria-checked) styled for the dark hero: a native button, so Space, Enter
 * and a click on its label toggle it. Radix's Switch stored its own button in state and re-rendered the page
 * synchronously right after hydration (docs/decisions/0154); this one renders once.
 */
export function Switch({ checked, onCheckedChange, className = '', ...props }: SwitchProps) {
  const state = checked ? 'checked' : 'unchecked';
  return (
    <button
      {...props}
      type="button"
      role="switch"
      aria-checked={checked}
      data-state={state}
      data-slot="switch"
      className={`inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-white/25 transition-colors data-[state=checked]:bg-lens-2 forced-colors:border-[ButtonText] ${className}`}
      onClick={() => onCheckedChange(!checked)}
    >
      <span
        data-state={state}
        data-slot="switch-thumb"
        className="pointer-events-none block size-6 rounded-full bg-white shadow-md transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0 forced-colors:bg-[ButtonText] forced-colors:forced-color-adjust-none data-[state=checked]:forced-colors:bg-[Highlight]"
      />
    </button>
  );
}
