import { useEffect, useEffectEvent } from 'react';
import { claimEarlyIntent } from './early-intent';

/**
 * The pressed look of a control tapped before hydration, while its tap waits for the app. Such a control has
 * `suppressHydrationWarning`: the page's first script may have marked it `data-pending` before React arrived.
 */
export const pendingLook =
  'data-pending:translate-y-px data-pending:cursor-progress motion-safe:data-pending:animate-pulse';

/** Carries out, once the component has hydrated, a tap on its `data-intent={intent}` control that came before. */
export function useEarlyIntent(intent: string, carryOut: (control: HTMLElement) => void) {
  const onClaimed = useEffectEvent(carryOut);
  useEffect(() => {
    const control = claimEarlyIntent(intent);
    if (control) onClaimed(control);
  }, [intent]);
}
