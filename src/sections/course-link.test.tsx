import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStorageKey } from '@/lib/stored-session';
import { HeroActions } from './hero-actions';
import { CourseLink } from './course-link';

/** What supabase-js keeps after a sign-in, in this test page's storage. */
function storeSession() {
  window.localStorage.setItem(
    sessionStorageKey(window.location.origin),
    JSON.stringify({
      access_token: 'header.payload.signature',
      token_type: 'bearer',
      expires_in: 3600,
      expires_at: Math.floor(Date.now() / 1000) + 3600,
      refresh_token: 'refresh-1',
      user: { id: '7c0f3c1e-2b1a-4e33-9d54-0b8f3f1f1a10', aud: 'authenticated', email: 'ada@example.com' },
    }),
  );
}

afterEach(() => window.localStorage.clear());

describe('CourseLink', () => {
  it('says "Sign in" and leads to /course for a visitor', () => {
    render(<CourseLink tone="paper" />);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/course');
  });

  it('says "Continue the course" for a learner signed in on this device', async () => {
    storeSession();
    render(<CourseLink tone="night" />);
    expect(await screen.findByRole('link', { name: 'Continue the course' })).toHaveAttribute(
      'href',
      '/course',
    );
  });
});

describe('the hero for a signed-in learner', () => {
  it('turns the sign-up button into a link to the course, and keeps the sign-up words for everyone else', () => {
    const { rerender } = render(<HeroActions onSignUp={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Sign up free and watch instantly' })).toBeInTheDocument();
    rerender(<HeroActions courseUnlocked onSignUp={() => undefined} />);
    const links = screen.getAllByRole('link', { name: 'Continue the course' });
    expect(links.map((link) => link.getAttribute('href'))).toContain('/course');
    expect(
      screen.queryByRole('button', { name: 'Sign up free and watch instantly' }),
    ).not.toBeInTheDocument();
  });
});
