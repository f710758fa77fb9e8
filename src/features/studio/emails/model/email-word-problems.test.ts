import { describe, expect, it } from 'vitest';
import { emailWordsWith } from '@/content/emails';
import { emailWordProblems, strayPlaceholder } from './email-word-problems';

describe('strayPlaceholder', () => {
  it('passes the placeholders its e-mail fills in, as often as they come', () => {
    expect(strayPlaceholder('{lesson}: {left} left, {lesson} again', ['lesson', 'left'])).toBeUndefined();
    expect(strayPlaceholder('No braces at all.', [])).toBeUndefined();
  });

  it('names a placeholder it does not fill, a misspelt one, one left open, and a stray brace', () => {
    expect(strayPlaceholder('At {position} now', ['lesson', 'left'])).toBe('{position}');
    expect(strayPlaceholder('Next: {lessons}', ['lesson', 'left'])).toBe('{lessons}');
    expect(strayPlaceholder('Next: {lesson is waiting', ['lesson'])).toBe('{lesson');
    expect(strayPlaceholder('Next: lesson} is waiting', ['lesson'])).toBe('}');
    expect(strayPlaceholder('Hi {Lesson}', ['lesson'])).toBe('{Lesson}');
    expect(strayPlaceholder('Hi {lesson}', [])).toBe('{lesson}');
  });
});

describe('emailWordProblems', () => {
  it('finds nothing wrong with the shipped words, which use the reminder’s placeholders', () => {
    expect(emailWordProblems(emailWordsWith({}))).toEqual({});
  });

  it('says what is wrong with each field, naming the placeholder it may not use', () => {
    expect(
      emailWordProblems(
        emailWordsWith({
          'email.reminder.subject': 'Still at {position} in {lesson}?',
          'email.reminder.introStopped': 'You stopped at {position} in {lessons}.',
          'email.reminder.introNotStarted': 'Your next lesson: {lesson',
          'email.course.subject': 'Welcome,\nfriend',
          'email.course.intro': 'Watch {lesson} first.',
          'email.course.closing': ' ',
          'email.signIn.buttonLabel': 'x'.repeat(41),
        }),
      ),
    ).toEqual({
      'email.reminder.subject': '“Subject” may not use “{position}”: it can use {lesson}, {left}.',
      'email.reminder.introStopped':
        '“Opening, when they stopped in a lesson” may not use “{lessons}”: it can use {lesson}, {position}, {left}.',
      'email.reminder.introNotStarted':
        '“Opening, when they have not started the lesson” may not use “{lesson”: it can use {lesson}, {left}.',
      'email.course.subject': '“Subject” is one line: take out the line break.',
      'email.course.intro': '“Opening” may not use “{lesson}”: this e-mail fills in nothing in braces.',
      'email.course.closing': '“Closing” may not be empty.',
      'email.signIn.buttonLabel': '“Button” is at most 40 characters; it has more.',
    });
  });
});
