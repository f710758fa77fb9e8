/** Whether a modal dialog is on screen, for what it covers: the guides carousel stops turning behind it. */
import { useEffect, useSyncExternalStore } from 'react';

let dialogsShown = 0;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function countShown(change: 1 | -1) {
  dialogsShown += change;
  for (const listener of listeners) listener();
}

/** Counts the calling dialog as shown while its effects run: one kept hidden in an Activity runs none. */
export function useCountAsShownDialog(): void {
  useEffect(() => {
    countShown(1);
    return () => countShown(-1);
  }, []);
}

/** Whether any dialog is shown in front of the page. */
export function useDialogShown(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => dialogsShown > 0,
    () => false,
  );
}
