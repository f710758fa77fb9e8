/** The two places that hold the questionnaire: the "Sign up (free)" section and the sign-up dialog. */
export const signupShellCopy = {
  sectionTitle: 'Sign up (free)',
  sectionIntro: 'Answer a few quick questions and we will e-mail you instant access to the full course.',
  dialogTitle: 'Get instant access (free)',
  dialogDescription: 'Answer a few quick questions to tailor your course.',
  close: 'Close',
} as const;
