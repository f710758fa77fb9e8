import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FeedbackOutcome, OwnFeedback } from '../model/course-backend';
import { CourseFeedback } from './course-feedback';

const LEARNER = 'learner-1';

/** A promise and the function that settles it, for answers the test lets through when it chooses. */
function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

function renderFeedback({
  load = () => Promise.resolve(null),
  send = () => Promise.resolve('saved'),
}: {
  load?: () => Promise<OwnFeedback | null>;
  send?: (input: { learnerId: string; rating: number; comment: string }) => Promise<FeedbackOutcome>;
} = {}) {
  const loads = vi.fn(load);
  const sends = vi.fn(send);
  render(<CourseFeedback load={loads} send={sends} learnerId={LEARNER} />);
  return { loads, sends };
}

const question = () => screen.findByRole('group', { name: 'How useful was this course?' });
const comment = () => screen.getByRole('textbox', { name: "Anything you'd like to tell us? (optional)" });
const sendButton = () => screen.getByRole('button', { name: 'Send' });

describe('CourseFeedback', () => {
  it('asks the question: five choices from 1 to 5 with both ends named, an optional comment and Send', async () => {
    renderFeedback();
    const group = await question();
    const choices = within(group).getAllByRole('radio');
    expect(choices.map((choice) => choice.closest('label')?.textContent)).toEqual([
      '1 Not useful',
      '2',
      '3',
      '4',
      '5 Very useful',
    ]);
    expect(within(group).getByRole('radio', { name: '1 Not useful' })).not.toBeChecked();
    expect(within(group).getByRole('radio', { name: '5 Very useful' })).toBeInTheDocument();
    expect(comment()).toHaveAttribute('maxLength', '2000');
    expect(comment()).not.toBeRequired();
    expect(sendButton()).toBeEnabled();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('sends the chosen rating and the comment as they are for this learner, then thanks them with their rating', async () => {
    const { sends } = renderFeedback();
    await question();
    fireEvent.click(screen.getByRole('radio', { name: '4' }));
    fireEvent.change(comment(), { target: { value: '  Short and clear. ' } });
    fireEvent.click(sendButton());
    const status = screen.getByRole('status');
    await waitFor(() =>
      expect(status).toHaveTextContent('Thank you for your answer. You rated the course 4 out of 5.'),
    );
    expect(sends).toHaveBeenCalledExactlyOnceWith({
      learnerId: LEARNER,
      rating: 4,
      comment: '  Short and clear. ',
    });
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    // The focus moves in an effect, which a busy machine runs a moment after the text shows.
    await waitFor(() => expect(status).toHaveFocus());
  });

  it('says "Sending…" and takes no second press while the answer is on its way', async () => {
    const answer = deferred<FeedbackOutcome>();
    const { sends } = renderFeedback({ send: () => answer.promise });
    await question();
    fireEvent.click(screen.getByRole('radio', { name: '5 Very useful' }));
    fireEvent.click(sendButton());
    expect(screen.getByRole('status')).toHaveTextContent('Sending…');
    expect(sendButton()).toBeDisabled();
    expect(comment()).toBeDisabled();
    fireEvent.submit(sendButton());
    expect(sends).toHaveBeenCalledTimes(1);
    answer.resolve('saved');
    expect(await screen.findByText(/You rated the course 5 out of 5\./)).toBeInTheDocument();
  });

  it('asks for a rating before sending, and sends nothing without one', async () => {
    const { sends } = renderFeedback();
    await question();
    fireEvent.change(comment(), { target: { value: 'No number from me.' } });
    fireEvent.click(sendButton());
    expect(screen.getByRole('status')).toHaveTextContent('Choose a number from 1 to 5 first.');
    expect(await question()).toHaveAccessibleDescription('Choose a number from 1 to 5 first.');
    expect(sends).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('radio', { name: '2' }));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('shows the thanks, not the form, to a learner who answered before (on any device)', async () => {
    renderFeedback({ load: () => Promise.resolve({ rating: 3, comment: null }) });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Thank you for your answer. You rated the course 3 out of 5.',
    );
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).not.toHaveFocus();
  });

  it('thanks with the stored rating when the answer had already come from elsewhere', async () => {
    let stored: OwnFeedback | null = null;
    renderFeedback({
      load: () => Promise.resolve(stored),
      send: () => {
        stored = { rating: 2, comment: 'Sent from my phone.' };
        return Promise.resolve('already-sent');
      },
    });
    await question();
    fireEvent.click(screen.getByRole('radio', { name: '5 Very useful' }));
    fireEvent.click(sendButton());
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Thank you for your answer. You rated the course 2 out of 5.',
      ),
    );
  });

  it('says a failed send in place and sends the same answer again on "Try again"', async () => {
    const outcomes: FeedbackOutcome[] = ['failed', 'saved'];
    const { sends } = renderFeedback({ send: () => Promise.resolve(outcomes.shift() ?? 'failed') });
    await question();
    fireEvent.click(screen.getByRole('radio', { name: '3' }));
    fireEvent.change(comment(), { target: { value: 'Good.' } });
    fireEvent.click(sendButton());
    expect(await screen.findByText(/couldn't send your answer/)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '3' })).toBeChecked();
    expect(comment()).toHaveValue('Good.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('You rated the course 3 out of 5.'),
    );
    expect(sends.mock.calls).toEqual([
      [{ learnerId: LEARNER, rating: 3, comment: 'Good.' }],
      [{ learnerId: LEARNER, rating: 3, comment: 'Good.' }],
    ]);
  });

  it('says when the question cannot be loaded, and loads it again on "Try again"', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const answers = [() => Promise.reject(new Error('offline')), () => Promise.resolve(null)];
    const { loads } = renderFeedback({ load: () => (answers.shift() ?? (() => Promise.resolve(null)))() });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't load this question. Please check your connection and try again.",
    );
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await question()).toBeInTheDocument();
    expect(loads).toHaveBeenCalledTimes(2);
    expect(quiet).toHaveBeenCalledOnce();
    quiet.mockRestore();
  });
});
