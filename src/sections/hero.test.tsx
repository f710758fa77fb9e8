import { act, fireEvent, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordEarlyIntents, stopRecordingEarlyIntents } from '@/lib/early-intent';
import { Hero } from './hero';
import { HeroActions } from './hero-actions';
import { HeroHeadline } from './hero-headline';
import { HeroProof } from './hero-proof';

const PROFANE = 'What the f*ck should I do for a living?';
const PROOF = 'About 4 minutes of short video lessons';

const hero = (onSignUp: (opener: HTMLElement) => void) => (
  <Hero
    proof={<HeroProof>{PROOF}</HeroProof>}
    headline={<HeroHeadline />}
    actions={<HeroActions onSignUp={onSignUp} />}
    courseLink={null}
  />
);

describe('Hero', () => {
  it('shows the profane headline by default and the clean one while the switch is on', () => {
    render(hero(() => undefined));
    const toggle = screen.getByRole('switch', { name: 'Clean version' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(PROFANE);

    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^What should I do for a living\?$/);

    fireEvent.click(screen.getByText('Clean version'));
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(PROFANE);
  });

  it('shows the proof line it is given, beside its check mark', () => {
    render(hero(() => undefined));
    expect(screen.getByText(PROOF).querySelector('svg')).not.toBeNull();
  });

  it('has a sign-up button that links to #signup without script and calls onSignUp instead of jumping', () => {
    const onSignUp = vi.fn();
    render(hero(onSignUp));
    const button = screen.getByRole('button', { name: 'Sign up free and watch instantly' });
    expect(button).toHaveAttribute('href', '#signup');

    expect(fireEvent.click(button)).toBe(false);
    expect(onSignUp).toHaveBeenCalledExactlyOnceWith(button);
    expect(screen.getByRole('link', { name: 'Scroll to sign up' })).toHaveAttribute('href', '#signup');
  });

  describe('tapped before hydration', () => {
    afterEach(() => {
      stopRecordingEarlyIntents();
      document.body.innerHTML = '';
    });

    /** The prerendered hero, with the page's first script listening, as a visitor finds it before React. */
    function prerender() {
      const container = document.createElement('div');
      container.innerHTML = renderToString(hero(() => undefined));
      document.body.append(container);
      recordEarlyIntents();
      return container;
    }

    it('shows the sign-up button pressed, then opens the sign-up once hydrated', async () => {
      const container = prerender();
      const button = screen.getByRole('button', { name: 'Sign up free and watch instantly' });
      fireEvent.click(button);
      expect(button).toHaveAttribute('data-pending');

      const onSignUp = vi.fn();
      stopRecordingEarlyIntents();
      await act(async () => {
        hydrateRoot(container, hero(onSignUp));
      });

      expect(onSignUp).toHaveBeenCalledExactlyOnceWith(button);
      expect(button).not.toHaveAttribute('data-pending');
    });

    it('switches the headline once hydrated, from a tap on the switch or its label', async () => {
      const container = prerender();
      fireEvent.click(screen.getByText('Clean version'));
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(PROFANE);

      stopRecordingEarlyIntents();
      await act(async () => {
        hydrateRoot(
          container,
          hero(() => undefined),
        );
      });

      expect(screen.getByRole('switch', { name: 'Clean version' })).toHaveAttribute('aria-checked', 'true');
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
        /^What should I do for a living\?$/,
      );
    });
  });
});
