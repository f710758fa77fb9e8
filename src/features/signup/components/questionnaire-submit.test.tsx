import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { questionnaireStore } from '@/shared/questionnaire/questionnaire-store';
import { Questionnaire } from './questionnaire';
import {
  answerSendEmail,
  back,
  fillContact,
  goToContactStep,
  heading,
  holdSendEmail,
  next,
  releaseHeldSend,
  reloadWith,
  sentBody,
  withFreshQuestionnaire,
} from './questionnaire-fixtures';

/**
 * The component over the real store, the real send-email call and the real supabase-js: only the network
 * (fetch) is replaced, so these tests see the request a browser would send.
 */

// The success panel's preview lesson reads the course outline over its own requests; it has its own tests
// (first-preview.test.tsx), so here the network is the sign-up's alone.
vi.mock('./first-preview', () => ({ FirstPreview: () => null }));

withFreshQuestionnaire();

/** The checker's answer for `email`, once it has given one (it loads on the contact step). */
function suggestedFor(email: string) {
  const { emailCheck } = questionnaireStore.getState();
  return emailCheck?.email === email ? emailCheck.suggestion : null;
}

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

  it('a likely typo holds the first tap: nothing is sent until she picks the suggestion, which is then sent', async () => {
    const fetchMock = answerSendEmail(200);
    render(<Questionnaire variant="compact" />);
    goToContactStep();
    fillContact('Sam', 'sam@gmial.com');
    await waitFor(() => expect(suggestedFor('sam@gmial.com')).not.toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Show Me My Free Course' }));
    expect(screen.getByRole('status')).toHaveTextContent(
      'Nothing sent yet: please check your address above.',
    );
    const suggestion = screen.getByRole('button', { name: 'sam@gmail.com' });
    expect(suggestion).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Send to gmial.com anyway' })).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.click(suggestion);
    expect(await sentBody(fetchMock)).toEqual({ name: 'Sam', email: 'sam@gmail.com' });
    expect(await screen.findByRole('status')).toHaveTextContent("You're in! Check your inbox for access.");
  });

  it('"Send to gmial.com anyway" sends the address as typed, and a later submit of it is not held again', async () => {
    const fetchMock = answerSendEmail(200);
    render(<Questionnaire variant="full" />);
    goToContactStep();
    fillContact('Sam', 'sam@gmial.com');
    await waitFor(() => expect(suggestedFor('sam@gmial.com')).not.toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Show Me My Free Course' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send to gmial.com anyway' }));
    expect(await sentBody(fetchMock)).toEqual({ name: 'Sam', email: 'sam@gmial.com' });
    expect(await screen.findByRole('status')).toHaveTextContent("You're in! Check your inbox for access.");
    expect(screen.queryByText(/Did you mean/)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show Me My Free Course' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
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

    await releaseHeldSend();
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
