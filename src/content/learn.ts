export const learnCopy = {
  eyebrow: 'The course',
  title: "What you'll learn",
  /** Above the published lessons' list. */
  lessonsHeading: 'The lessons',
  items: [
    'the simple 3-lens framework companies use to stay ahead',
    'how to spot trends that will impact your career',
    'how to turn those trends into personal opportunities',
    'how to start taking action this week',
  ],
} as const;
