/** The 6-digit code of a sign-in e-mail, as a person types or pastes it: "012345", "012 345", " 012-345 ". */
const SEPARATORS = /[\s-]/g;
const SIX_DIGITS = /^\d{6}$/;

/** The code's six digits, or null when what was typed is not a code. */
export function readSignInCode(typed: string): string | null {
  const digits = typed.replace(SEPARATORS, '');
  return SIX_DIGITS.test(digits) ? digits : null;
}
