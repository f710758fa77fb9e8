import founderPhoto from '@/assets/founder.svg?no-inline';

/** The founder. Replace the name, bio and src/assets/founder.svg with the real ones. */
export const aboutCopy = {
  eyebrow: 'About the founder',
  title: 'From global boardrooms to your kitchen table',
  founderName: 'Jordan Ellis',
  founderRole: 'Founder, former global head of strategy',
  bio: [
    'For fifteen years Jordan led strategy for a global consumer company, helping leadership teams read the trends that decide which businesses grow and which ones fade.',
    'The same three lenses that shaped billion-dollar decisions work just as well for one person deciding what to do next. This course puts them on your kitchen table: plain language, no jargon, and short lessons that fit around your day.',
  ],
  photo: founderPhoto,
  photoAlt: 'Illustrated portrait of Jordan Ellis, the founder, smiling in a blazer',
  photoWidth: 480,
  photoHeight: 560,
  stats: [
    { value: '15 years', label: 'leading corporate strategy' },
    { value: '3 lenses', label: 'one repeatable method' },
  ],
} as const;
