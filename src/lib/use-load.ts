import { useCallback, useEffect, useState } from 'react';

/** What a screen shows of something it reads: still coming, could not be read, or read. */
export type LoadState<T> = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; value: T };

export interface Load<T> {
  state: LoadState<T>;
  /** After a failure: shows "loading" again and reads again. */
  retry: () => void;
  /** Reads again while what is shown stays, until the new answer replaces it. */
  reload: () => void;
  /** Shows this value, e.g. the answer to a change the screen just made. */
  set: (value: T) => void;
  /** Shows the failure, e.g. when what was read turns out not to work (a signed address that fails). */
  fail: () => void;
}

const loading = { status: 'loading' } as const;

/**
 * Load → failed → try again, written once. `load` is called on mount and again whenever it is a new function
 * (give it from useCallback, so its dependencies say when to read again); a new one shows "loading" at once.
 * An answer that comes after a newer request, or after the screen has gone, is dropped. `failureLog` is what
 * the console says with the error when a read fails; without it a failure is shown but not logged. `load`
 * may be null while there is nothing to read yet: the state stays "loading".
 */
export function useLoad<T>(load: (() => Promise<T>) | null, failureLog?: string): Load<T> {
  const [state, setState] = useState<LoadState<T>>(loading);
  const [reads, setReads] = useState(0);
  const [shownFor, setShownFor] = useState(() => load);
  // A new `load` is a new question: the old answer no longer fits it (React's "adjusting state on a prop change").
  if (shownFor !== load) {
    setShownFor(() => load);
    setState(loading);
  }

  useEffect(() => {
    if (!load) return;
    let current = true;
    load().then(
      (value) => {
        if (current) setState({ status: 'ready', value });
      },
      (error: unknown) => {
        if (failureLog !== undefined) console.error(failureLog, error);
        if (current) setState({ status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [load, reads, failureLog]);

  // The same function on every render: a caller may hand it on as a dependency.
  const reload = useCallback(() => setReads((count) => count + 1), []);

  return {
    state,
    retry: () => {
      setState(loading);
      setReads((count) => count + 1);
    },
    reload,
    set: (value) => setState({ status: 'ready', value }),
    fail: () => setState({ status: 'failed' }),
  };
}
