import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  abandonEarlyIntents,
  claimEarlyIntent,
  letSpaceActivateLinkButtons,
  recordEarlyIntents,
  stopRecordingEarlyIntents,
} from './early-intent';

function page(html: string) {
  document.body.innerHTML = html;
}

describe('early intents', () => {
  beforeEach(recordEarlyIntents);
  afterEach(() => {
    stopRecordingEarlyIntents();
    for (const intent of ['sign-up', 'play']) claimEarlyIntent(intent);
    document.body.innerHTML = '';
    vi.restoreAllMocks();
  });

  it('keeps a tap on a [data-intent] control, shows it pressed and hands it over once', () => {
    page('<a href="#signup" role="button" data-intent="sign-up"><span>Sign up</span></a>');
    const control = screen.getByRole('button', { name: 'Sign up' });

    const followed = fireEvent.click(screen.getByText('Sign up'));

    expect(followed).toBe(false);
    expect(window.location.hash).toBe('');
    expect(control).toHaveAttribute('data-pending');
    expect(claimEarlyIntent('sign-up')).toBe(control);
    expect(control).not.toHaveAttribute('data-pending');
    expect(claimEarlyIntent('sign-up')).toBeUndefined();
  });

  it('keeps the first tap of a control only, and leaves other clicks alone', () => {
    page('<button data-intent="sign-up">Sign up</button><button>Other</button>');
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(fireEvent.click(screen.getByRole('button', { name: 'Other' }))).toBe(true);
    expect(claimEarlyIntent('sign-up')).toBe(screen.getByRole('button', { name: 'Sign up' }));
    expect(claimEarlyIntent('sign-up')).toBeUndefined();
  });

  it('keeps nothing once React hears the page itself', () => {
    page('<button data-intent="sign-up">Sign up</button>');
    stopRecordingEarlyIntents();

    expect(fireEvent.click(screen.getByRole('button', { name: 'Sign up' }))).toBe(true);
    expect(claimEarlyIntent('sign-up')).toBeUndefined();
  });

  it('starts the video a control names within the tap', () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
    page('<video id="clip"></video><button data-intent="play" data-intent-media="clip">Play</button>');

    fireEvent.click(screen.getByRole('button', { name: 'Play' }));

    expect(play).toHaveBeenCalledOnce();
    expect(play.mock.contexts[0]).toBe(document.getElementById('clip'));
  });

  describe("a tap before the page's first script ran", () => {
    /** The browser's Event Timing, which keeps the page's first input with its target. */
    class FakeEventTiming {
      constructor(
        readonly name: string,
        readonly startTime: number,
        readonly target: Node | null,
      ) {}
    }
    let firstInput: FakeEventTiming[] = [];
    class FakeObserver {
      static readonly supportedEntryTypes = ['first-input'];
      constructor(private readonly deliver: (entries: { getEntries(): FakeEventTiming[] }) => void) {}
      observe() {
        this.deliver({ getEntries: () => firstInput });
      }
      disconnect() {}
    }

    beforeEach(() => {
      stopRecordingEarlyIntents();
      vi.stubGlobal('PerformanceObserver', FakeObserver);
      vi.stubGlobal('PerformanceEventTiming', FakeEventTiming);
    });
    afterEach(() => {
      vi.unstubAllGlobals();
      firstInput = [];
    });

    it('keeps it from the first input the browser saw, and shows the control pressed', () => {
      page('<button data-intent="sign-up"><span>Sign up</span></button>');
      firstInput = [new FakeEventTiming('pointerdown', performance.now() - 200, screen.getByText('Sign up'))];

      recordEarlyIntents();

      const control = screen.getByRole('button', { name: 'Sign up' });
      expect(control).toHaveAttribute('data-pending');
      expect(claimEarlyIntent('sign-up')).toBe(control);
    });

    it('leaves a first key press, a tap elsewhere and a tap that began after it ran alone', () => {
      page('<button data-intent="sign-up">Sign up</button><p>Text</p>');
      const control = screen.getByRole('button', { name: 'Sign up' });
      for (const entry of [
        new FakeEventTiming('keydown', performance.now() - 200, control),
        new FakeEventTiming('pointerdown', performance.now() - 200, screen.getByText('Text')),
        new FakeEventTiming('pointerdown', performance.now() + 1_000, control),
      ]) {
        firstInput = [entry];
        recordEarlyIntents();
        stopRecordingEarlyIntents();
      }

      expect(control).not.toHaveAttribute('data-pending');
      expect(claimEarlyIntent('sign-up')).toBeUndefined();
    });
  });

  it('follows a tapped link and clears the pressed marks when the app does not load', () => {
    page(
      '<a href="#signup" role="button" data-intent="sign-up">Sign up</a><button data-intent="play">Play</button>',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));

    abandonEarlyIntents();

    expect(window.location.hash).toBe('#signup');
    expect(screen.getByRole('button', { name: 'Play' })).not.toHaveAttribute('data-pending');
    expect(claimEarlyIntent('play')).toBeUndefined();
    window.history.replaceState(null, '', '/');
  });
});

describe('letSpaceActivateLinkButtons', () => {
  it('clicks a link that acts as a button on Space, and leaves plain links to scroll', () => {
    letSpaceActivateLinkButtons();
    page('<a href="#signup" role="button">Sign up</a><a href="#about">About</a>');
    const onClick = vi.fn((event: Event) => event.preventDefault());
    document.addEventListener('click', onClick);

    expect(fireEvent.keyDown(screen.getByRole('button', { name: 'Sign up' }), { key: ' ' })).toBe(false);
    expect(fireEvent.keyDown(screen.getByRole('link', { name: 'About' }), { key: ' ' })).toBe(true);

    expect(onClick).toHaveBeenCalledOnce();
    expect(onClick.mock.calls[0]?.[0].target).toBe(screen.getByRole('button', { name: 'Sign up' }));
    document.removeEventListener('click', onClick);
  });
});
