/** The guides carousel's fixed words; the words above it are the owner's (site-words.ts). */
export const guidesCopy = {
  carouselLabel: 'Our guides',
  slideLabel: (position: number, total: number) => `${position} of ${total}`,
  previous: 'Previous guide',
  next: 'Next guide',
  pause: 'Pause auto-advance',
  play: 'Start auto-advance',
  loading: 'Loading our guides…',
  portraitAlt: (name: string) => `Portrait of ${name}`,
  placeholder: {
    name: 'Your guide',
    title: 'Coming soon',
    quote: 'Stay tuned for our expert mentors.',
    imageAlt: 'Illustration of a guide who joins soon',
  },
} as const;
