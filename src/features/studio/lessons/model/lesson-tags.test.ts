import { describe, expect, it } from 'vitest';
import { otherTags, tagChoices } from './lesson-tags';

describe('the tags a lesson can speak to', () => {
  it("are the questionnaire's options: its worries, its age groups by id, and each strength once", () => {
    expect(tagChoices.worries.map((choice) => choice.tag)).toContain('AI taking over jobs');
    expect(tagChoices.ageGroups).toContainEqual({ tag: '25-35', label: '25–44' });
    const strengths = tagChoices.strengths.map((choice) => choice.tag);
    expect(strengths).toContain('Science');
    expect(strengths).toContain('Board work');
    expect(strengths.filter((strength) => strength === 'Leadership')).toHaveLength(1);
  });

  it('keeps apart the tags that are none of those options', () => {
    expect(otherTags(['Burnout', '55plus', 'Coaching', 'night shifts'])).toEqual(['night shifts']);
  });
});
