import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SignupDialog } from './signup-dialog';
import { SignupSection } from './signup-section';

describe('SignupSection', () => {
  it('is the #signup region headed "Sign up (free)" and holds the form it is given', () => {
    const { container } = render(
      <SignupSection>
        <form aria-label="Questionnaire" />
      </SignupSection>,
    );
    const region = screen.getByRole('region', { name: 'Sign up (free)' });
    expect(region).toHaveAttribute('id', 'signup');
    expect(region).toContainElement(screen.getByRole('form', { name: 'Questionnaire' }));
    expect(container.querySelectorAll('form')).toHaveLength(1);
  });
});

describe('SignupDialog', () => {
  it('when open, is a modal dialog with its title and description, holding the form it is given', () => {
    render(
      <SignupDialog open onOpenChange={() => undefined} onReturnFocus={() => undefined}>
        <form aria-label="Compact questionnaire" />
      </SignupDialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Get instant access (free)' });
    expect(dialog).toHaveAccessibleDescription('Answer a few quick questions to tailor your course.');
    expect(dialog).toContainElement(screen.getByRole('form', { name: 'Compact questionnaire' }));
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('shows nothing while closed, and what it holds again when reopened', () => {
    const dialog = (open: boolean) => (
      <SignupDialog open={open} onOpenChange={() => undefined} onReturnFocus={() => undefined}>
        <form aria-label="Compact questionnaire" />
      </SignupDialog>
    );
    const { rerender } = render(dialog(false));
    expect(screen.queryByRole('dialog')).toBeNull();
    rerender(dialog(true));
    expect(screen.getByRole('dialog')).toContainElement(
      screen.getByRole('form', { name: 'Compact questionnaire' }),
    );
    rerender(dialog(false));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('form', { name: 'Compact questionnaire' })).toBeNull();
  });
});
