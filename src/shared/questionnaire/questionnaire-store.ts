/**
 * The one store behind every Questionnaire (the section, the dialog, and /course's short form), so an answer
 * given in one is there in the others. The step and the answers are kept on the device in localStorage: they
 * survive a reload, a new tab (the e-mail's link) and another day, and are gone when the visitor starts over or
 * forgets them (docs/decisions/0126). Another tab's change arrives through the `storage` event.
 */
import { useSyncExternalStore } from 'react';
import { type AgeGroupId, ageGroups } from '@/content/signup';
import { sendFailureOf, sendSignupEmail } from './send-signup-email';
import {
  type Answers,
  type QuestionnaireAction,
  type QuestionnaireState,
  type Step,
  initialState,
  questionnaireReducer,
  restoreState,
  signupPayload,
} from './questionnaire';

export const STORAGE_KEY = 'three-lenses.signup.v2';

const steps: readonly Step[] = [1, 2, 3, 4, 5];
const ageGroupIds: readonly (AgeGroupId | null)[] = [null, ...ageGroups.map((group) => group.id)];

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/**
 * The schema of what is written to storage (the step and the answers, never the sending state or a message),
 * checked by hand: zod would add about 5 KB gzipped to the first load for this one check (docs/decisions/0031).
 */
function parseStored(value: unknown): { step: Step; answers: Answers } | null {
  if (typeof value !== 'object' || value === null || !('step' in value) || !('answers' in value)) return null;
  const { answers } = value;
  const step = steps.find((candidate) => candidate === value.step);
  if (step === undefined || typeof answers !== 'object' || answers === null) return null;
  const field = (name: string): unknown => (name in answers ? Reflect.get(answers, name) : undefined);
  const ageGroup = ageGroupIds.find((id) => id === field('ageGroup'));
  const [worries, strengths, dream, name, email] = ['worries', 'strengths', 'dream', 'name', 'email'].map(
    field,
  );
  if (ageGroup === undefined || !isStringArray(worries) || !isStringArray(strengths)) return null;
  if (typeof dream !== 'string' || typeof name !== 'string' || typeof email !== 'string') return null;
  return { step, answers: { ageGroup, worries, strengths, dream, name, email } };
}

export interface QuestionnaireStore {
  getState(): QuestionnaireState;
  subscribe(listener: () => void): () => void;
  dispatch(action: QuestionnaireAction): void;
  /** Sends the sign-up once; a call while a send is under way does nothing. */
  submit(): Promise<void>;
}

interface StoreDeps {
  /** Null where there is no storage (prerendering) or it is blocked: the store then lives in memory. */
  storage: () => Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  send: (contact: { name: string; email: string }) => Promise<void>;
  /** Calls back when another tab changed the stored answers; returns the unsubscribe. */
  watchOtherTabs?: (onChange: () => void) => () => void;
}

export function createQuestionnaireStore({ storage, send, watchOtherTabs }: StoreDeps): QuestionnaireStore {
  let state: QuestionnaireState | undefined;
  const listeners = new Set<() => void>();
  let stopWatching: (() => void) | undefined;

  function read(): QuestionnaireState {
    try {
      const raw = storage()?.getItem(STORAGE_KEY);
      if (!raw) return initialState;
      const stored = parseStored(JSON.parse(raw));
      return stored ? restoreState(stored.step, stored.answers) : initialState;
    } catch {
      return initialState;
    }
  }

  function write(next: QuestionnaireState) {
    try {
      if (next === initialState) storage()?.removeItem(STORAGE_KEY);
      else storage()?.setItem(STORAGE_KEY, JSON.stringify({ step: next.step, answers: next.answers }));
    } catch {
      // Storage full or blocked: the answers still live in memory for this page view.
    }
  }

  function getState(): QuestionnaireState {
    state ??= read();
    return state;
  }

  function dispatch(action: QuestionnaireAction) {
    const previous = getState();
    const next = questionnaireReducer(previous, action);
    if (next === previous) return;
    state = next;
    if (next.step !== previous.step || next.answers !== previous.answers) write(next);
    for (const listener of listeners) listener();
  }

  return {
    getState,
    dispatch,
    subscribe(listener) {
      listeners.add(listener);
      stopWatching ??= watchOtherTabs?.(() => {
        if (state?.sending) return;
        state = read();
        for (const each of listeners) each();
      });
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        stopWatching?.();
        stopWatching = undefined;
      };
    },
    async submit() {
      const wasSending = getState().sending;
      dispatch({ type: 'submit' });
      const current = getState();
      if (wasSending || !current.sending) return;
      const contact = signupPayload(current.answers);
      try {
        await send(contact);
        dispatch({ type: 'sendSucceeded', sentTo: contact.email });
      } catch (error) {
        console.error('Sign-up: the course e-mail could not be sent.', error);
        dispatch({ type: 'sendFailed', failure: sendFailureOf(error) });
      }
    },
  };
}

export const questionnaireStore = createQuestionnaireStore({
  storage: () => (typeof window === 'undefined' ? null : window.localStorage),
  send: sendSignupEmail,
  watchOtherTabs(onChange) {
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEY || event.key === null) onChange();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  },
});

/**
 * The store's state for a component. The prerendered HTML and the first render in the browser both show the
 * initial state (no storage on the server); React then re-renders with the restored answers.
 */
export function useQuestionnaireState(): QuestionnaireState {
  return useSyncExternalStore(questionnaireStore.subscribe, questionnaireStore.getState, () => initialState);
}
