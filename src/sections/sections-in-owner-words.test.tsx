import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SiteWordsProvider } from '@/shared/site-words/site-words';
import { About } from './about';
import { SiteFooter } from './site-footer';
import { TeaserCard } from './teaser-card';

describe('the sections in the owner’s words', () => {
  it('show her founder, bio paragraphs and numbers, as text', () => {
    render(
      <SiteWordsProvider
        changes={{
          'about.founderName': '<i>Sam</i> Rivera',
          'about.bio': 'First paragraph.\n\nSecond paragraph.',
          'about.stat1Value': '20 years',
        }}
      >
        <About />
      </SiteWordsProvider>,
    );
    expect(screen.getByText('<i>Sam</i> Rivera')).toBeInTheDocument();
    expect(screen.getByText('First paragraph.')).toBeInTheDocument();
    expect(screen.getByText('Second paragraph.')).toBeInTheDocument();
    expect(screen.getByText('20 years')).toBeInTheDocument();
    expect(screen.getAllByText('one repeatable method')).not.toHaveLength(0);
  });

  it('show her photo from the public bucket, described in her words', () => {
    render(
      <SiteWordsProvider
        changes={{ 'about.photo': `${'0'.repeat(32)}.webp`, 'about.photoAlt': 'Sam Rivera at work' }}
      >
        <About />
      </SiteWordsProvider>,
    );
    expect(screen.getByRole('img', { name: 'Sam Rivera at work' })).toHaveAttribute(
      'src',
      `/storage/v1/object/public/guides/${'0'.repeat(32)}.webp`,
    );
  });

  it('give the footer her partners link, or none when she left it empty', () => {
    const { unmount } = render(
      <SiteWordsProvider changes={{ 'footer.partnersHref': 'https://example.com/schools' }}>
        <SiteFooter />
      </SiteWordsProvider>,
    );
    expect(screen.getByRole('link', { name: 'For Schools & Employers' })).toHaveAttribute(
      'href',
      'https://example.com/schools',
    );
    unmount();
    render(
      <SiteWordsProvider changes={{ 'footer.partnersLabel': '' }}>
        <SiteFooter />
      </SiteWordsProvider>,
    );
    expect(screen.queryByRole('link', { name: 'For Schools & Employers' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy policy' })).toBeInTheDocument();
  });

  it('give the teaser her video, captions and poster from the public buckets', () => {
    const { container } = render(
      <SiteWordsProvider
        changes={{
          'teaser.video': 'video-g-1000.webm',
          'teaser.captions': 'captions-abc.vtt',
          'teaser.poster': `${'1'.repeat(32)}.jpg`,
        }}
      >
        <TeaserCard onUnlock={() => undefined} />
      </SiteWordsProvider>,
    );
    expect(container.querySelector('video source')).toHaveAttribute(
      'src',
      '/storage/v1/object/public/teaser/video-g-1000.webm',
    );
    expect(container.querySelector('video track')).toHaveAttribute(
      'src',
      '/storage/v1/object/public/teaser/captions-abc.vtt',
    );
    expect(container.querySelector('img')).toHaveAttribute(
      'src',
      `/storage/v1/object/public/guides/${'1'.repeat(32)}.jpg`,
    );
  });
});
