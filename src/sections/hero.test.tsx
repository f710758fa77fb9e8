import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Hero } from './hero';

describe('Hero', () => {
  it('shows the profane headline by default and the clean one while the switch is on', () => {
    render(<Hero onSignUp={() => undefined} />);
    const toggle = screen.getByRole('switch', { name: 'Clean version' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'What the f*ck should I do for a living?',
    );

    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^What should I do for a living\?$/);

    fireEvent.click(screen.getByText('Clean version'));
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'What the f*ck should I do for a living?',
    );
  });

  it('calls onSignUp from its button and links to #signup', () => {
    const onSignUp = vi.fn();
    render(<Hero onSignUp={onSignUp} />);
    const button = screen.getByRole('button', { name: 'Sign up free and watch instantly' });
    fireEvent.click(button);
    expect(onSignUp).toHaveBeenCalledExactlyOnceWith(button);
    expect(screen.getByRole('link', { name: 'Scroll to sign up' })).toHaveAttribute('href', '#signup');
  });
});
