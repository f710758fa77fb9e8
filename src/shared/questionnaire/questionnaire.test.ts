import { describe, expect, it } from 'vitest';
import { ageGroups, strengthOptions, worryOptions } from '@/content/signup';
import {
  type QuestionnaireAction,
  type QuestionnaireState,
  type Step,
  contactErrors,
  emailDomainLooksComplete,
  initialState,
  progressPercent,
  questionnaireReducer,
  restoreState,
  shownContactErrors,
  signupPayload,
  suggestedEmail,
} from './questionnaire';

function run(actions: QuestionnaireAction[], from: QuestionnaireState = initialState): QuestionnaireState {
  return actions.reduce(questionnaireReducer, from);
}

const atStep = (step: Step, answers: Partial<QuestionnaireState['answers']> = {}): QuestionnaireState => ({
  ...initialState,
  step,
  answers: { ...initialState.answers, ...answers },
});

const readyToSend = atStep(5, {
  ageGroup: '25-35',
  strengths: ['Strategy'],
  name: 'Ada Lovelace',
  email: 'ada@example.com',
});

describe('navigation', () => {
  it('starts on step 1 with nothing answered', () => {
    expect(initialState.step).toBe(1);
    expect(initialState.answers).toEqual({
      ageGroup: null,
      worries: [],
      dream: '',
      strengths: [],
      name: '',
      email: '',
    });
  });

  it('Next moves forward by one', () => {
    expect(run([{ type: 'next' }]).step).toBe(2);
    expect(run([{ type: 'next' }, { type: 'next' }]).step).toBe(3);
  });

  it('Next never goes past step 5', () => {
    expect(run([{ type: 'next' }], readyToSend)).toBe(readyToSend);
  });

  it('Back moves back by one and stays on step 1 at the start', () => {
    expect(run([{ type: 'back' }], atStep(3)).step).toBe(2);
    expect(run([{ type: 'back' }])).toBe(initialState);
  });

  it('the progress is step/5 as a percentage', () => {
    expect([1, 2, 3, 4, 5].map((step) => progressPercent(step as Step))).toEqual([20, 40, 60, 80, 100]);
  });
});

describe('worries (step 2)', () => {
  const [first, second, third, fourth] = worryOptions;

  it('toggles a worry on and off', () => {
    const picked = run([{ type: 'toggleWorry', worry: first }]);
    expect(picked.answers.worries).toEqual([first]);
    expect(run([{ type: 'toggleWorry', worry: first }], picked).answers.worries).toEqual([]);
  });

  it('keeps at most 3 worries: a fourth is refused', () => {
    const state = run([first, second, third, fourth].map((worry) => ({ type: 'toggleWorry', worry })));
    expect(state.answers.worries).toEqual([first, second, third]);
  });

  it('frees a place when one of the 3 is removed', () => {
    const state = run(
      [first, second, third, first, fourth].map((worry) => ({ type: 'toggleWorry' as const, worry })),
    );
    expect(state.answers.worries).toEqual([second, third, fourth]);
  });

  it('ignores a worry that is not on the list', () => {
    expect(run([{ type: 'toggleWorry', worry: 'Spiders' }])).toBe(initialState);
  });
});

describe('childhood dream (step 3)', () => {
  it('is free text and optional', () => {
    expect(run([{ type: 'setDream', dream: 'Astronaut' }]).answers.dream).toBe('Astronaut');
    expect(run([{ type: 'next' }], atStep(3)).step).toBe(4);
  });
});

describe('age group and strengths (step 4)', () => {
  it('offers 12 options for every age group, school subjects for under-25s', () => {
    for (const { id } of ageGroups) expect(strengthOptions[id]).toHaveLength(12);
    expect(strengthOptions.under25).toContain('Drama/Theatre');
    expect(strengthOptions['55plus']).toContain('Board work');
  });

  it('picks strengths only from the chosen age group', () => {
    const state = run([
      { type: 'chooseAgeGroup', ageGroup: 'under25' },
      { type: 'toggleStrength', strength: 'Science' },
      { type: 'toggleStrength', strength: 'Board work' },
    ]);
    expect(state.answers.strengths).toEqual(['Science']);
  });

  it('ignores a strength before an age group is chosen', () => {
    expect(run([{ type: 'toggleStrength', strength: 'Science' }])).toBe(initialState);
  });

  it('has no upper limit on strengths', () => {
    const all = strengthOptions['45-55'];
    const state = run([
      { type: 'chooseAgeGroup', ageGroup: '45-55' },
      ...all.map((strength) => ({ type: 'toggleStrength' as const, strength })),
    ]);
    expect(state.answers.strengths).toEqual(all);
  });

  it('changing the age group clears the strengths', () => {
    const state = run([
      { type: 'chooseAgeGroup', ageGroup: '25-35' },
      { type: 'toggleStrength', strength: 'Leadership' },
      { type: 'chooseAgeGroup', ageGroup: '45-55' },
    ]);
    expect(state.answers.ageGroup).toBe('45-55');
    expect(state.answers.strengths).toEqual([]);
  });

  it('choosing the same age group again keeps the strengths', () => {
    const state = run([
      { type: 'chooseAgeGroup', ageGroup: '25-35' },
      { type: 'toggleStrength', strength: 'Leadership' },
      { type: 'chooseAgeGroup', ageGroup: '25-35' },
    ]);
    expect(state.answers.strengths).toEqual(['Leadership']);
  });

  it('Next without a strength stays on step 4 and raises the error', () => {
    const state = run([{ type: 'next' }], atStep(4, { ageGroup: '25-35' }));
    expect(state.step).toBe(4);
    expect(state.strengthsError).toBe(true);
  });

  it('picking a strength clears the error, and Next then moves on', () => {
    const refused = run([{ type: 'next' }], atStep(4, { ageGroup: '25-35' }));
    const picked = run([{ type: 'toggleStrength', strength: 'Sales' }], refused);
    expect(picked.strengthsError).toBe(false);
    expect(run([{ type: 'next' }], picked).step).toBe(5);
  });

  it('Back clears the error', () => {
    const refused = run([{ type: 'next' }], atStep(4));
    expect(run([{ type: 'back' }], refused)).toMatchObject({ step: 3, strengthsError: false });
  });
});

describe('submit (step 5)', () => {
  it('sends nothing while the name or the e-mail is missing or wrong, and records the attempt', () => {
    for (const wrong of [
      { name: '' },
      { email: '' },
      { name: '   ' },
      { email: ' ' },
      { email: 'alex@bad' },
    ]) {
      const state = { ...readyToSend, answers: { ...readyToSend.answers, ...wrong } };
      const refused = run([{ type: 'submit' }], state);
      expect(refused).toEqual({ ...state, contactAttempted: true });
      expect(run([{ type: 'submit' }], refused)).toBe(refused);
    }
  });

  it('with no strength shows "strengths-missing" and does not start sending', () => {
    const state = run([{ type: 'submit' }], {
      ...readyToSend,
      answers: { ...readyToSend.answers, strengths: [] },
    });
    expect(state).toMatchObject({ sending: false, message: 'strengths-missing' });
  });

  it('starts sending and clears the last message', () => {
    const state = run([{ type: 'submit' }], { ...readyToSend, message: 'send-failed' });
    expect(state).toMatchObject({ sending: true, message: null });
  });

  it('a second submit while sending changes nothing', () => {
    const sending = run([{ type: 'submit' }], readyToSend);
    expect(run([{ type: 'submit' }], sending)).toBe(sending);
  });

  it('only submits from step 5', () => {
    const state = { ...readyToSend, step: 4 as const };
    expect(run([{ type: 'submit' }], state)).toBe(state);
  });

  it('success and failure end the sending and keep the form as it was', () => {
    const sending = run([{ type: 'submit' }], readyToSend);
    const sent = run([{ type: 'sendSucceeded', sentTo: 'ada@example.com' }], sending);
    const attempted = { ...readyToSend, contactAttempted: true };
    expect(sent).toEqual({ ...attempted, message: 'sent', sentTo: 'ada@example.com' });
    for (const failure of ['send-failed', 'address-rejected', 'rate-limited'] as const) {
      const failed = run([{ type: 'sendFailed', failure }], sending);
      expect(failed).toEqual({ ...attempted, message: failure });
    }
  });

  it('keeps the address it sent to when the field changes afterwards', () => {
    const sent = run(
      [
        { type: 'submit' },
        { type: 'sendSucceeded', sentTo: 'ada@example.com' },
        { type: 'setEmail', email: 'x' },
      ],
      readyToSend,
    );
    expect(sent).toMatchObject({ message: 'sent', sentTo: 'ada@example.com' });
    expect(sent.answers.email).toBe('x');
  });

  it('ignores an outcome when nothing is being sent', () => {
    expect(run([{ type: 'sendSucceeded', sentTo: 'ada@example.com' }], readyToSend)).toBe(readyToSend);
    expect(run([{ type: 'sendFailed', failure: 'send-failed' }], readyToSend)).toBe(readyToSend);
  });

  it('holds a submit while a correction stands for the address in the field, and sends once she decides', () => {
    const typo = { ...readyToSend, answers: { ...readyToSend.answers, email: 'ada@gmial.com' } };
    const checked = run(
      [{ type: 'emailChecked', check: { email: 'ada@gmial.com', suggestion: 'ada@gmail.com' } }],
      typo,
    );
    expect(suggestedEmail(checked)).toBe('ada@gmail.com');
    const held = run([{ type: 'submit' }], checked);
    expect(held).toMatchObject({ sending: false, message: 'typo-held', contactAttempted: true });

    const corrected = run([{ type: 'setEmail', email: 'ada@gmail.com' }], held);
    expect(corrected.message).toBeNull();
    expect(suggestedEmail(corrected)).toBeNull();
    expect(run([{ type: 'submit' }], corrected)).toMatchObject({ sending: true });

    const kept = run([{ type: 'keepEmail' }], held);
    expect(suggestedEmail(kept)).toBeNull();
    expect(run([{ type: 'submit' }], kept)).toMatchObject({ sending: true, message: null });
  });

  it('a check for another value of the field, or none yet, holds nothing back', () => {
    const typo = { ...readyToSend, answers: { ...readyToSend.answers, email: 'ada@gmial.com' } };
    expect(run([{ type: 'submit' }], typo)).toMatchObject({ sending: true });
    const stale = run(
      [{ type: 'emailChecked', check: { email: 'ada@gmial.co', suggestion: 'ada@gmail.com' } }],
      typo,
    );
    expect(run([{ type: 'submit' }], stale)).toMatchObject({ sending: true });
  });

  it('sends only the name and the e-mail, trimmed', () => {
    const answers = { ...readyToSend.answers, name: ' Ada ', email: ' ada@example.com ', dream: 'Pilot' };
    expect(signupPayload(answers)).toEqual({ name: 'Ada', email: 'ada@example.com' });
  });
});

describe('contactErrors', () => {
  const errorsOf = (name: string, email: string) => contactErrors({ name, email });

  it('finds nothing wrong with a name and a whole address', () => {
    for (const email of ['ada@example.com', ' ada@example.com ', 'a.b+c@mail.example.co.uk', "o'neil@x.io"])
      expect(errorsOf('Ada', email), email).toEqual({});
  });

  it('wants a name: spaces alone count as none', () => {
    expect(errorsOf('', 'ada@example.com')).toEqual({ name: 'missing' });
    expect(errorsOf('   ', 'ada@example.com')).toEqual({ name: 'missing' });
  });

  it('wants an e-mail address: spaces alone count as none', () => {
    expect(errorsOf('Ada', '')).toEqual({ email: 'missing' });
    expect(errorsOf('Ada', '  ')).toEqual({ email: 'missing' });
    expect(errorsOf('', '')).toEqual({ name: 'missing', email: 'missing' });
  });

  it('refuses what is not shaped like an address', () => {
    for (const email of [
      'ada',
      'ada@',
      '@example.com',
      'ada@@example.com',
      'a da@example.com',
      'ada@exa mple.com',
    ])
      expect(errorsOf('Ada', email).email, email).toBe('malformed');
  });

  it('refuses a well-formed address whose domain has no dot as incomplete', () => {
    expect(errorsOf('Ada', 'alex@bad')).toEqual({ email: 'incomplete' });
  });
});

describe('shownContactErrors', () => {
  const wrong = atStep(5, { strengths: ['Strategy'], ageGroup: '25-35', name: ' ', email: 'alex@bad' });

  it('shows nothing before a submit or before the e-mail field is left with a value', () => {
    expect(shownContactErrors(wrong)).toEqual({});
    expect(
      run([{ type: 'leaveEmail' }], { ...wrong, answers: { ...wrong.answers, email: '' } }),
    ).toMatchObject({
      emailLeft: false,
    });
  });

  it('shows the e-mail error once the field is left with a value in it', () => {
    expect(shownContactErrors(run([{ type: 'leaveEmail' }], wrong))).toEqual({ email: 'incomplete' });
  });

  it('shows both after a submit, and each goes as soon as its value is fixed', () => {
    const refused = run([{ type: 'submit' }], wrong);
    expect(shownContactErrors(refused)).toEqual({ name: 'missing', email: 'incomplete' });
    const named = run([{ type: 'setName', name: 'Alex' }], refused);
    expect(shownContactErrors(named)).toEqual({ email: 'incomplete' });
    const fixed = run([{ type: 'setEmail', email: 'alex@bad.example' }], named);
    expect(shownContactErrors(fixed)).toEqual({});
    // Wrong again: the error is back at once, without another submit.
    expect(shownContactErrors(run([{ type: 'setName', name: '' }], fixed))).toEqual({ name: 'missing' });
  });

  it('Start over hides them again', () => {
    const refused = run([{ type: 'submit' }, { type: 'leaveEmail' }], wrong);
    expect(run([{ type: 'startOver' }], refused)).toMatchObject({
      contactAttempted: false,
      emailLeft: false,
    });
  });
});

describe('emailDomainLooksComplete', () => {
  it('wants a dot between parts of the domain', () => {
    for (const email of ['ada@example.com', 'ada@mail.example.co.uk', 'a.b@x.io', ' ada@example.com '])
      expect(emailDomainLooksComplete(email), email).toBe(true);
    for (const email of ['alex@bad', 'alex@bad.', 'alex@.com', 'alex@', 'alex@bad..com'])
      expect(emailDomainLooksComplete(email), email).toBe(false);
  });

  it('leaves empty and @-less values to the other checks', () => {
    expect(emailDomainLooksComplete('')).toBe(true);
    expect(emailDomainLooksComplete('alex')).toBe(true);
  });
});

describe('start over', () => {
  it('clears every answer and returns to step 1', () => {
    expect(run([{ type: 'startOver' }], { ...readyToSend, message: 'sent' })).toBe(initialState);
  });

  it('is refused while sending', () => {
    const sending = run([{ type: 'submit' }], readyToSend);
    expect(run([{ type: 'startOver' }], sending)).toBe(sending);
  });
});

describe('restoreState', () => {
  it('keeps valid answers and the step', () => {
    expect(restoreState(5, readyToSend.answers)).toEqual(readyToSend);
  });

  it('drops unknown or duplicate worries and keeps at most 3', () => {
    const [a, b, c, d] = worryOptions;
    const state = restoreState(2, { ...initialState.answers, worries: [a, 'Spiders', a, b, c, d] });
    expect(state.answers.worries).toEqual([a, b, c]);
  });

  it('drops strengths that do not belong to the age group', () => {
    const state = restoreState(4, {
      ...initialState.answers,
      ageGroup: 'under25',
      strengths: ['Math', 'Board work'],
    });
    expect(state.answers.strengths).toEqual(['Math']);
    expect(restoreState(4, { ...initialState.answers, strengths: ['Math'] }).answers.strengths).toEqual([]);
  });
});
