import { describe, expect, it } from 'vitest';
import { readSignInCode } from './sign-in-code';

describe('readSignInCode', () => {
  it('reads six digits however they were typed or pasted, leading zeros kept', () => {
    expect(readSignInCode('012345')).toBe('012345');
    expect(readSignInCode(' 012 345 ')).toBe('012345');
    expect(readSignInCode('012-345')).toBe('012345');
  });

  it('refuses anything that is not exactly six digits', () => {
    for (const typed of ['', '12345', '1234567', '12a456', '１２３４５６', '123 45']) {
      expect(readSignInCode(typed)).toBeNull();
    }
  });
});
