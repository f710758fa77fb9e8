import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LearnerRecordBackend, ProgressSave } from './model/course-backend';
import { at, T1, T2, T3 } from './model/progress-fixtures';
import { type ProgressSaver, createProgressSaver } from './progress-saver';

const STORED = 'course-progress-unsent:ada';

/** A back end whose saves fail while `down` is true, and that records what reached it. */
function fakeBackend() {
  const state = { down: false, saved: [] as ProgressSave[], leaving: [] as boolean[] };
  const saveProgress = vi.fn<LearnerRecordBackend['saveProgress']>(async (save, { leaving }) => {
    state.leaving.push(leaving);
    if (state.down) throw new TypeError('Failed to fetch');
    state.saved.push(save);
  });
  return { state, backend: { saveProgress }, saveProgress };
}

const stored = () => JSON.parse(window.localStorage.getItem(STORED) ?? 'null') as unknown;

let saver: ProgressSaver | undefined;
beforeEach(() => {
  vi.useFakeTimers();
  window.localStorage.clear();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  saver?.stop();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('saving progress', () => {
  it('sends each record at once, as the learner, and forgets it once the database has it', async () => {
    const { state, backend } = fakeBackend();
    saver = createProgressSaver({ backend, learnerId: 'ada', saved: new Map() });
    saver.record('1', at(12.5, T1));
    expect(stored()).toEqual([['1', at(12.5, T1)]]);
    await vi.runAllTimersAsync();
    expect(state.saved).toEqual([
      { learnerId: 'ada', lessonKey: '1', positionSeconds: 12.5, completedAt: null },
    ]);
    expect(state.leaving).toEqual([false]);
    expect(saver.unsent().size).toBe(0);
    expect(stored()).toBeNull();
  });

  it('retries a failed save with a growing wait, sending only the newest position and never dropping a completion', async () => {
    const { state, backend, saveProgress } = fakeBackend();
    state.down = true;
    saver = createProgressSaver({ backend, learnerId: 'ada', saved: new Map() });
    saver.record('1', at(36, T1, T1));
    await vi.advanceTimersByTimeAsync(0);
    expect(saveProgress).toHaveBeenCalledTimes(1);

    // While failing, new positions wait for the retry instead of each trying again.
    saver.record('1', at(39, T2));
    saver.record('1', at(4, T3));
    await vi.advanceTimersByTimeAsync(1_999);
    expect(saveProgress).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(saveProgress).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3_999);
    expect(saveProgress).toHaveBeenCalledTimes(2);
    expect(saver.unsent()).toEqual(new Map([['1', at(4, T3, T1)]]));

    state.down = false;
    await vi.advanceTimersByTimeAsync(1);
    expect(state.saved).toEqual([{ learnerId: 'ada', lessonKey: '1', positionSeconds: 4, completedAt: T1 }]);
    expect(saver.unsent().size).toBe(0);
    expect(console.warn).toHaveBeenCalledTimes(1);
  });

  it('tries again at once when the browser comes back online', async () => {
    const { state, backend, saveProgress } = fakeBackend();
    state.down = true;
    saver = createProgressSaver({ backend, learnerId: 'ada', saved: new Map() });
    saver.record('2', at(20, T1));
    await vi.advanceTimersByTimeAsync(0);
    state.down = false;
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(saveProgress).toHaveBeenCalledTimes(2);
    expect(state.saved).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(saveProgress).toHaveBeenCalledTimes(2);
  });

  it('sends what is unsent as the page goes, without waiting for a running save or a retry', async () => {
    const { state, backend, saveProgress } = fakeBackend();
    state.down = true;
    saver = createProgressSaver({ backend, learnerId: 'ada', saved: new Map() });
    saver.record('1', at(20, T1));
    saver.record('2', at(8, T1));
    await vi.advanceTimersByTimeAsync(0);
    saveProgress.mockClear();
    state.leaving = [];

    saver.record('2', at(9, T2), { leaving: true });
    expect(saveProgress).toHaveBeenCalledTimes(2);
    expect(state.leaving).toEqual([true, true]);
  });

  it('sends the saves an earlier visit left unsent, dropping those the database already has', async () => {
    window.localStorage.setItem(
      STORED,
      JSON.stringify([
        ['1', at(25, T3)],
        ['2', at(5, T1)],
      ]),
    );
    const { state, backend } = fakeBackend();
    saver = createProgressSaver({
      backend,
      learnerId: 'ada',
      saved: new Map([['2', at(30, T2)]]),
    });
    expect(saver.unsent()).toEqual(new Map([['1', at(25, T3)]]));
    await vi.runAllTimersAsync();
    expect(state.saved.map((save) => save.lessonKey)).toEqual(['1']);
    expect(stored()).toBeNull();
  });

  it('ignores stored saves it cannot read, and those of another learner', () => {
    window.localStorage.setItem(STORED, '{not json');
    window.localStorage.setItem('course-progress-unsent:ben', JSON.stringify([['1', at(25, T3)]]));
    const { backend, saveProgress } = fakeBackend();
    saver = createProgressSaver({ backend, learnerId: 'ada', saved: new Map() });
    expect(saver.unsent().size).toBe(0);
    expect(saveProgress).not.toHaveBeenCalled();
  });

  it('stops retrying once stopped', async () => {
    const { state, backend, saveProgress } = fakeBackend();
    state.down = true;
    saver = createProgressSaver({ backend, learnerId: 'ada', saved: new Map() });
    saver.record('1', at(20, T1));
    await vi.advanceTimersByTimeAsync(0);
    saver.stop();
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(120_000);
    expect(saveProgress).toHaveBeenCalledTimes(1);
    expect(stored()).toEqual([['1', at(20, T1)]]);
  });
});
