import { describe, expect, it } from 'vitest';
import { countdownClock, secondsBeforeNewCode } from './new-code-wait';

describe('secondsBeforeNewCode', () => {
  it('waits nothing before any e-mail was asked for here', () => {
    expect(secondsBeforeNewCode(0, 0, 5_000)).toBe(0);
  });

  it('waits a minute after the first, then twice as long after each later one', () => {
    expect(secondsBeforeNewCode(1, 10_000, 10_000)).toBe(60);
    expect(secondsBeforeNewCode(1, 10_000, 10_500)).toBe(60);
    expect(secondsBeforeNewCode(1, 10_000, 69_001)).toBe(1);
    expect(secondsBeforeNewCode(1, 10_000, 70_000)).toBe(0);
    expect(secondsBeforeNewCode(2, 0, 0)).toBe(120);
    expect(secondsBeforeNewCode(3, 0, 0)).toBe(240);
  });
});

describe('countdownClock', () => {
  it.each([
    [59, '0:59'],
    [60, '1:00'],
    [125, '2:05'],
    [0, '0:00'],
  ])('%i seconds read %s', (seconds, clock) => {
    expect(countdownClock(seconds)).toBe(clock);
  });
});
