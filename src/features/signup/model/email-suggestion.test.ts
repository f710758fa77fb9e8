import { describe, expect, it } from 'vitest';
import { suggestEmail } from './email-suggestion';

describe('suggestEmail', () => {
  it.each([
    ['sam@gmial.com', 'sam@gmail.com'],
    ['sam@hotmial.com', 'sam@hotmail.com'],
    ['sam@yaho.com', 'sam@yahoo.com'],
    ['sam@outlok.com', 'sam@outlook.com'],
    ['sam@gmail.con', 'sam@gmail.com'],
    [' sam@gmial.com ', 'sam@gmail.com'],
  ])('suggests a well-known domain for %j: %s', async (typed, suggested) => {
    expect(await suggestEmail(typed)).toBe(suggested);
  });

  it('keeps the part before the @ as typed', async () => {
    expect(await suggestEmail('Sam.Jones+course@gmial.com')).toBe('Sam.Jones+course@gmail.com');
  });

  it.each(['sam@gmail.com', 'ada@example.com', 'Sam@GMAIL.com', 'grace@navy.mil'])(
    'suggests nothing for %j, whose domain looks right',
    async (typed) => {
      expect(await suggestEmail(typed)).toBeNull();
    },
  );

  it.each(['', '   ', 'sam', 'sam@', '@gmial.com'])(
    'suggests nothing for %j, which is no address yet',
    async (typed) => {
      expect(await suggestEmail(typed)).toBeNull();
    },
  );
});
