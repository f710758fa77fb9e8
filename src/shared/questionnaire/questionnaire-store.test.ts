import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialState } from './questionnaire';
import { STORAGE_KEY, createQuestionnaireStore } from './questionnaire-store';

const storage = () => window.localStorage;
const fakeStorage = (raw: string) => ({ getItem: () => raw, setItem: () => {}, removeItem: () => {} });

function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A store at step 5 with everything answered. */
function readyStore(send = vi.fn(async () => {})) {
  const store = createQuestionnaireStore({ storage, send });
  store.dispatch({ type: 'chooseAgeGroup', ageGroup: '55plus' });
  store.dispatch({ type: 'toggleStrength', strength: 'Writing' });
  store.dispatch({ type: 'toggleWorry', worry: 'Burnout' });
  store.dispatch({ type: 'setDream', dream: 'Sailor' });
  store.dispatch({ type: 'setName', name: 'Grace' });
  store.dispatch({ type: 'setEmail', email: 'grace@example.com' });
  for (let step = 1; step < 5; step += 1) store.dispatch({ type: 'next' });
  return { store, send };
}

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('questionnaire store', () => {
  it('starts empty when nothing is stored', () => {
    expect(createQuestionnaireStore({ storage, send: vi.fn() }).getState()).toBe(initialState);
  });

  it('keeps the step and the answers in localStorage, and a new store (a reload) reads them back', () => {
    const { store } = readyStore();
    const reloaded = createQuestionnaireStore({ storage, send: vi.fn() });
    expect(reloaded.getState()).toEqual(store.getState());
    expect(reloaded.getState().step).toBe(5);
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? '')).toEqual({
      step: 5,
      answers: {
        ageGroup: '55plus',
        worries: ['Burnout'],
        dream: 'Sailor',
        strengths: ['Writing'],
        name: 'Grace',
        email: 'grace@example.com',
      },
    });
  });

  it('ignores stored data that does not fit the schema', () => {
    const answers = { ageGroup: null, worries: [], dream: '', strengths: [], name: '', email: '' };
    const valid = { step: 2, answers };
    expect(
      createQuestionnaireStore({
        storage: () => fakeStorage(JSON.stringify(valid)),
        send: vi.fn(),
      }).getState().step,
    ).toBe(2);
    const bad = [
      'not json',
      'null',
      '[]',
      JSON.stringify({ step: 2 }),
      JSON.stringify({ ...valid, step: 9 }),
      JSON.stringify({ ...valid, step: '2' }),
      JSON.stringify({ ...valid, answers: null }),
      JSON.stringify({ ...valid, answers: { ...answers, ageGroup: '36-44' } }),
      JSON.stringify({ ...valid, answers: { ...answers, ageGroup: undefined } }),
      JSON.stringify({ ...valid, answers: { ...answers, worries: 'Burnout' } }),
      JSON.stringify({ ...valid, answers: { ...answers, strengths: [1] } }),
      JSON.stringify({ ...valid, answers: { ...answers, dream: null } }),
      JSON.stringify({ ...valid, answers: { ...answers, name: 42 } }),
      JSON.stringify({ ...valid, answers: { ...answers, email: undefined } }),
    ];
    for (const raw of bad) {
      window.localStorage.setItem(STORAGE_KEY, raw);
      expect(createQuestionnaireStore({ storage, send: vi.fn() }).getState()).toBe(initialState);
    }
  });

  it('works in memory when storage is missing or throws', () => {
    const blocked = () => {
      throw new Error('blocked');
    };
    const broken = { getItem: blocked, setItem: blocked, removeItem: blocked };
    for (const store of [
      createQuestionnaireStore({ storage: () => null, send: vi.fn() }),
      createQuestionnaireStore({ storage: () => broken, send: vi.fn() }),
    ]) {
      store.dispatch({ type: 'next' });
      expect(store.getState().step).toBe(2);
    }
  });

  it('notifies subscribers on a change only', () => {
    const store = createQuestionnaireStore({ storage, send: vi.fn() });
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.dispatch({ type: 'back' });
    expect(listener).not.toHaveBeenCalled();
    store.dispatch({ type: 'next' });
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.dispatch({ type: 'next' });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("takes in another tab's change to the stored answers, until the last subscriber leaves", () => {
    let otherTabChanged = () => {};
    const stopWatching = vi.fn();
    const store = createQuestionnaireStore({
      storage,
      send: vi.fn(),
      watchOtherTabs(onChange) {
        otherTabChanged = onChange;
        return stopWatching;
      },
    });
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const answers = { ...initialState.answers, dream: 'Pilot' };
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify({ step: 3, answers }));
    otherTabChanged();
    expect(store.getState()).toMatchObject({ step: 3, answers: { dream: 'Pilot' } });
    expect(listener).toHaveBeenCalledTimes(1);
    window.localStorage.removeItem(STORAGE_KEY);
    otherTabChanged();
    expect(store.getState()).toBe(initialState);
    unsubscribe();
    expect(stopWatching).toHaveBeenCalledTimes(1);
  });

  it('start over clears the stored answers', () => {
    const { store } = readyStore();
    store.dispatch({ type: 'startOver' });
    expect(store.getState()).toBe(initialState);
    expect(window.localStorage.getItem(STORAGE_KEY)).toBeNull();
  });
});

describe('submit', () => {
  it('sends only the name and the e-mail, once, even when called twice while sending', async () => {
    const pending = deferred();
    const send = vi.fn(() => pending.promise);
    const { store } = readyStore(send);
    const first = store.submit();
    const second = store.submit();
    expect(store.getState().sending).toBe(true);
    pending.resolve();
    await Promise.all([first, second]);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({ name: 'Grace', email: 'grace@example.com' });
    expect(store.getState()).toMatchObject({ sending: false, message: 'sent', step: 5 });
    expect(store.getState().answers.name).toBe('Grace');
  });

  it('on failure logs the error, ends sending and keeps the answers', async () => {
    const error = new Error('boom');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { store } = readyStore(vi.fn(async () => Promise.reject(error)));
    await store.submit();
    expect(logged).toHaveBeenCalledWith(expect.any(String), error);
    expect(store.getState()).toMatchObject({ sending: false, message: 'send-failed', step: 5 });
    expect(store.getState().answers.email).toBe('grace@example.com');
  });

  it('sends nothing when a strength is missing', async () => {
    const send = vi.fn(async () => {});
    const store = createQuestionnaireStore({ storage, send });
    window.localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({
        step: 5,
        answers: { ...initialState.answers, ageGroup: 'under25', name: 'Ada', email: 'ada@example.com' },
      }),
    );
    await store.submit();
    expect(send).not.toHaveBeenCalled();
    expect(store.getState().message).toBe('strengths-missing');
  });

  it('does not keep the sending state or a message in storage', async () => {
    const { store } = readyStore();
    await store.submit();
    const reloaded = createQuestionnaireStore({ storage, send: vi.fn() });
    expect(reloaded.getState()).toMatchObject({ sending: false, message: null, step: 5 });
  });
});
