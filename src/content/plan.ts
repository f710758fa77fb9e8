/**
 * Every word of the learner's plan (/course/plan). The prompts are the owner's words (the studio's Site section),
 * these as shipped: each prompt has a stable `id` under which the learner's answer is kept on the device, so
 * rewording a prompt keeps the answer. A lens's second prompt may be left empty: the plan then asks one question
 * there. Two or three prompts per lens fit the printed plan on one A4 page.
 */

/** The prompts as shipped, by the key of the owner's field. */
export const planPrompts = {
  'plan.trends1': 'Which trend could change your work most in the next five years?',
  'plan.trends2': 'What is one task in your work that will change first?',
  'plan.strengths1': 'Which strength do people thank you for?',
  'plan.strengths2': 'Which strength would you like to use more?',
  'plan.dreams1': 'What did that childhood dream give you that you still want?',
  'plan.dreams2': 'What would a small version of it look like this year?',
  'plan.firstStep': 'What is one small thing you will do in the next seven days?',
};

type LensId = 'trends' | 'strengths' | 'dreams';

interface PlanPrompt {
  /** Where the answer is kept: never reuse an id for a different question. */
  id: string;
  /** The owner's field of its words. */
  word: keyof typeof planPrompts;
}

export interface LensCopy {
  id: LensId;
  heading: string;
  /** The learner's own answers, in one line. */
  said: (answers: string) => string;
  /** For under-25s, who picked the school subjects they enjoy rather than skills. */
  saidSubjects?: (subjects: string) => string;
  /** The line when the answer is not on this device, before the link to the questions. */
  missing: string;
  prompts: readonly PlanPrompt[];
}

const lenses: readonly LensCopy[] = [
  {
    id: 'trends',
    heading: 'Trends lens',
    said: (worries) => `You worry about: ${worries}`,
    missing: "Your worries aren't on this device yet, and that's fine.",
    prompts: [
      { id: 'trends-change-work', word: 'plan.trends1' },
      { id: 'trends-first-task', word: 'plan.trends2' },
    ],
  },
  {
    id: 'strengths',
    heading: 'Strengths lens',
    said: (strengths) => `Your strengths: ${strengths}`,
    saidSubjects: (subjects) => `School subjects you enjoy: ${subjects}`,
    missing: "Your strengths aren't on this device yet, and that's fine.",
    prompts: [
      { id: 'strengths-thanked-for', word: 'plan.strengths1' },
      { id: 'strengths-use-more', word: 'plan.strengths2' },
    ],
  },
  {
    id: 'dreams',
    heading: 'Dreams lens',
    said: (dream) => `Your childhood dream: “${dream}”`,
    missing: "Your childhood dream isn't on this device yet, and that's fine.",
    prompts: [
      { id: 'dreams-still-want', word: 'plan.dreams1' },
      { id: 'dreams-small-version', word: 'plan.dreams2' },
    ],
  },
];

/** On /course's completion view; its own export, so the course's chunk does not carry the whole plan. */
export const planLinkText = 'My three-lenses plan';

export const planCopy = {
  documentTitle: 'My three-lenses plan | Three Lenses',
  description:
    'Your three-lenses plan: trends, strengths and dreams, built in your browser from your answers. Print it or save it as a PDF.',
  title: 'My three-lenses plan',
  /** The subtitle, with the date in the page's date style (`dateLocale`). */
  subtitle: (name: string, date: string) => (name ? `${name}'s plan, ${date}` : date),
  /** Dates as the site writes them: "27 November 2026". */
  dateLocale: 'en-GB',
  intro:
    'Built in this browser from your answers, and kept only on this device: nothing you write here is sent to us. Your answers are saved as you type.',
  print: 'Print or save as PDF',
  backToCourse: 'Back to the course',
  /** After a lens's `missing` line: the link to the questions on the home page. */
  answerTheQuestions: 'Answer the questions',
  lenses,
  firstStep: {
    heading: 'My first step this week',
    field: { id: 'first-step', word: 'plan.firstStep' } satisfies PlanPrompt,
  },
} as const;
