import { describe, expect, it } from 'vitest';
import { readSignInLink, withoutSignInLink } from './sign-in-link';

describe('readSignInLink', () => {
  it('finds the token of a sign-in link', () => {
    expect(readSignInLink('?token_hash=4f2a9c&type=magiclink')).toEqual({
      kind: 'token',
      tokenHash: '4f2a9c',
    });
    expect(readSignInLink('?lesson=welcome&type=magiclink&token_hash=abc')).toEqual({
      kind: 'token',
      tokenHash: 'abc',
    });
  });

  it('finds no link in an address without its parameters', () => {
    expect(readSignInLink('')).toEqual({ kind: 'none' });
    expect(readSignInLink('?lesson=welcome')).toEqual({ kind: 'none' });
  });

  it.each([
    ['a token without its type', '?token_hash=abc'],
    ['a type without its token', '?type=magiclink'],
    ['an empty token', '?token_hash=&type=magiclink'],
    ['a token for another kind of link', '?token_hash=abc&type=recovery'],
    ['a token with spaces around it', '?token_hash=%20abc&type=magiclink'],
    ['a token far too long to be ours', `?token_hash=${'a'.repeat(513)}&type=magiclink`],
  ])('calls %s malformed', (_, search) => {
    expect(readSignInLink(search)).toEqual({ kind: 'malformed' });
  });
});

describe('withoutSignInLink', () => {
  it("drops the link's parameters and keeps the rest of the address", () => {
    expect(
      withoutSignInLink({
        pathname: '/course',
        search: '?token_hash=abc&type=magiclink&lesson=welcome',
        hash: '',
      }),
    ).toBe('/course?lesson=welcome');
    expect(
      withoutSignInLink({ pathname: '/course.html', search: '?type=magiclink&token_hash=abc', hash: '#top' }),
    ).toBe('/course.html#top');
  });

  it('leaves an address without a link as it was', () => {
    expect(withoutSignInLink({ pathname: '/course', search: '?lesson=a-b', hash: '' })).toBe(
      '/course?lesson=a-b',
    );
  });
});
