/**
 * The questionnaire's rules (its five steps and the moves between them, what each step needs before Next, at
 * most 3 worries) as a pure reducer: no DOM, no storage, no network.
 */
import { type AgeGroupId, strengthOptions, worryOptions } from '@/content/signup';

export const TOTAL_STEPS = 5;
export const MAX_WORRIES = 3;
export const MIN_STRENGTHS = 1;
/** The step whose Next needs at least one strength. */
const STRENGTHS_STEP = 4;

export type Step = 1 | 2 | 3 | 4 | 5;

export interface Answers {
  ageGroup: AgeGroupId | null;
  worries: string[];
  dream: string;
  strengths: string[];
  name: string;
  email: string;
}

/**
 * Why a send failed, as far as the page may tell from the answer's status: the server refused the address
 * (400), asked us to slow down (429), or anything else.
 */
export type SendFailure = 'address-rejected' | 'rate-limited' | 'send-failed';

/**
 * What the visitor last saw after a submit: the outcome of the send, or why nothing was sent (`typo-held`:
 * the address looks like a typo of a well-known domain, and she has not said yet which one she means).
 */
type SubmitMessage = 'sent' | SendFailure | 'strengths-missing' | 'typo-held';

/** The e-mail checker's answer for one value of the field: the corrected address, or null when it looks right. */
interface EmailCheck {
  email: string;
  suggestion: string | null;
}

export interface QuestionnaireState {
  step: Step;
  answers: Answers;
  /** Set when Next on step 4 was refused; cleared once a strength is picked or the step changes. */
  strengthsError: boolean;
  sending: boolean;
  message: SubmitMessage | null;
  /** The address the last successful send went to, shown in the success panel even if the field changes. */
  sentTo: string | null;
  /** Set by the first submit on step 5: from then on the contact fields' errors show until fixed. */
  contactAttempted: boolean;
  /** Set when the e-mail field is left with something in it: from then on its error shows until fixed. */
  emailLeft: boolean;
  /** The checker's last answer; it speaks for the field only while the field still holds `email`. */
  emailCheck: EmailCheck | null;
  /** An address the visitor chose to send as typed although a correction was suggested for it. */
  keptEmail: string | null;
}

export type QuestionnaireAction =
  | { type: 'next' }
  | { type: 'back' }
  | { type: 'toggleWorry'; worry: string }
  | { type: 'setDream'; dream: string }
  | { type: 'chooseAgeGroup'; ageGroup: AgeGroupId }
  | { type: 'toggleStrength'; strength: string }
  | { type: 'setName'; name: string }
  | { type: 'setEmail'; email: string }
  | { type: 'leaveEmail' }
  | { type: 'emailChecked'; check: EmailCheck }
  | { type: 'keepEmail' }
  | { type: 'submit' }
  | { type: 'sendSucceeded'; sentTo: string }
  | { type: 'sendFailed'; failure: SendFailure }
  | { type: 'startOver' };

export const initialState: QuestionnaireState = {
  step: 1,
  answers: { ageGroup: null, worries: [], dream: '', strengths: [], name: '', email: '' },
  strengthsError: false,
  sending: false,
  message: null,
  sentTo: null,
  contactAttempted: false,
  emailLeft: false,
  emailCheck: null,
  keptEmail: null,
};

export function progressPercent(step: Step): number {
  return Math.round((step / TOTAL_STEPS) * 100);
}

function canLeaveStep(state: QuestionnaireState): boolean {
  return state.step !== STRENGTHS_STEP || state.answers.strengths.length >= MIN_STRENGTHS;
}

/** The only data that leaves the browser: name and e-mail; the other answers stay on the device. */
export function signupPayload(answers: Pick<Answers, 'name' | 'email'>): { name: string; email: string } {
  return { name: answers.name.trim(), email: answers.email.trim() };
}

/**
 * Whether an address has a dot in its domain (`alex@bad` has none, and the server refuses it). An empty or
 * @-less value is left to the other checks.
 */
export function emailDomainLooksComplete(email: string): boolean {
  const at = email.lastIndexOf('@');
  if (at < 0) return true;
  const domain = email.slice(at + 1).trim();
  return /^[^.]+(\.[^.]+)+$/.test(domain);
}

/**
 * The HTML standard's "valid e-mail address", the check `type="email"` makes: the form has `noValidate`, so
 * the page makes it itself and says what is wrong under the field instead of in the browser's bubble.
 */
const EMAIL_SHAPE =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export interface ContactErrors {
  name?: 'missing';
  /** `incomplete`: well formed but with no dot in the domain (`alex@bad`). */
  email?: 'missing' | 'malformed' | 'incomplete';
}

/** What is wrong with step 5's name and e-mail; `{}` when both may be sent. Spaces alone count as empty. */
export function contactErrors(answers: Pick<Answers, 'name' | 'email'>): ContactErrors {
  const { name, email } = signupPayload(answers);
  const errors: ContactErrors = {};
  if (!name) errors.name = 'missing';
  if (!email) errors.email = 'missing';
  else if (!EMAIL_SHAPE.test(email)) errors.email = 'malformed';
  else if (!emailDomainLooksComplete(email)) errors.email = 'incomplete';
  return errors;
}

/**
 * The errors the visitor sees: the name's after a submit, the e-mail's also once the field was left with a
 * value in it. Each goes as soon as its value is fixed.
 */
export function shownContactErrors(state: QuestionnaireState): ContactErrors {
  const { name, email } = contactErrors(state.answers);
  const shown: ContactErrors = {};
  if (name && state.contactAttempted) shown.name = name;
  if (email && (state.contactAttempted || state.emailLeft)) shown.email = email;
  return shown;
}

/**
 * The correction suggested for the address in the field now, unless she chose to keep it as typed: null while
 * the checker has not answered for this value (or could not load), which never holds a send back.
 */
export function suggestedEmail(state: QuestionnaireState): string | null {
  const { emailCheck, answers } = state;
  if (emailCheck?.email !== answers.email || state.keptEmail === answers.email) return null;
  return emailCheck.suggestion;
}

const knownWorries: ReadonlySet<string> = new Set(worryOptions);

function clampStep(step: number): Step {
  return Math.min(TOTAL_STEPS, Math.max(1, step)) as Step;
}

function toggle(list: string[], item: string): string[] {
  return list.includes(item) ? list.filter((entry) => entry !== item) : [...list, item];
}

function withAnswers(state: QuestionnaireState, answers: Partial<Answers>): QuestionnaireState {
  return { ...state, answers: { ...state.answers, ...answers } };
}

export function questionnaireReducer(
  state: QuestionnaireState,
  action: QuestionnaireAction,
): QuestionnaireState {
  const { answers } = state;
  switch (action.type) {
    case 'next':
      if (!canLeaveStep(state)) return { ...state, strengthsError: true };
      if (state.step === TOTAL_STEPS) return state;
      return { ...state, step: clampStep(state.step + 1), strengthsError: false };
    case 'back':
      if (state.step === 1) return state;
      return { ...state, step: clampStep(state.step - 1), strengthsError: false };
    case 'toggleWorry': {
      const known = knownWorries.has(action.worry);
      const full = !answers.worries.includes(action.worry) && answers.worries.length >= MAX_WORRIES;
      if (!known || full) return state;
      return withAnswers(state, { worries: toggle(answers.worries, action.worry) });
    }
    case 'setDream':
      return withAnswers(state, { dream: action.dream });
    case 'chooseAgeGroup':
      if (action.ageGroup === answers.ageGroup) return state;
      return withAnswers(state, { ageGroup: action.ageGroup, strengths: [] });
    case 'toggleStrength': {
      if (!answers.ageGroup || !strengthOptions[answers.ageGroup].includes(action.strength)) return state;
      const strengths = toggle(answers.strengths, action.strength);
      const next = withAnswers(state, { strengths });
      return strengths.length >= MIN_STRENGTHS ? { ...next, strengthsError: false } : next;
    }
    case 'setName':
      return withAnswers(state, { name: action.name });
    case 'setEmail': {
      const next = withAnswers(state, { email: action.email });
      return state.message === 'typo-held' ? { ...next, message: null } : next;
    }
    case 'leaveEmail':
      return state.emailLeft || !answers.email.trim() ? state : { ...state, emailLeft: true };
    case 'emailChecked': {
      const { email, suggestion } = action.check;
      if (state.emailCheck?.email === email && state.emailCheck.suggestion === suggestion) return state;
      return { ...state, emailCheck: { email, suggestion } };
    }
    case 'keepEmail':
      return { ...state, keptEmail: answers.email };
    case 'submit': {
      if (state.sending || state.step !== TOTAL_STEPS) return state;
      const attempted = state.contactAttempted ? state : { ...state, contactAttempted: true };
      const { name, email } = contactErrors(answers);
      if (name || email) return attempted;
      if (answers.strengths.length < MIN_STRENGTHS) return { ...attempted, message: 'strengths-missing' };
      if (suggestedEmail(state)) return { ...attempted, message: 'typo-held' };
      return { ...attempted, sending: true, message: null };
    }
    case 'sendSucceeded':
      return state.sending ? { ...state, sending: false, message: 'sent', sentTo: action.sentTo } : state;
    case 'sendFailed':
      return state.sending ? { ...state, sending: false, message: action.failure } : state;
    case 'startOver':
      return state.sending ? state : initialState;
  }
}

/**
 * Rebuilds a state from answers read back from storage, keeping only what the rules allow: known worries
 * (at most 3) and the strengths of the stored age group.
 */
export function restoreState(step: Step, stored: Answers): QuestionnaireState {
  const ageGroup = stored.ageGroup;
  const worries = [...new Set(stored.worries)]
    .filter((worry) => knownWorries.has(worry))
    .slice(0, MAX_WORRIES);
  const strengths = ageGroup
    ? [...new Set(stored.strengths)].filter((strength) => strengthOptions[ageGroup].includes(strength))
    : [];
  return { ...initialState, step, answers: { ...stored, worries, strengths } };
}
