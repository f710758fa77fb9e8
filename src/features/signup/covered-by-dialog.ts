/**
 * Which questionnaire the visitor is using while two are on the page: the dialog's, whenever it is shown, since
 * it covers the inline one. The inline form then takes each answer after the dialog has painted it.
 */
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

/**
 * For a questionnaire in a dialog (`inDialog`), counts it as shown while its effects run (a closed dialog's do
 * not); for one on the page, tells whether a dialog's questionnaire is shown in front of it.
 */
export function useCoveredByDialog(inDialog: boolean): boolean {
  useEffect(() => {
    if (!inDialog) return;
    countShown(1);
    return () => countShown(-1);
  }, [inDialog]);
  const dialogShown = useSyncExternalStore(
    subscribe,
    () => dialogsShown > 0,
    () => false,
  );
  return !inDialog && dialogShown;
}
