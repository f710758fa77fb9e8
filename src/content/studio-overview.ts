/**
 * Every word of the studio's Overview panel: the funnel from a visit to a finished course, the charts per day,
 * each lesson's drop-off, where visitors came from and the learners' feedback. Lesson titles, source names and
 * comments are data, not copy.
 */

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** Names for the sources that are not a campaign or a website; a Map, so no source name reads Object's own keys. */
const SOURCE_NAMES = new Map([
  ['direct', 'Direct: typed, bookmarked, or from an app or e-mail'],
  ['other', 'Other (an unusual name)'],
  ['unknown', 'Before sources were counted'],
]);

const signInTime = new Intl.DateTimeFormat('en', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

const percentFormat = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 1 });

/** "12.5%", or "–" when there is nothing to compare with. */
const percent = (rate: number | null) => (rate === null ? '–' : percentFormat.format(rate));

export const studioOverviewCopy = {
  /** The section's name in the studio's navigation and its heading. */
  label: 'Overview',
  intro: 'How people find your course and how far they get. Days are UTC days, as in the owner’s tool.',
  period: {
    label: 'Period',
    /** The periods offered, in days. */
    choices: [7, 30, 90],
    choice: (days: number) => `Last ${days} days`,
    range: (since: string, until: string) => `${since} to ${until}`,
  },
  loading: 'Loading the overview…',
  mySignIns: {
    heading: 'Your last sign-ins',
    intro:
      'Each time your account was signed in to, newest first. If one was not you, someone may have your e-mail: change its password.',
    loading: 'Loading your sign-ins…',
    failed: "We couldn't load your sign-ins. Please check your connection and try again.",
    none: 'No sign-ins recorded yet.',
    /** One sign-in: when (UTC) and how, when the back end knows it. */
    entry: (at: Date, method: 'link' | 'code' | null) =>
      `${signInTime.format(at)} UTC${method === null ? '' : method === 'link' ? ', with the e-mail’s link' : ', with a code'}`,
  },
  failed: "We couldn't load the overview. Please check your connection and try again.",
  tryAgain: 'Try again',
  empty: {
    heading: 'No visits yet',
    body: (days: number) =>
      `Nobody opened your landing page or signed up in the last ${plural(days, 'day')}. Share your link, then come back here: visits show up within a minute.`,
  },
  percent,
  funnel: {
    heading: 'From visit to finished course',
    intro:
      'The people who signed up in this period, followed to today: each step counts some of the people of the step before.',
    rows: {
      visits: {
        name: 'Visits to the landing page',
        meaning:
          'Browsers that opened your landing page, each counted once a day however often it came back.',
      },
      signups_after_visit: {
        name: 'Signed up after a counted visit',
        meaning: 'New sign-ups on a day with counted visits, at most one for each visit of that day.',
        rate: (rate: number | null) => `${percent(rate)} of the visits`,
      },
      signups_without_visit: {
        name: 'Signed up without a counted visit',
        meaning:
          'The rest of the new sign-ups: their visit was on another day, or not counted (a page served from elsewhere, or two people at one browser). They count in the steps below.',
      },
      opened_course: {
        name: 'Opened the course',
        meaning: 'New sign-ups who have opened the course with their e-mail’s link since.',
        rate: (rate: number | null, signups: number) =>
          `${percent(rate)} of the ${plural(signups, 'new sign-up')}`,
      },
      started_lesson: {
        name: 'Started a lesson',
        meaning: 'Of those, who started watching a lesson.',
        rate: (rate: number | null) => `${percent(rate)} of the step before`,
      },
      finished_course: {
        name: 'Finished the course',
        meaning: 'Of those, who watched every lesson.',
        rate: (rate: number | null) => `${percent(rate)} of the step before`,
      },
    },
  },
  perDay: {
    heading: 'Day by day',
    /** What each chart counts: things that happened that day. */
    steps: {
      views_home: 'Visits to the landing page',
      signups_new: 'New sign-ups',
      opened_course: 'Opened the course',
      learners_started: 'Started a lesson',
      finished_course: 'Finished the course',
    },
    /** The chart's summary for screen readers, who read the numbers from the table below it. */
    chartSummary: (step: string, total: number, busiest: { day: string; count: number } | null) =>
      busiest === null
        ? `${step}: none in this period.`
        : `${step}: ${total} in this period, most on ${busiest.day} (${busiest.count}).`,
    total: (count: number) => `${count} in total`,
    tableToggle: 'Show the numbers for each day',
    tableCaption: 'Each day’s numbers',
    day: 'Day',
  },
  lessons: {
    heading: 'Each lesson',
    intro:
      'Learners who started and who finished each published lesson in this period, in the course’s order.',
    lesson: 'Lesson',
    started: 'Started',
    finished: 'Finished',
    finishedShare: 'Finished of started',
    none: 'No lesson is published yet.',
  },
  sources: {
    heading: 'Where visitors came from',
    intro:
      'Visits to your landing page and your course page by where the visitor came from: the campaign named in your link (?utm_source=…), else the website that linked to you.',
    source: 'Source',
    views: 'Visits',
    share: 'Share',
    /** A campaign's or website's own name, or what "direct", "other" and "unknown" mean. */
    name: (source: string) => SOURCE_NAMES.get(source) ?? source,
    perDayToggle: 'Show the sources for each day',
    perDayCaption: 'Visits by source, each day',
    day: 'Day',
    none: 'No visits were counted in this period.',
  },
  feedback: {
    heading: 'Feedback',
    question: '“How useful was this course?” from 1 (not useful) to 5 (very useful)',
    summary: (answers: number, average: number | null) =>
      average === null
        ? 'No answers in this period.'
        : `${plural(answers, 'answer')}, average ${average.toFixed(1)}`,
    ratingsCaption: 'Answers by rating',
    rating: 'Rating',
    answers: 'Answers',
    latestHeading: 'Latest answers, newest first',
    answer: (day: string, rating: number) => `${day} · rated ${rating} of 5`,
    noComment: 'No comment.',
  },
};
