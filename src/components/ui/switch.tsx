import * as SwitchPrimitive from '@radix-ui/react-switch';
import type * as React from 'react';

/** Radix Switch (role="switch", aria-checked), styled for the dark hero. */
export function Switch({ className = '', ...props }: React.ComponentProps<typeof SwitchPrimitive.Root>) {
  return (
    <SwitchPrimitive.Root
      data-slot="switch"
      className={`peer inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-white/25 transition-colors data-[state=checked]:bg-lens-2 ${className}`}
      {...props}
    >
      <SwitchPrimitive.Thumb
        data-slot="switch-thumb"
        className="pointer-events-none block size-6 rounded-full bg-white shadow-md transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0"
      />
    </SwitchPrimitive.Root>
  );
}
