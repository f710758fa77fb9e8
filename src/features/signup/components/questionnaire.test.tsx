import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { strengthOptions, worryOptions } from '@/content/signup';
import { STORAGE_KEY, questionnaireStore } from '@/shared/questionnaire/questionnaire-store';
import { Questionnaire } from './questionnaire';

/**
 * The component over the real store, the real send-email call and the real supabase-js: only the network
 * (fetch) is replaced, so these tests see the request a browser would send.
 */
let releaseHeld: (() => void) | undefined;

// The success panel's preview lesson reads the course outline over its own requests; it has its own tests
// (first-preview.test.tsx), so here the network is the sign-up's alone.
vi.mock('./first-preview', () => ({ FirstPreview: () => null }));

function answerSendEmail(status: number) {
  const fetchMock = vi.fn<typeof fetch>(async () =>
    Response.json(status === 200 ? { ok: true } : { error: 'x' }, { status }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function holdSendEmail() {
  const fetchMock = vi.fn<typeof fetch>(
    () =>
      new Promise<Response>((resolve) => {
        releaseHeld = () => resolve(Response.json({ ok: true }));
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function sentBody(fetchMock: ReturnType<typeof answerSendEmail>): Promise<unknown> {
  await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  const [input, init] = fetchMock.mock.calls[0] ?? [];
  if (input === undefined) throw new Error('nothing was sent');
  const request = new Request(input, init);
  expect(new URL(request.url).pathname).toBe('/functions/v1/send-email');
  return request.json();
}

/** A fresh copy of the modules over what localStorage holds (or is given): what a reload of the tab does. */
async function reloadWith(stored?: unknown) {
  if (stored !== undefined) window.localStorage.setItem(STORAGE_KEY, JSON.stringify(stored));
  vi.resetModules();
  return import('./questionnaire');
}

const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));
const back = () => fireEvent.click(screen.getByRole('button', { name: 'Back' }));
const heading = () => screen.getByRole('heading', { level: 3 });
const progress = () => screen.getByRole('progressbar', { name: 'Sign-up progress' });

/** Walks from step 1 to step 5 answering what the rules require. */
function goToContactStep() {
  next();
  fireEvent.click(screen.getByRole('checkbox', { name: 'Burnout' }));
  next();
  fireEvent.change(screen.getByRole('textbox', { name: 'What did you dream of becoming as a child?' }), {
    target: { value: 'Astronaut' },
  });
  next();
  fireEvent.click(screen.getByRole('radio', { name: '25–44' }));
  fireEvent.click(screen.getByRole('checkbox', { name: 'Strategy' }));
  next();
}

function fillContact(name = 'Ada Lovelace', email = 'ada@example.com') {
  fireEvent.change(screen.getByRole('textbox', { name: 'Your name' }), { target: { value: name } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Your email' }), { target: { value: email } });
}

beforeEach(() => {
  window.localStorage.clear();
  act(() => questionnaireStore.dispatch({ type: 'startOver' }));
});

afterEach(async () => {
  if (releaseHeld) {
    const release = releaseHeld;
    releaseHeld = undefined;
    await act(async () => release());
  }
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Questionnaire: steps', () => {
  it('step 1 is the intro: 30 seconds, progress 20 %, "Step 1 of 5", Back disabled, no submit', () => {
    render(<Questionnaire variant="full" />);
    expect(heading()).toHaveTextContent("Let's make this course yours.");
    expect(screen.getByText(/30 seconds/)).toBeVisible();
    expect(progress()).toHaveAttribute('aria-valuenow', '20');
    expect(progress()).toHaveAttribute('aria-valuetext', 'Step 1 of 5');
    expect(screen.getByText('Step 1 of 5')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Show Me My Free Course' })).not.toBeInTheDocument();
    // None of the later steps' choices can be reached yet.
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('does not take the focus on first render', () => {
    render(<Questionnaire variant="full" />);
    expect(heading()).not.toHaveFocus();
  });

  it('Next and Back move one step and focus the new step heading', () => {
    render(<Questionnaire variant="compact" />);
    next();
    expect(heading()).toHaveTextContent('What worries you most about your future?');
    expect(heading()).toHaveFocus();
    expect(progress()).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText('Step 2 of 5')).toBeVisible();
    back();
    expect(heading()).toHaveTextContent("Let's make this course yours.");
    expect(heading()).toHaveFocus();
  });

  it('step 2 offers the 12 worries as a group; at 3 the others are disabled and the counter says so', () => {
    render(<Questionnaire variant="full" />);
    next();
    const group = screen.getByRole('group', { name: 'What worries you most about your future?' });
    expect(within(group).getAllByRole('checkbox')).toHaveLength(12);
    expect(group).toHaveAccessibleDescription('Selected 0/3. No wrong answers here, promise.');
    const [a, b, c, d] = worryOptions;
    for (const worry of [a, b, c]) fireEvent.click(screen.getByRole('checkbox', { name: worry }));
    expect(screen.getByText('Selected 3/3. No wrong answers here, promise.')).toBeVisible();
    expect(screen.getByRole('checkbox', { name: d })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: a })).toBeEnabled();
    expect(screen.getAllByRole('checkbox').filter((box) => box.matches(':disabled'))).toHaveLength(9);
    fireEvent.click(screen.getByRole('checkbox', { name: a }));
    expect(screen.getByText('Selected 2/3. No wrong answers here, promise.')).toBeVisible();
    expect(screen.getByRole('checkbox', { name: d })).toBeEnabled();
  });

  it('step 3 is an optional text box labelled by the question', () => {
    render(<Questionnaire variant="full" />);
    next();
    next();
    expect(
      screen.getByRole('textbox', { name: 'What did you dream of becoming as a child?' }),
    ).not.toBeRequired();
    next();
    expect(heading()).toHaveTextContent('Tell us about you');
  });

  it('step 4 covers every age, needs a strength to go on, and a new age group clears the strengths', () => {
    render(<Questionnaire variant="full" />);
    for (let i = 0; i < 3; i += 1) next();
    const ages = screen.getByRole('group', { name: 'Your age group' });
    expect(
      within(ages)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Under 25', '25–44', '45–54', '55+']);
    expect(screen.getByText('Choose your age group to see the list.')).toBeVisible();
    // The hint waits for a list to pick from.
    expect(screen.queryByText('Please pick at least one.')).not.toBeInTheDocument();

    next();
    expect(heading()).toHaveTextContent('Tell us about you');
    expect(screen.getByRole('alert')).toHaveTextContent('Pick at least one strength to continue.');
    expect(screen.getByRole('group', { name: 'What are your strengths?' })).toHaveAccessibleDescription(
      'Pick at least one strength to continue.',
    );

    fireEvent.click(screen.getByRole('radio', { name: '45–54' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Pick at least one strength to continue.');
    expect(screen.queryByText('Please pick at least one.')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Mentoring' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Mentoring' }));
    // With the list on screen and nothing picked, the red hint shows, once.
    expect(screen.getByText('Please pick at least one.')).toHaveClass('text-red-700');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    next();
    expect(screen.getByRole('alert')).toHaveTextContent('Pick at least one strength to continue.');
    expect(screen.queryByText('Please pick at least one.')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('radio', { name: 'Under 25' }));
    const subjects = screen.getByRole('group', { name: 'Which school subjects do you enjoy?' });
    expect(
      within(subjects)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(strengthOptions.under25);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Math' }));
    expect(screen.queryByText('Please pick at least one.')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('radio', { name: '55+' }));
    const skills = screen.getByRole('group', { name: 'What are your strengths?' });
    expect(within(skills).getAllByRole('checkbox')).toHaveLength(12);
    expect(
      within(skills)
        .getAllByRole('checkbox')
        .filter((box) => box.matches(':checked')),
    ).toHaveLength(0);
    expect(screen.getByText('Please pick at least one.')).toBeVisible();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Board work' }));
    next();
    expect(heading()).toHaveTextContent('Where should we send your course?');
    expect(progress()).toHaveAttribute('aria-valuenow', '100');
  });

  it('step 5 asks for a required name and a required e-mail address, and shows the submit button', () => {
    render(<Questionnaire variant="full" />);
    goToContactStep();
    expect(screen.getByRole('textbox', { name: 'Your name' })).toBeRequired();
    const email = screen.getByRole('textbox', { name: 'Your email' });
    expect(email).toBeRequired();
    expect(email).toHaveAttribute('type', 'email');
    expect(screen.getByRole('button', { name: 'Show Me My Free Course' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
  });
});

describe('Questionnaire: submit', () => {
  it('with both fields empty says what is missing under each field, focuses the name and sends nothing', async () => {
    const fetchMock = answerSendEmail(200);
    render(<Questionnaire variant="full" />);
    goToContactStep();
    const name = screen.getByRole('textbox', { name: 'Your name' });
    const email = screen.getByRole('textbox', { name: 'Your email' });
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Please enter your name.')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show Me My Free Course' }));

    expect(screen.getByText('Please enter your name.')).toHaveClass('text-red-700');
    expect(screen.getByText('Please enter your e-mail address.')).toHaveClass('text-red-700');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Please enter your name.');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(
      'Please enter your e-mail address. One e-mail with your link. No spam. Privacy policy',
    );
    expect(name).toHaveFocus();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('a name of spaces only counts as none; a fixed value loses its message at once', async () => {
    const fetchMock = answerSendEmail(200);
    render(<Questionnaire variant="compact" />);
    goToContactStep();
    fillContact('   ', 'ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Show Me My Free Course' }));
    const name = screen.getByRole('textbox', { name: 'Your name' });
    expect(screen.getByText('Please enter your name.')).toBeVisible();
    expect(name).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Your email' })).not.toHaveAttribute('aria-invalid');

    fireEvent.change(name, { target: { value: 'Ada' } });
    expect(screen.queryByText('Please enter your name.')).not.toBeInTheDocument();
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(name).not.toHaveAccessibleDescription();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a malformed e-mail is named when the field is left with it, and focused on submit', async () => {
    const fetchMock = answerSendEmail(200);
    render(<Questionnaire variant="full" />);
    goToContactStep();
    const email = screen.getByRole('textbox', { name: 'Your email' });
    fillContact('Ada', 'ada');
    expect(email).not.toHaveAttribute('aria-invalid');
    fireEvent.blur(email);
    const message = "That doesn't look like an e-mail address (like name@example.com).";
    expect(screen.getByText(message)).toBeVisible();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Show Me My Free Course' }));
    expect(email).toHaveFocus();
    fireEvent.change(email, { target: { value: 'ada@example.com' } });
    expect(screen.queryByText(message)).not.toBeInTheDocument();
    expect(email).toHaveAccessibleDescription('One e-mail with your link. No spam. Privacy policy');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('an empty e-mail field left behind says nothing until a submit', () => {
    render(<Questionnaire variant="full" />);
    goToContactStep();
    fireEvent.blur(screen.getByRole('textbox', { name: 'Your email' }));
    expect(screen.queryByText('Please enter your e-mail address.')).not.toBeInTheDocument();
  });

  it('suggests sam@gmail.com for sam@gmial.com; one tap fills the field and focuses it', async () => {
    render(<Questionnaire variant="full" />);
    goToContactStep();
    const email = screen.getByRole('textbox', { name: 'Your email' });
    fillContact('Sam', 'sam@gmial.com');
    fireEvent.blur(email);
    const suggestion = await screen.findByRole('button', { name: 'sam@gmail.com' });
    expect(suggestion.closest('p')).toHaveTextContent(/^Did you mean sam@gmail\.com\?$/);
    // (jsdom has no style sheets: it takes the button for a block and puts a space before the "?".)
    expect(email).toHaveAccessibleDescription(
      /^Did you mean sam@gmail\.com ?\? One e-mail with your link\. No spam\. Privacy policy$/,
    );
    // A suggestion, not an error.
    expect(email).not.toHaveAttribute('aria-invalid');

    fireEvent.click(suggestion);
    expect(email).toHaveValue('sam@gmail.com');
    expect(email).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'sam@gmail.com' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Did you mean/)).not.toBeInTheDocument();
  });

  it('a suggestion never blocks: the typed address is sent', async () => {
    const fetchMock = answerSendEmail(200);
    render(<Questionnaire variant="full" />);
    goToContactStep();
    fillContact('Sam', 'sam@gmial.com');
    fireEvent.click(screen.getByRole('button', { name: 'Show Me My Free Course' }));
    expect(await sentBody(fetchMock)).toEqual({ name: 'Sam', email: 'sam@gmial.com' });
    expect(await screen.findByRole('status')).toHaveTextContent("You're in! Check your inbox for access.");
  });

  it('Next on step 4 moves to step 5 and never submits, even with the contact filled in', async () => {
    const fetchMock = answerSendEmail(200);
    render(<Questionnaire variant="full" />);
    goToContactStep();
    fillContact();
    back();
    next();
    expect(heading()).toHaveTextContent('Where should we send your course?');
    expect(heading()).toHaveFocus();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('shows "Sending..." disabled while sending, sends {name, email} once, then the success message', async () => {
    const fetchMock = holdSendEmail();
    render(<Questionnaire variant="full" />);
    goToContactStep();
    fillContact();
    const submit = screen.getByRole('button', { name: 'Show Me My Free Course' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled());
    expect(await sentBody(fetchMock)).toEqual({ name: 'Ada Lovelace', email: 'ada@example.com' });

    await act(async () => releaseHeld?.());
    releaseHeld = undefined;
    expect(await screen.findByRole('status')).toHaveTextContent("You're in! Check your inbox for access.");
    expect(screen.getByRole('button', { name: 'Show Me My Free Course' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Show Me My Free Course' })).toHaveAccessibleDescription(
      "You're in! Check your inbox for access.",
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('textbox', { name: 'Your name' })).toHaveValue('Ada Lovelace');
    expect(screen.getByRole('textbox', { name: 'Your email' })).toHaveValue('ada@example.com');
    expect(heading()).toHaveTextContent('Where should we send your course?');
  });

  it('on failure shows the message, logs the error and keeps the form', async () => {
    answerSendEmail(500);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<Questionnaire variant="compact" />);
    goToContactStep();
    fillContact();
    fireEvent.click(screen.getByRole('button', { name: 'Show Me My Free Course' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent("We couldn't send the email. Please try again."),
    );
    expect(screen.getByRole('status')).toHaveClass('text-red-700');
    expect(logged).toHaveBeenCalledWith(expect.any(String), expect.any(Error));
    expect(screen.getByRole('button', { name: 'Show Me My Free Course' })).toBeEnabled();
    expect(screen.getByRole('textbox', { name: 'Your email' })).toHaveValue('ada@example.com');
  });

  it('after success shows where the e-mail went, from whom, how soon, where else to look, and what to do next', async () => {
    answerSendEmail(200);
    const onWatchTeaser = vi.fn();
    render(<Questionnaire variant="compact" onWatchTeaser={onWatchTeaser} />);
    goToContactStep();
    fillContact('Ada Lovelace', 'ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Show Me My Free Course' }));
    expect(await screen.findByText('We sent your link to')).toHaveTextContent(
      'We sent your link to ada@example.com',
    );
    expect(screen.getByRole('status')).toHaveTextContent(/^You're in! Check your inbox for access\.$/);
    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    const definitions = screen.getAllByRole('definition').map((definition) => definition.textContent);
    expect(terms).toEqual(['From', 'Subject']);
    expect(definitions).toEqual(['Three Lenses', 'Your free Three Lenses course is ready to watch']);
    expect(screen.getByText('It usually arrives within a minute.')).toBeVisible();
    expect(screen.getByText('Nothing yet? Check your Promotions or Spam folder.')).toBeVisible();

    // The panel keeps the address it sent to while the visitor corrects the field.
    const email = screen.getByRole('textbox', { name: 'Your email' });
    fireEvent.click(screen.getByRole('button', { name: 'Wrong address? Change it' }));
    expect(email).toHaveFocus();
    fireEvent.change(email, { target: { value: 'ada@example.org' } });
    expect(screen.getByText('We sent your link to')).toHaveTextContent('ada@example.com');

    fireEvent.click(screen.getByRole('link', { name: 'watch the 30-second teaser' }));
    expect(onWatchTeaser).toHaveBeenCalledOnce();
    expect(heading()).toHaveTextContent('Where should we send your course?');
  });

  it.each([
    [400, "We couldn't send the email. Please try again. That e-mail address doesn't look right."],
    [429, "We couldn't send the email. Please try again. Too many tries — please wait a minute."],
    [500, "We couldn't send the email. Please try again."],
    [503, "We couldn't send the email. Please try again."],
  ])('an answer %i shows "%s" and no success panel', async (status, text) => {
    answerSendEmail(status);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<Questionnaire variant="full" />);
    goToContactStep();
    fillContact();
    fireEvent.click(screen.getByRole('button', { name: 'Show Me My Free Course' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(text));
    expect(screen.getByRole('status').textContent).toBe(text);
    expect(screen.queryByText('We sent your link to')).not.toBeInTheDocument();
  });

  it('the e-mail field carries the trust line and a link to the privacy page', () => {
    render(<Questionnaire variant="full" />);
    goToContactStep();
    const email = screen.getByRole('textbox', { name: 'Your email' });
    expect(email).toHaveAccessibleDescription('One e-mail with your link. No spam. Privacy policy');
    expect(screen.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy');
  });

  it('refuses an address without a dot in its domain, saying so under the field', async () => {
    const fetchMock = answerSendEmail(200);
    render(<Questionnaire variant="full" />);
    goToContactStep();
    const email = screen.getByRole('textbox', { name: 'Your email' });
    fillContact('Alex', 'alex@bad');
    fireEvent.click(screen.getByRole('button', { name: 'Show Me My Free Course' }));
    const message =
      'Please enter the whole address, with a dot in the part after the @ (like name@example.com).';
    expect(screen.getByText(message)).toBeVisible();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    fillContact('Alex', 'alex@bad.example');
    expect(screen.queryByText(message)).not.toBeInTheDocument();
    expect(email).not.toHaveAttribute('aria-invalid');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('with no strength shows "Please pick at least one strength." and sends nothing', async () => {
    const fetchMock = answerSendEmail(200);
    // Only stored answers (an older tab, a hand-edited store) can reach step 5 without a strength.
    const { Questionnaire: Reloaded } = await reloadWith({
      step: 5,
      answers: {
        ageGroup: '25-35',
        worries: [],
        dream: '',
        strengths: [],
        name: 'Ada',
        email: 'ada@example.com',
      },
    });
    render(<Reloaded variant="full" />);
    fireEvent.click(screen.getByRole('button', { name: 'Show Me My Free Course' }));
    expect(screen.getByRole('status')).toHaveTextContent('Please pick at least one strength.');
    expect(screen.getByRole('button', { name: 'Show Me My Free Course' })).toHaveAccessibleDescription(
      'Please pick at least one strength.',
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('Questionnaire: one store', () => {
  it('the section and the dialog show the same answers', () => {
    render(
      <>
        <section aria-label="section">
          <Questionnaire variant="full" />
        </section>
        <div role="dialog" aria-label="dialog">
          <Questionnaire variant="compact" />
        </div>
      </>,
    );
    const dialog = within(screen.getByRole('dialog'));
    const section = within(screen.getByRole('region', { name: 'section' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Next' }));
    fireEvent.click(dialog.getByRole('checkbox', { name: 'Climate change' }));
    expect(section.getByRole('heading', { level: 3 })).toHaveTextContent('What worries you most');
    expect(section.getByRole('checkbox', { name: 'Climate change' })).toBeChecked();
    expect(section.getByText('Selected 1/3. No wrong answers here, promise.')).toBeVisible();
    expect(dialog.getByRole('heading', { level: 3 })).toHaveFocus();
  });

  it('a reload brings back the step and the answers', async () => {
    render(<Questionnaire variant="full" />);
    goToContactStep();
    fillContact();
    cleanup();
    const { Questionnaire: Reloaded } = await reloadWith();
    render(<Reloaded variant="full" />);
    expect(heading()).toHaveTextContent('Where should we send your course?');
    expect(screen.getByRole('textbox', { name: 'Your name' })).toHaveValue('Ada Lovelace');
    back();
    expect(screen.getByRole('checkbox', { name: 'Strategy' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '25–44' })).toBeChecked();
  });

  it('Start over clears every answer, returns to step 1 and focuses its heading', () => {
    render(<Questionnaire variant="full" />);
    expect(screen.queryByRole('button', { name: 'Start over' })).not.toBeInTheDocument();
    goToContactStep();
    fillContact();
    fireEvent.click(screen.getByRole('button', { name: 'Start over' }));
    expect(heading()).toHaveTextContent("Let's make this course yours.");
    expect(heading()).toHaveFocus();
    expect(window.localStorage.getItem(STORAGE_KEY)).toBeNull();
    next();
    expect(screen.getAllByRole('checkbox').filter((box) => box.matches(':checked'))).toHaveLength(0);
  });
});
