/**
 * The landing page's title and description as index.html has them (browser tab, search results); the owner may
 * change both in the studio, and the prerendered page then carries hers (scripts/render-pages.mjs).
 */
export const landingPageCopy = {
  title: 'Free course: decide your future career in three lenses | Three Lenses',
  description:
    'A free short video course that teaches the simple, scientific 3-lens method top companies use to plan ahead, so you can decide what to do for a living.',
} as const;
