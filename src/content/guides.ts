export const guidesCopy = {
  title: 'No one should face the future alone. Meet some of our friends',
} as const;
