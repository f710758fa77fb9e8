import { describe, expect, it } from 'vitest';
import { planCopy } from '@/content/plan';
import { type LensAnswers, lensLine } from './lens-lines';

const lens = (id: 'trends' | 'strengths' | 'dreams') => {
  const found = planCopy.lenses.find((each) => each.id === id);
  if (!found) throw new Error(`No lens ${id} in content/plan.ts`);
  return found;
};

const answered: LensAnswers = {
  ageGroup: '25-35',
  worries: ['AI taking over jobs', 'Cost of living'],
  strengths: ['Leadership', 'Empathy'],
  dream: '  Astronaut ',
};
const nothing: LensAnswers = { ageGroup: null, worries: [], strengths: [], dream: '' };

describe('lensLine', () => {
  it('says what the learner answered, one line per lens, the dream quoted', () => {
    expect(lensLine(lens('trends'), answered)).toBe('You worry about: AI taking over jobs, Cost of living');
    expect(lensLine(lens('strengths'), answered)).toBe('Your strengths: Leadership, Empathy');
    expect(lensLine(lens('dreams'), answered)).toBe('Your childhood dream: “Astronaut”');
  });

  it('calls an under-25’s strengths the school subjects they enjoy', () => {
    expect(lensLine(lens('strengths'), { ...answered, ageGroup: 'under25', strengths: ['Music'] })).toBe(
      'School subjects you enjoy: Music',
    );
  });

  it('has no line for a lens whose answer is not on the device, a blank dream included', () => {
    expect(lensLine(lens('trends'), nothing)).toBeNull();
    expect(lensLine(lens('strengths'), nothing)).toBeNull();
    expect(lensLine(lens('dreams'), nothing)).toBeNull();
    expect(lensLine(lens('dreams'), { ...answered, dream: '   ' })).toBeNull();
  });
});
