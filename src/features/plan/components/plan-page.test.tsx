import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PLAN_STORAGE_KEY, forgetPlan } from '@/shared/plan-notes/plan-store';
import { questionnaireStore } from '@/shared/questionnaire/questionnaire-store';
import { SiteWordsProvider } from '@/shared/site-words/site-words';
import { PlanPage } from './plan-page';

/** The questionnaire answered as a learner would, in the one store the page reads. */
function answerQuestionnaire() {
  questionnaireStore.dispatch({ type: 'toggleWorry', worry: 'AI taking over jobs' });
  questionnaireStore.dispatch({ type: 'toggleWorry', worry: 'Cost of living' });
  questionnaireStore.dispatch({ type: 'setDream', dream: 'Astronaut' });
  questionnaireStore.dispatch({ type: 'chooseAgeGroup', ageGroup: '25-35' });
  questionnaireStore.dispatch({ type: 'toggleStrength', strength: 'Leadership' });
  questionnaireStore.dispatch({ type: 'setName', name: 'Alex' });
}

const lens = (name: string) => screen.getByRole('region', { name });

beforeEach(() => {
  questionnaireStore.dispatch({ type: 'startOver' });
  forgetPlan();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-27T10:00:00'));
});
afterEach(() => vi.useRealTimers());

describe('PlanPage', () => {
  it('is the learner’s plan: one h1, their name and today’s date, and a way to print it and back to the course', () => {
    answerQuestionnaire();
    render(<PlanPage />);
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual([
      'My three-lenses plan',
    ]);
    expect(screen.getByText("Alex's plan, 27 November 2026")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print or save as PDF' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the course' })).toHaveAttribute('href', '/course');
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Trends lens',
      'Strengths lens',
      'Dreams lens',
      'My first step this week',
    ]);
  });

  it('shows under each lens what the learner said: the worries, the strengths and the dream', () => {
    answerQuestionnaire();
    render(<PlanPage />);
    expect(
      within(lens('Trends lens')).getByText('You worry about: AI taking over jobs, Cost of living'),
    ).toBeInTheDocument();
    expect(within(lens('Strengths lens')).getByText('Your strengths: Leadership')).toBeInTheDocument();
    expect(within(lens('Dreams lens')).getByText('Your childhood dream: “Astronaut”')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Answer the questions' })).not.toBeInTheDocument();
  });

  it('gives each lens its prompts as labelled fields, and the first step one more', () => {
    render(<PlanPage />);
    const dreams = within(lens('Dreams lens'));
    expect(dreams.getAllByRole('textbox')).toHaveLength(2);
    for (const prompt of [
      'What did that childhood dream give you that you still want?',
      'What would a small version of it look like this year?',
    ])
      expect(dreams.getByRole('textbox', { name: prompt })).toBeInTheDocument();
    expect(
      within(lens('Trends lens')).getByRole('textbox', {
        name: 'Which trend could change your work most in the next five years?',
      }),
    ).toBeInTheDocument();
    expect(
      within(lens('My first step this week')).getByRole('textbox', {
        name: 'What is one small thing you will do in the next seven days?',
      }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('textbox')).toHaveLength(7);
  });

  it('asks the owner’s prompts as published, keeps an answer through a rewording, and skips an emptied one', () => {
    const { unmount } = render(<PlanPage />);
    fireEvent.change(
      screen.getByRole('textbox', {
        name: 'Which trend could change your work most in the next five years?',
      }),
      { target: { value: 'Robots' } },
    );
    unmount();
    render(
      <SiteWordsProvider
        changes={{
          'plan.trends1': 'Which <b>trend</b> matters to you?',
          'plan.dreams2': ' ',
          'plan.firstStep': 'Your step?',
        }}
      >
        <PlanPage />
      </SiteWordsProvider>,
    );
    expect(
      within(lens('Trends lens')).getByRole('textbox', { name: 'Which <b>trend</b> matters to you?' }),
    ).toHaveValue('Robots');
    expect(within(lens('Dreams lens')).getAllByRole('textbox')).toHaveLength(1);
    expect(
      within(lens('My first step this week')).getByRole('textbox', { name: 'Your step?' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('textbox', { name: 'Which strength do people thank you for?' }),
    ).toBeInTheDocument();
  });

  it('keeps what the learner types on the device, and shows it again on the next visit', () => {
    const { unmount } = render(<PlanPage />);
    const field = screen.getByRole('textbox', { name: 'Which strength do people thank you for?' });
    fireEvent.change(field, { target: { value: 'Listening' } });
    expect(field).toHaveValue('Listening');
    expect(JSON.parse(window.localStorage.getItem(PLAN_STORAGE_KEY) ?? '{}')).toEqual({
      'strengths-thanked-for': 'Listening',
    });
    unmount();
    render(<PlanPage />);
    expect(screen.getByRole('textbox', { name: 'Which strength do people thank you for?' })).toHaveValue(
      'Listening',
    );
  });

  it('without answers on the device, says so kindly under each lens and links to the questions; the prompts still work', () => {
    render(<PlanPage />);
    expect(
      within(lens('Trends lens')).getByText(/Your worries aren't on this device yet, and that's fine\./),
    ).toBeInTheDocument();
    expect(
      within(lens('Strengths lens')).getByText(/Your strengths aren't on this device yet, and that's fine\./),
    ).toBeInTheDocument();
    expect(
      within(lens('Dreams lens')).getByText(
        /Your childhood dream isn't on this device yet, and that's fine\./,
      ),
    ).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: 'Answer the questions' });
    expect(links).toHaveLength(3);
    for (const link of links) expect(link).toHaveAttribute('href', '/');
    expect(screen.getByText('27 November 2026')).toBeInTheDocument();
    const field = screen.getByRole('textbox', {
      name: 'What would a small version of it look like this year?',
    });
    fireEvent.change(field, { target: { value: 'A night at the planetarium' } });
    expect(field).toHaveValue('A night at the planetarium');
  });

  it('prints the page when asked', () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    render(<PlanPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Print or save as PDF' }));
    expect(print).toHaveBeenCalledOnce();
  });
});
