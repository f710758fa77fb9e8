import { describe, expect, it } from 'vitest';
import { everySiteWordWith } from '@/content/site-word-rules';
import { siteWordProblems } from './site-word-problems';

describe('siteWordProblems', () => {
  it('finds nothing wrong with the shipped words', () => {
    expect(siteWordProblems(everySiteWordWith({}))).toEqual({});
  });

  it('says what is wrong with each field, in the owner’s terms', () => {
    const problems = siteWordProblems(
      everySiteWordWith({
        'about.founderName': '  ',
        'hero.headlineProfane': 'x'.repeat(500),
        'about.title': 'y'.repeat(91),
        'footer.partnersHref': 'javascript:alert(1)',
        'footer.partnersLabel': '',
      }),
    );
    expect(problems).toEqual({
      'about.founderName': '“Your name” may not be empty.',
      'hero.headlineProfane':
        'A headline of more than 60 characters does not fit the first screen of a phone: shorten it.',
      'about.title': '“Heading” is at most 90 characters; it has more.',
      'footer.partnersHref': 'Use an address that starts with https://, mailto: or / (a page of this site).',
    });
  });

  it('takes https, mailto and the site’s own pages as links, and nothing else', () => {
    const linkProblem = (href: string) =>
      siteWordProblems(everySiteWordWith({ 'footer.partnersHref': href }))['footer.partnersHref'];
    for (const fine of [
      'https://example.com',
      'https://example.com/schools?a=1',
      'mailto:hi@example.com',
      '/privacy',
      '/',
      '',
    ])
      expect(linkProblem(fine), fine).toBeUndefined();
    for (const wrong of [
      'http://example.com',
      'data:text/html,hi',
      '//evil.example',
      '/\\evil.example',
      'example.com',
      'mailto:nobody',
    ])
      expect(linkProblem(wrong), wrong).toBeDefined();
  });
});
