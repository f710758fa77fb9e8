import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { courseCopy } from '@/content/course-page';
import { ConsentCheckbox } from './consent-checkbox';

const LABEL = 'E-mail me if I pause for a week';
const box = () => screen.findByRole('checkbox', { name: LABEL });

function renderConsent({
  load = () => Promise.resolve(false),
  save = () => Promise.resolve(),
}: { load?: () => Promise<boolean>; save?: (given: boolean) => Promise<void> } = {}) {
  const loads = vi.fn(load);
  const saves = vi.fn(save);
  render(<ConsentCheckbox copy={courseCopy.reminders} load={loads} save={saves} />);
  return { loads, saves };
}

describe('ConsentCheckbox (the reminders)', () => {
  it('is off until the learner turns it on, and says what it sends and how to stop it', async () => {
    renderConsent();
    await waitFor(async () => expect(await box()).toBeEnabled());
    expect(await box()).not.toBeChecked();
    expect(await box()).toHaveAccessibleDescription(
      'At most 3 reminders, a week apart, each naming your next lesson. Every one has a link to stop them.',
    );
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('shows the answer given on another device', async () => {
    renderConsent({ load: () => Promise.resolve(true) });
    await waitFor(async () => expect(await box()).toBeChecked());
  });

  it('stores each change at once and says so', async () => {
    const { saves } = renderConsent();
    await waitFor(async () => expect(await box()).toBeEnabled());
    fireEvent.click(await box());
    expect(saves).toHaveBeenLastCalledWith(true);
    expect(
      await screen.findByText("Saved. If you pause for a week, we'll e-mail you your next lesson."),
    ).toBeInTheDocument();
    expect(await box()).toBeChecked();
    fireEvent.click(await box());
    expect(saves).toHaveBeenLastCalledWith(false);
    expect(await screen.findByText('Saved. No reminder e-mails.')).toBeInTheDocument();
    expect(await box()).not.toBeChecked();
  });

  it('undoes a change that was not stored, and says why', async () => {
    renderConsent({ save: () => Promise.reject(new Error('offline')) });
    await waitFor(async () => expect(await box()).toBeEnabled());
    fireEvent.click(await box());
    expect(
      await screen.findByText("We couldn't save your choice. Please check your connection and try again."),
    ).toBeInTheDocument();
    expect(await box()).not.toBeChecked();
    expect(await box()).toBeEnabled();
  });

  it('offers to try again when the choice cannot be read', async () => {
    let fail = true;
    const { loads } = renderConsent({
      load: () => (fail ? Promise.reject(new Error('offline')) : Promise.resolve(true)),
    });
    expect(
      await screen.findByText(
        "We couldn't load your reminder choice. Please check your connection and try again.",
      ),
    ).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(async () => expect(await box()).toBeChecked());
    expect(loads).toHaveBeenCalledTimes(2);
  });
});
