import { act, fireEvent, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { type MockInstance, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordEarlyIntents, stopRecordingEarlyIntents } from '@/lib/early-intent';
import { TeaserCard } from './teaser-card';

/** jsdom joins the button's label and its length badge without a space. */
const PLAY_TEASER = /^Play Teaser ?30 seconds$/;

describe('TeaserCard', () => {
  let play: MockInstance<HTMLMediaElement['play']>;
  beforeEach(() => {
    play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the full course locked: its button opens the sign-up', () => {
    const onUnlock = vi.fn();
    render(<TeaserCard onUnlock={onUnlock} />);
    const locked = screen.getByRole('button', { name: 'Play Full Course (locked)' });
    expect(screen.getByText('Free after a 30-second sign-up.')).toBeInTheDocument();

    fireEvent.click(locked);
    expect(onUnlock).toHaveBeenCalledExactlyOnceWith(locked);
    expect(screen.queryByRole('link', { name: 'Continue the course' })).not.toBeInTheDocument();
  });

  it('shows the course unlocked to a signed-in visitor: a link to /course', () => {
    render(<TeaserCard courseUnlocked onUnlock={() => undefined} />);
    expect(screen.getByRole('link', { name: 'Continue the course' })).toHaveAttribute('href', '/course');
    expect(screen.getByText("You're signed in: every lesson is yours to watch.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Play Full Course (locked)' })).not.toBeInTheDocument();
  });

  it('plays the teaser from Play Teaser', () => {
    render(<TeaserCard onUnlock={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: PLAY_TEASER }));
    expect(play).toHaveBeenCalledOnce();
    expect(screen.queryByRole('button', { name: PLAY_TEASER })).not.toBeInTheDocument();
  });

  describe('tapped before hydration', () => {
    afterEach(() => {
      stopRecordingEarlyIntents();
      document.body.innerHTML = '';
    });

    async function prerenderTapAndHydrate(name: string | RegExp, onUnlock: (opener: HTMLElement) => void) {
      const container = document.createElement('div');
      container.innerHTML = renderToString(<TeaserCard onUnlock={() => undefined} />);
      document.body.append(container);
      recordEarlyIntents();
      const control = screen.getByRole('button', { name });
      fireEvent.click(control);
      expect(control).toHaveAttribute('data-pending');
      stopRecordingEarlyIntents();
      await act(async () => {
        hydrateRoot(container, <TeaserCard onUnlock={onUnlock} />);
      });
      return control;
    }

    it('starts the video within the tap and shows it playing once hydrated', async () => {
      await prerenderTapAndHydrate(PLAY_TEASER, () => undefined);
      const video = screen.getByLabelText('Course teaser');
      expect(play.mock.contexts[0]).toBe(video);
      expect(screen.queryByRole('button', { name: PLAY_TEASER })).not.toBeInTheDocument();
      expect(video).toHaveAttribute('controls');
    });

    it('hands a tap on the locked button to onUnlock once hydrated', async () => {
      const onUnlock = vi.fn();
      const locked = await prerenderTapAndHydrate('Play Full Course (locked)', onUnlock);
      expect(onUnlock).toHaveBeenCalledExactlyOnceWith(locked);
      expect(locked).not.toHaveAttribute('data-pending');
    });
  });
});
