/** What the studio says about a picked picture it refuses, for a guide's picture and the site's alike. */
export const studioPicturesCopy = {
  refusals: {
    heic: 'This is an iPhone HEIC photo, which browsers cannot show. Export it as JPEG (Photos: Share → Save as JPEG) or take a screenshot, then upload that.',
    svg: 'SVG drawings are not accepted, as they can carry scripts. Export it as PNG or JPEG, then upload that.',
    'not-a-picture':
      'This file is not a picture browsers can show. Save it as JPEG or PNG (or take a screenshot), then upload that.',
    'too-big': (megabytes: string) =>
      `This picture is ${megabytes} MB, over the 5 MB limit. Export it smaller (e.g. 1200 pixels wide) or take a screenshot, then upload that.`,
    unreadable: 'We couldn’t read this file. Please choose it again.',
  },
} as const;
