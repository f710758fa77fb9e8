import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { planStore } from '@/shared/plan-notes/plan-store';
import { questionnaireStore } from '@/shared/questionnaire/questionnaire-store';
import { createAnswersKeeper } from './answers-keeper';
import type { KeptAnswers } from './model/course-backend';

const kept: KeptAnswers = {
  answers: { ageGroup: '45-55', worries: ['Burnout'], dream: 'Vet', strengths: ['Mentoring'], name: 'Ada' },
  plan: { 'trends-next': 'Read one report a month' },
};

function fakeBackend(stored: KeptAnswers | null) {
  return {
    loadKeptAnswers: vi.fn(async () => stored),
    keepAnswers: vi.fn<(kept: KeptAnswers) => Promise<void>>(async () => {}),
    forgetKeptAnswers: vi.fn(async () => {}),
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  window.localStorage.clear();
  questionnaireStore.dispatch({ type: 'startOver' });
  planStore.forget();
});
afterEach(() => vi.useRealTimers());

describe('the answers keeper', () => {
  it('keeps nothing and follows nothing while she has not ticked', async () => {
    const backend = fakeBackend(null);
    const keeper = createAnswersKeeper(backend);
    expect(await keeper.load()).toBe(false);
    questionnaireStore.dispatch({ type: 'setDream', dream: 'Pilot' });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(backend.keepAnswers).not.toHaveBeenCalled();
  });

  it('gives a device without answers the account’s, without the address, and keeps it on the device', async () => {
    const keeper = createAnswersKeeper(fakeBackend(kept));
    expect(await keeper.load()).toBe(true);
    expect(questionnaireStore.getState().answers).toEqual({ ...kept.answers, email: '' });
    expect(planStore.getAnswers()).toEqual(kept.plan);
    expect(window.localStorage.getItem('three-lenses.signup.v2')).toContain('Mentoring');
    keeper.stop();
  });

  it("gives the account this device's own answers, then every later change, a moment after it", async () => {
    questionnaireStore.dispatch({ type: 'setDream', dream: 'Pilot' });
    questionnaireStore.dispatch({ type: 'setEmail', email: 'ada@example.com' });
    const backend = fakeBackend(kept);
    const keeper = createAnswersKeeper(backend);
    await keeper.load();
    expect(questionnaireStore.getState().answers.dream).toBe('Pilot');
    expect(backend.keepAnswers).toHaveBeenLastCalledWith({
      answers: { ageGroup: null, worries: [], dream: 'Pilot', strengths: [], name: '' },
      plan: kept.plan,
    });
    planStore.setAnswer('first-step', 'Call Sam');
    planStore.setAnswer('first-step', 'Call Sam on Monday');
    await vi.advanceTimersByTimeAsync(1_500);
    expect(backend.keepAnswers).toHaveBeenCalledTimes(2);
    expect(backend.keepAnswers.mock.calls[1]?.[0].plan).toEqual({
      ...kept.plan,
      'first-step': 'Call Sam on Monday',
    });
    keeper.stop();
  });

  it('unticked while a change is being kept, deletes after it: the account keeps nothing', async () => {
    let finishWrite = () => {};
    const backend = fakeBackend(kept);
    const keeper = createAnswersKeeper(backend);
    await keeper.load();
    backend.keepAnswers.mockImplementationOnce(
      () =>
        new Promise<void>((resolve) => {
          finishWrite = resolve;
        }),
    );
    planStore.setAnswer('first-step', 'Call Sam');
    await vi.advanceTimersByTimeAsync(1_500);
    const unticked = keeper.save(false);
    await Promise.resolve();
    expect(backend.forgetKeptAnswers).not.toHaveBeenCalled();
    finishWrite();
    await unticked;
    expect(backend.forgetKeptAnswers).toHaveBeenCalledTimes(1);
  });

  it('ticked, keeps this device’s answers; unticked, removes them and follows no more', async () => {
    const backend = fakeBackend(null);
    const keeper = createAnswersKeeper(backend);
    await keeper.load();
    questionnaireStore.dispatch({ type: 'setDream', dream: 'Pilot' });
    await keeper.save(true);
    expect(backend.keepAnswers).toHaveBeenCalledTimes(1);
    await keeper.save(false);
    expect(backend.forgetKeptAnswers).toHaveBeenCalledTimes(1);
    questionnaireStore.dispatch({ type: 'setDream', dream: 'Vet' });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(backend.keepAnswers).toHaveBeenCalledTimes(1);
  });
});
