/**
 * Every word of the learner's plan (/course/plan). The owner edits the prompts: each has a stable `id` under
 * which the learner's answer is kept on the device, so rewording a prompt keeps the answer, and a new id starts
 * empty. Two or three prompts per lens fit the printed plan on one A4 page.
 */

type LensId = 'trends' | 'strengths' | 'dreams';

interface PlanPrompt {
  /** Where the answer is kept: never reuse an id for a different question. */
  id: string;
  prompt: string;
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
      { id: 'trends-change-work', prompt: 'Which trend could change your work most in the next five years?' },
      { id: 'trends-first-task', prompt: 'What is one task in your work that will change first?' },
    ],
  },
  {
    id: 'strengths',
    heading: 'Strengths lens',
    said: (strengths) => `Your strengths: ${strengths}`,
    saidSubjects: (subjects) => `School subjects you enjoy: ${subjects}`,
    missing: "Your strengths aren't on this device yet, and that's fine.",
    prompts: [
      { id: 'strengths-thanked-for', prompt: 'Which strength do people thank you for?' },
      { id: 'strengths-use-more', prompt: 'Which strength would you like to use more?' },
    ],
  },
  {
    id: 'dreams',
    heading: 'Dreams lens',
    said: (dream) => `Your childhood dream: “${dream}”`,
    missing: "Your childhood dream isn't on this device yet, and that's fine.",
    prompts: [
      { id: 'dreams-still-want', prompt: 'What did that childhood dream give you that you still want?' },
      { id: 'dreams-small-version', prompt: 'What would a small version of it look like this year?' },
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
    field: { id: 'first-step', prompt: 'What is one small thing you will do in the next seven days?' },
  },
} as const;
