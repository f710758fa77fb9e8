import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RetryNotice } from './retry-notice';

describe('RetryNotice', () => {
  it('says the failure as an alert, with the one button that tries again', () => {
    const onRetry = vi.fn();
    render(
      <RetryNotice message="We couldn’t load the learners." retryLabel="Load them again" onRetry={onRetry} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('We couldn’t load the learners.');
    fireEvent.click(screen.getByRole('button', { name: 'Load them again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('says "Try again" unless told otherwise, and turns red on paper', () => {
    render(<RetryNotice message="Down." tone="danger" onRetry={() => {}} />);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveClass('text-red-700');
  });
});
