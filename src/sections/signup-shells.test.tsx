import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDialogShown } from '@/lib/dialog-shown';
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

  it('shows nothing while closed, and what it holds again when reopened, taking the focus itself', () => {
    const dialog = (open: boolean) => (
      <SignupDialog open={open} onOpenChange={() => undefined} onReturnFocus={() => undefined}>
        <form aria-label="Compact questionnaire">
          <input aria-label="Your name" />
        </form>
      </SignupDialog>
    );
    const { rerender } = render(dialog(false));
    expect(screen.queryByRole('dialog')).toBeNull();
    rerender(dialog(true));
    expect(screen.getByRole('dialog')).toContainElement(
      screen.getByRole('form', { name: 'Compact questionnaire' }),
    );
    // The dialog itself takes the focus, not its first field.
    expect(screen.getByRole('dialog')).toHaveFocus();
    rerender(dialog(false));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('form', { name: 'Compact questionnaire' })).toBeNull();
  });

  it('tells the page behind it that it is covered, only while open', () => {
    function Page({ open }: { open: boolean }) {
      return (
        <>
          <p>{useDialogShown() ? 'page covered' : 'page in front'}</p>
          <SignupDialog open={open} onOpenChange={() => undefined} onReturnFocus={() => undefined} />
        </>
      );
    }
    const { rerender } = render(<Page open={false} />);
    expect(screen.getByText('page in front')).toBeInTheDocument();
    rerender(<Page open />);
    expect(screen.getByText('page covered')).toBeInTheDocument();
    rerender(<Page open={false} />);
    expect(screen.getByText('page in front')).toBeInTheDocument();
  });
});
