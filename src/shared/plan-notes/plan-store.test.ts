import { beforeEach, describe, expect, it } from 'vitest';
import { PLAN_STORAGE_KEY, createPlanStore, forgetPlan, planStore } from './plan-store';

const storage = () => window.localStorage;
const blocked = () => {
  throw new DOMException('The operation is insecure.', 'SecurityError');
};
const blockedStorage = () => ({ getItem: blocked, setItem: blocked, removeItem: blocked });

beforeEach(() => window.localStorage.clear());

describe('plan store', () => {
  it('starts empty when nothing is stored', () => {
    expect(createPlanStore({ storage }).getAnswers()).toEqual({});
  });

  it('keeps each answer in localStorage under its own key, and a new store (a reload) reads them back', () => {
    const store = createPlanStore({ storage });
    store.setAnswer('first-step', 'Call Sam');
    store.setAnswer('dreams-still-want', 'Wonder');
    expect(JSON.parse(window.localStorage.getItem(PLAN_STORAGE_KEY) ?? '')).toEqual({
      'first-step': 'Call Sam',
      'dreams-still-want': 'Wonder',
    });
    expect(createPlanStore({ storage }).getAnswers()).toEqual({
      'first-step': 'Call Sam',
      'dreams-still-want': 'Wonder',
    });
  });

  it('tells its listeners of a change, and not of an answer set to what it already is', () => {
    const store = createPlanStore({ storage });
    let calls = 0;
    const unsubscribe = store.subscribe(() => (calls += 1));
    store.setAnswer('first-step', 'Call Sam');
    store.setAnswer('first-step', 'Call Sam');
    expect(calls).toBe(1);
    unsubscribe();
    store.setAnswer('first-step', 'Call Alex');
    expect(calls).toBe(1);
  });

  it('forgets the plan: gone from storage and from memory', () => {
    const store = createPlanStore({ storage });
    store.setAnswer('first-step', 'Call Sam');
    store.forget();
    expect(window.localStorage.getItem(PLAN_STORAGE_KEY)).toBeNull();
    expect(store.getAnswers()).toEqual({});
  });

  it('forgetPlan() removes the page’s plan from the device', () => {
    planStore.setAnswer('first-step', 'Call Sam');
    expect(window.localStorage.getItem(PLAN_STORAGE_KEY)).not.toBeNull();
    forgetPlan();
    expect(window.localStorage.getItem(PLAN_STORAGE_KEY)).toBeNull();
    expect(planStore.getAnswers()).toEqual({});
  });

  it('reads bad JSON, or JSON of another shape, as an empty plan', () => {
    for (const raw of ['{not json', '"text"', '[1, 2]', 'null', '42']) {
      window.localStorage.setItem(PLAN_STORAGE_KEY, raw);
      expect(createPlanStore({ storage }).getAnswers(), raw).toEqual({});
    }
  });

  it('keeps the answers that are text and drops any other value', () => {
    window.localStorage.setItem(PLAN_STORAGE_KEY, JSON.stringify({ a: 'kept', b: 3, c: null, d: ['x'] }));
    expect(createPlanStore({ storage }).getAnswers()).toEqual({ a: 'kept' });
  });

  it('keeps the plan in memory for the page view where storage is blocked', () => {
    const store = createPlanStore({ storage: blockedStorage });
    expect(store.getAnswers()).toEqual({});
    store.setAnswer('first-step', 'Call Sam');
    expect(store.getAnswers()).toEqual({ 'first-step': 'Call Sam' });
    store.forget();
    expect(store.getAnswers()).toEqual({});
  });

  it('lives in memory where there is no storage at all (prerendering)', () => {
    const store = createPlanStore({ storage: () => null });
    store.setAnswer('first-step', 'Call Sam');
    expect(store.getAnswers()).toEqual({ 'first-step': 'Call Sam' });
  });
});
