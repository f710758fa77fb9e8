export const heroCopy = {
  headlineProfane: 'What the f*ck should I do for a living?',
  headlineClean: 'What should I do for a living?',
} as const;
