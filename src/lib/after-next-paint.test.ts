import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from './after-next-paint';

describe('afterNextPaint', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs the task in a task of its own after the next animation frame, not in the frame', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout'] });
    const steps: string[] = [];
    afterNextPaint(() => steps.push('task'));
    requestAnimationFrame(() => steps.push('frame'));
    expect(steps).toEqual([]);
    vi.advanceTimersToNextFrame();
    expect(steps).toEqual(['frame']);
    vi.runOnlyPendingTimers();
    expect(steps).toEqual(['frame', 'task']);
  });
});
