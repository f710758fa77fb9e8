/**
 * What the learner writes on their plan (/course/plan), kept on the device in localStorage under its own key,
 * apart from the questionnaire's answers. Nothing here is sent anywhere. Where storage is blocked or full, the
 * plan lives in memory for this page view.
 */
import { useSyncExternalStore } from 'react';

export const PLAN_STORAGE_KEY = 'three-lenses.plan.v1';

/** Each prompt's answer by the prompt's id (content/plan.ts). */
export type PlanAnswers = Readonly<Record<string, string>>;

const noAnswers: PlanAnswers = {};

type PlanStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Keeps the string answers of a stored object and drops anything else, so a bad entry costs only itself. */
function parseStored(value: unknown): PlanAnswers {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return noAnswers;
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

export interface PlanStore {
  getAnswers(): PlanAnswers;
  subscribe(listener: () => void): () => void;
  setAnswer(id: string, text: string): void;
  /** Removes the plan from the device and from memory. */
  forget(): void;
  /** Takes a plan kept with the learner's account where this device has none; answers whether it did. */
  adopt(kept: PlanAnswers): boolean;
}

export function createPlanStore({ storage }: { storage: () => PlanStorage | null }): PlanStore {
  let answers: PlanAnswers | undefined;
  const listeners = new Set<() => void>();

  function read(): PlanAnswers {
    try {
      const raw = storage()?.getItem(PLAN_STORAGE_KEY);
      return raw ? parseStored(JSON.parse(raw)) : noAnswers;
    } catch {
      return noAnswers;
    }
  }

  function write(next: PlanAnswers) {
    try {
      storage()?.setItem(PLAN_STORAGE_KEY, JSON.stringify(next));
    } catch {
      // Storage full or blocked: the plan still lives in memory for this page view.
    }
  }

  function getAnswers(): PlanAnswers {
    answers ??= read();
    return answers;
  }

  function update(next: PlanAnswers) {
    answers = next;
    for (const listener of listeners) listener();
  }

  return {
    getAnswers,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setAnswer(id, text) {
      if (getAnswers()[id] === text) return;
      const next = { ...getAnswers(), [id]: text };
      // Written on every change: a few hundred bytes, and a reload right after typing keeps the last letter.
      write(next);
      update(next);
    },
    adopt(kept) {
      const next = parseStored(kept);
      if (Object.keys(getAnswers()).length > 0 || Object.keys(next).length === 0) return false;
      write(next);
      update(next);
      return true;
    },
    forget() {
      try {
        storage()?.removeItem(PLAN_STORAGE_KEY);
      } catch {
        // Blocked storage held nothing of ours.
      }
      update(noAnswers);
    },
  };
}

export const planStore = createPlanStore({
  storage: () => (typeof window === 'undefined' ? null : window.localStorage),
});

/** Removes the learner's plan from this device ("Forget my answers"). */
export function forgetPlan() {
  planStore.forget();
}

/**
 * The plan's answers for a component. The prerendered HTML and the first render in the browser both show empty
 * fields (no storage on the server); React then re-renders with what the device keeps.
 */
export function usePlanAnswers(): PlanAnswers {
  return useSyncExternalStore(planStore.subscribe, planStore.getAnswers, () => noAnswers);
}
