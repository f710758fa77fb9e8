import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Announcements, SentAnnouncement } from '../../announcements/model/announcements-backend';
import { AnnouncementTotals } from './announcement-totals';

const one = (counts: Pick<SentAnnouncement, 'sent' | 'opened' | 'unsubscribed'>): SentAnnouncement => ({
  id: counts.sent,
  subject: 'News',
  lessonId: null,
  createdAt: new Date('2026-12-01T09:00:00Z'),
  recipients: counts.sent,
  waiting: 0,
  failed: 0,
  ...counts,
});

const shown = (sent: SentAnnouncement[]): Announcements => ({ audience: 4, newLessons: false, sent });

/** The number shown under a count's name. */
const countOf = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('AnnouncementTotals', () => {
  it('sums what every announcement did: sent, opened the course within 3 days, unsubscribed', async () => {
    render(
      <AnnouncementTotals
        load={async () =>
          shown([one({ sent: 10, opened: 4, unsubscribed: 1 }), one({ sent: 3, opened: 1, unsubscribed: 0 })])
        }
      />,
    );
    expect(await screen.findByText('From 2 announcements so far.')).toBeInTheDocument();
    expect(countOf('E-mails sent')).toBe('13');
    expect(countOf('Opened the course within 3 days')).toBe('5');
    expect(countOf('Unsubscribed')).toBe('1');
    expect(screen.getByRole('link', { name: 'See each one in Announcements' })).toHaveAttribute(
      'href',
      '#announcements',
    );
  });

  it('says where to write one before any is sent', async () => {
    render(<AnnouncementTotals load={async () => shown([])} />);
    expect(
      await screen.findByText('No announcement sent yet. Write one in Announcements.'),
    ).toBeInTheDocument();
  });
});
