import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { GuidesState } from '../use-guides';
import { GuidesCarousel } from './guides-carousel';

// The data and Embla are exercised for real in e2e/landing-guides.spec.ts; here only the states' markup.
let guidesState: GuidesState = { status: 'loading' };
vi.mock('../use-guides', () => ({ useGuides: () => guidesState }));
vi.mock('../use-carousel', () => ({ useCarousel: () => null }));

function carousel() {
  return screen.getByRole('region', {
    name: 'No one should face the future alone. Meet some of our friends',
  });
}

describe('GuidesCarousel', () => {
  beforeEach(() => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
  });

  it('shows 6 skeleton cards and is busy while loading', () => {
    guidesState = { status: 'loading' };
    render(<GuidesCarousel />);
    expect(carousel()).toHaveAttribute('aria-busy', 'true');
    expect(carousel()).toHaveAttribute('aria-roledescription', 'carousel');
    expect(screen.getAllByTestId('guide-skeleton')).toHaveLength(6);
    expect(screen.queryAllByRole('group')).toHaveLength(0);
  });

  it('shows 6 placeholder cards when the guides are unavailable', () => {
    guidesState = { status: 'unavailable' };
    render(<GuidesCarousel />);
    expect(carousel()).toHaveAttribute('aria-busy', 'false');
    const slides = screen.getAllByRole('group');
    expect(slides).toHaveLength(6);
    slides.forEach((slide, index) => {
      expect(slide).toHaveAttribute('aria-roledescription', 'slide');
      expect(slide).toHaveAccessibleName(`${index + 1} of 6`);
      expect(within(slide).getByRole('heading', { name: 'Your guide' })).toBeInTheDocument();
      expect(within(slide).getByText('Coming soon')).toBeInTheDocument();
      expect(within(slide).getByText('“Stay tuned for our expert mentors.”')).toBeInTheDocument();
    });
  });

  it('shows one slide per guide, with the fallback image cycling by position', () => {
    guidesState = {
      status: 'ready',
      guides: Array.from({ length: 7 }, (_, index) => ({
        id: index + 1,
        name: `Guide ${index + 1}`,
        title: 'Mentor',
        quote: null,
        image_url: null,
        order_index: index,
        imageSrc: null,
      })),
    };
    render(<GuidesCarousel />);
    const slides = screen.getAllByRole('group');
    expect(slides).toHaveLength(7);
    expect(slides[6]).toHaveAccessibleName('7 of 7');
    const first = within(slides[0] as HTMLElement).getByRole('img', { name: 'Portrait of Guide 1' });
    const seventh = within(slides[6] as HTMLElement).getByRole('img', { name: 'Portrait of Guide 7' });
    const second = within(slides[1] as HTMLElement).getByRole('img', { name: 'Portrait of Guide 2' });
    expect(seventh.getAttribute('src')).toBe(first.getAttribute('src'));
    expect(second.getAttribute('src')).not.toBe(first.getAttribute('src'));
  });

  it('has previous, next and pause buttons, disabled until the carousel has loaded', () => {
    guidesState = { status: 'unavailable' };
    render(<GuidesCarousel />);
    for (const name of ['Previous guide', 'Next guide', 'Pause auto-advance']) {
      expect(screen.getByRole('button', { name })).toBeDisabled();
    }
  });
});
