import { describe, expect, it } from 'vitest';
import { hasTailoringAnswers, inSentence, tailorCourse } from './tailoring';

const lessons = [
  { slug: 'why', speaksTo: [] },
  { slug: 'trends', speaksTo: ['AI taking over jobs', 'Automation', 'Tech skills'] },
  { slug: 'strengths', speaksTo: ['Leadership', 'under25', 'Career change'] },
  { slug: 'dreams', speaksTo: ['Burnout', 'Career change'] },
];
const none = { ageGroup: null, worries: [], strengths: [] };

describe('tailorCourse', () => {
  it('picks every lesson that speaks to a worry, a strength or the age group', () => {
    const tailoring = tailorCourse(lessons, {
      ageGroup: 'under25',
      worries: ['Career change'],
      strengths: ['Tech skills'],
    });
    expect([...tailoring.picked]).toEqual(['trends', 'strengths', 'dreams']);
  });

  it("echoes the first worry, in the visitor's order, that a lesson takes up", () => {
    const tailoring = tailorCourse(lessons, {
      ...none,
      worries: ['Climate change', 'Burnout', 'AI taking over jobs'],
    });
    expect(tailoring.echo).toEqual({ kind: 'worry', said: 'Burnout', lessonNumber: 4 });
  });

  it('echoes a strength when no lesson takes up a worry, and nothing when neither is taken up', () => {
    expect(
      tailorCourse(lessons, { ...none, worries: ['Relocation'], strengths: ['Leadership'] }).echo,
    ).toEqual({
      kind: 'strength',
      said: 'Leadership',
      lessonNumber: 3,
    });
    const unmatched = tailorCourse(lessons, {
      ageGroup: '55plus',
      worries: ['Relocation'],
      strengths: ['Writing'],
    });
    expect(unmatched).toEqual({ picked: new Set(), echo: null });
  });

  it('picks nothing without answers', () => {
    expect(hasTailoringAnswers(none)).toBe(false);
    expect(hasTailoringAnswers({ ...none, ageGroup: '45-55' })).toBe(true);
    expect(tailorCourse(lessons, none).picked.size).toBe(0);
  });
});

describe('inSentence', () => {
  it('lower-cases a label inside a sentence, but keeps a leading acronym', () => {
    expect(inSentence('Climate change')).toBe('climate change');
    expect(inSentence('AI taking over jobs')).toBe('AI taking over jobs');
    expect(inSentence('Purpose & meaning')).toBe('purpose & meaning');
    expect(inSentence('')).toBe('');
  });
});
