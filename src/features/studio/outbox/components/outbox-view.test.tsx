import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { OutboxBackend, OutboxStatus } from '../model/outbox-backend';
import { OutboxRefusal } from '../model/outbox-backend';
import { OutboxView } from './outbox-view';

const withDead: OutboxStatus = {
  counts: [
    { status: 'pending', count: 1 },
    { status: 'sending', count: 0 },
    { status: 'sent', count: 12 },
    { status: 'dead', count: 2 },
  ],
  oldestDue: null,
  paused: [],
  dead: [
    {
      id: 4,
      recipient: 'cy@example.com',
      kind: 'reminder',
      attempts: 8,
      lastError: 'Resend 422: invalid "to"',
      createdAt: new Date('2026-11-15T00:00:00Z'),
    },
    {
      id: 2,
      recipient: 'bob@example.com',
      kind: 'course-access',
      attempts: 8,
      lastError: 'SMTP 550: mailbox unavailable',
      createdAt: new Date('2026-11-10T12:30:00Z'),
    },
  ],
};

const afterRetry: OutboxStatus = {
  ...withDead,
  counts: withDead.counts.map((row) =>
    row.status === 'pending' ? { ...row, count: 2 } : row.status === 'dead' ? { ...row, count: 1 } : row,
  ),
  dead: withDead.dead.slice(0, 1),
};

function fakeBackend(overrides: Partial<OutboxBackend> = {}) {
  return {
    status: vi.fn<OutboxBackend['status']>().mockResolvedValueOnce(withDead).mockResolvedValue(afterRetry),
    retry: vi.fn<OutboxBackend['retry']>(async () => {}),
    ...overrides,
  };
}

/** The number shown under a status's name in the counts. */
const countOf = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('OutboxView', () => {
  it('shows the count of each status and the failed e-mails newest first, with their reason', async () => {
    render(<OutboxView backend={fakeBackend()} />);
    expect(await screen.findByRole('heading', { name: 'Failed e-mails' })).toBeInTheDocument();
    expect(countOf('Sent')).toBe('12');
    expect(countOf('Failed')).toBe('2');
    const rows = within(screen.getByRole('table', { name: 'Failed e-mails, newest first' })).getAllByRole(
      'row',
    );
    expect(rows.slice(1).map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^cy@example.comReminder8.*Resend 422: invalid "to"Retry$/),
      expect.stringMatching(/^bob@example.comCourse access8.*SMTP 550: mailbox unavailableRetry$/),
    ]);
  });

  it('retries one e-mail, says so in the live message and shows the outbox as it now is', async () => {
    const backend = fakeBackend();
    render(<OutboxView backend={backend} />);
    fireEvent.click(await screen.findByLabelText('Retry the e-mail to bob@example.com'));
    expect(
      await screen.findByText('The e-mail to bob@example.com is back in the queue and goes out shortly.'),
    ).toHaveAttribute('role', 'status');
    expect(backend.retry).toHaveBeenCalledWith(2);
    await waitFor(() => expect(countOf('Waiting')).toBe('2'));
    expect(screen.getAllByLabelText(/^Retry the e-mail/)).toHaveLength(1);
  });

  it('gives the database’s reason when a retry is refused', async () => {
    const retry = vi.fn<OutboxBackend['retry']>(async () => {
      throw new OutboxRefusal('That e-mail is not waiting for a retry any more.');
    });
    render(<OutboxView backend={fakeBackend({ retry })} />);
    fireEvent.click(await screen.findByLabelText('Retry the e-mail to cy@example.com'));
    // The status region is there before its words: wait for the words, as a screen reader hears them.
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Not retried: That e-mail is not waiting for a retry any more.',
      ),
    );
  });

  it('says when there are no failed e-mails', async () => {
    const status = vi.fn<OutboxBackend['status']>(async () => ({ ...withDead, dead: [] }));
    render(<OutboxView backend={fakeBackend({ status })} />);
    expect(await screen.findByText('No failed e-mails.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
