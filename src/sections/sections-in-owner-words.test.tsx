import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SiteWordsProvider } from '@/shared/site-words/site-words';
import { About } from './about';
import { GuidesHeading } from './guides-heading';
import { PrivacyResponsible } from './privacy-policy';
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

  it('give the teaser and the guides her words, and the privacy link her label on its own page', () => {
    render(
      <SiteWordsProvider
        changes={{
          'teaser.title': 'Watch a minute of it',
          'teaser.caption': 'My own words about the course.',
          'guides.eyebrow': 'People',
          'guides.title': 'Friends of the course',
          'footer.privacyLabel': 'Your data',
        }}
      >
        <TeaserCard onUnlock={() => undefined} />
        <GuidesHeading />
        <SiteFooter />
      </SiteWordsProvider>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Watch a minute of it' })).toBeInTheDocument();
    expect(screen.getByText('My own words about the course.')).toBeInTheDocument();
    expect(screen.queryByText(/Shell and Unilever/)).not.toBeInTheDocument();
    expect(screen.getByText('People')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Friends of the course' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your data' })).toHaveAttribute('href', '/privacy');
  });

  it('say on the privacy page who is responsible and how to reach them, or what holds without them', () => {
    const { unmount } = render(<PrivacyResponsible />);
    expect(screen.getByText('The owner of this course is responsible for your details.')).toBeInTheDocument();
    expect(
      screen.getByText(/reply to the course e-mail, or write to the address it came from/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    unmount();

    const { unmount: unmountAgain } = render(
      <SiteWordsProvider
        changes={{
          'privacy.controller': 'Sam Rivera\n1 High Street',
          'privacy.contact': 'privacy@example.com',
        }}
      >
        <PrivacyResponsible />
      </SiteWordsProvider>,
    );
    expect(screen.getByText(/^Sam Rivera\s+1 High Street$/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'privacy@example.com' })).toHaveAttribute(
      'href',
      'mailto:privacy@example.com',
    );
    unmountAgain();

    render(
      <SiteWordsProvider changes={{ 'privacy.contact': 'By post: <b>1 High Street</b>' }}>
        <PrivacyResponsible />
      </SiteWordsProvider>,
    );
    expect(screen.getByText('By post: <b>1 High Street</b>')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
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
