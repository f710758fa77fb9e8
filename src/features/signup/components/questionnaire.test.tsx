import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { strengthOptions, worryOptions } from '@/content/signup';
import { STORAGE_KEY } from '@/shared/questionnaire/questionnaire-store';
import { Questionnaire } from './questionnaire';
import {
  back,
  fillContact,
  goToContactStep,
  heading,
  next,
  progress,
  reloadWith,
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
    expect(group).toHaveAccessibleDescription(
      'Optional: pick up to 3, or go on with Next. Selected 0/3. No wrong answers here, promise.',
    );
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
    // No list to pick from yet: what to do first comes before the rule.
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Choose your age group first. Pick at least one strength to continue.',
    );
    expect(screen.getByRole('group', { name: 'What are your strengths?' })).toHaveAccessibleDescription(
      'Choose your age group first. Pick at least one strength to continue.',
    );

    fireEvent.click(screen.getByRole('radio', { name: '45–54' }));
    expect(screen.getByRole('alert')).toHaveTextContent(/^Pick at least one strength to continue\.$/);
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
