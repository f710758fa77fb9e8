import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GuideCard, GuideCardSkeleton } from './guide-card';

const guide = {
  name: 'Amara Okafor',
  title: 'Former Head of Strategy',
  quote: 'Plan for the tasks.',
  imageSrc: 'https://cdn.example.org/amara.webp',
  fallbackSrc: '/assets/guide-fallback-3.svg',
  imageAlt: 'Portrait of Amara Okafor',
};

describe('GuideCard', () => {
  it('shows the image, name, title and quote', () => {
    render(<GuideCard {...guide} />);
    expect(screen.getByRole('heading', { name: 'Amara Okafor' })).toBeInTheDocument();
    expect(screen.getByText('Former Head of Strategy')).toBeInTheDocument();
    expect(screen.getByText('“Plan for the tasks.”')).toBeInTheDocument();
    const image = screen.getByRole('img', { name: 'Portrait of Amara Okafor' });
    expect(image).toHaveAttribute('src', guide.imageSrc);
    expect(image).toHaveAttribute('width', '400');
    expect(image).toHaveAttribute('height', '400');
    expect(image).toHaveAttribute('loading', 'lazy');
  });

  it('leaves the quote out when there is none', () => {
    const { container } = render(<GuideCard {...guide} quote={null} />);
    expect(container.querySelector('blockquote')).toBeNull();
  });

  it('shows the fallback when the guide has no image', () => {
    render(<GuideCard {...guide} imageSrc={null} />);
    expect(screen.getByRole('img')).toHaveAttribute('src', guide.fallbackSrc);
  });

  it('switches to the fallback once when the image fails to load', () => {
    render(<GuideCard {...guide} />);
    const image = screen.getByRole('img');
    fireEvent.error(image);
    expect(image).toHaveAttribute('src', guide.fallbackSrc);
    fireEvent.error(image);
    expect(image).toHaveAttribute('src', guide.fallbackSrc);
  });
});

describe('GuideCardSkeleton', () => {
  it('is a content-free placeholder hidden from assistive technology', () => {
    render(<GuideCardSkeleton />);
    const skeleton = screen.getByTestId('guide-skeleton');
    expect(skeleton).toHaveAttribute('aria-hidden', 'true');
    expect(skeleton).toHaveTextContent('');
  });
});
