import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { OutboxBackend, OutboxStatus, RecordedEmail } from '../model/outbox-backend';
import { OutboxRefusal } from '../model/outbox-backend';
import { OutboxView } from './outbox-view';

const deadToCy = {
  id: 4,
  recipient: 'cy@example.com',
  kind: 'reminder',
  attempts: 8,
  lastError: 'Resend 422: invalid "to"',
  createdAt: new Date('2026-11-15T00:00:00Z'),
};

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
    deadToCy,
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

const sentToAda: RecordedEmail = {
  id: 7,
  kind: 'course-access',
  recipient: 'ada@example.com',
  status: 'sent',
  attempts: 1,
  lastError: null,
  provider: 'file',
  providerId: '/srv/data/mail/2026-11-16-course-access-7.eml',
  createdAt: new Date('2026-11-16T09:00:00Z'),
  sentAt: new Date('2026-11-16T09:00:02Z'),
};

const record: RecordedEmail[] = [
  {
    ...sentToAda,
    id: 8,
    kind: 'sign-in-link',
    recipient: 'lin@example.com',
    provider: 'resend',
    providerId: 're_8',
  },
  { ...sentToAda, id: 6, provider: 'smtp', providerId: '<6@mail.example.com>' },
  {
    ...sentToAda,
    id: 5,
    kind: 'reminder',
    recipient: 'bob@example.com',
    status: 'pending',
    lastError: 'SMTP 451: try again later',
    provider: 'smtp',
    providerId: null,
    sentAt: null,
  },
  sentToAda,
  { ...deadToCy, status: 'dead', provider: 'resend', providerId: null, sentAt: null },
];

function fakeBackend(overrides: Partial<OutboxBackend> = {}) {
  return {
    status: vi.fn<OutboxBackend['status']>().mockResolvedValueOnce(withDead).mockResolvedValue(afterRetry),
    emails: vi.fn<OutboxBackend['emails']>(async (search) => {
      const emails = record.filter((email) => email.recipient.includes(search));
      return { total: emails.length, emails };
    }),
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
    expect(screen.queryByRole('table', { name: 'Failed e-mails, newest first' })).not.toBeInTheDocument();
  });

  it('lists every e-mail newest first with what became of it, in words that say what the transport did', async () => {
    render(<OutboxView backend={fakeBackend()} />);
    const table = await screen.findByRole('table', { name: 'Every e-mail, newest first' });
    expect(screen.getByText('5 e-mails')).toBeVisible();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'lin@example.com',
      'ada@example.com',
      'bob@example.com',
      'ada@example.com',
      'cy@example.com',
    ]);
    const cells = (row: HTMLElement | undefined) =>
      within(row ?? document.createElement('tr'))
        .queryAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(rows[0])).toEqual([
      'Sign-in link',
      expect.stringMatching(/^16 Nov 2026/),
      'Accepted by Resend',
      're_8',
    ]);
    expect(cells(rows[1])).toEqual([
      'Course access',
      expect.any(String),
      'Accepted by your mail server (SMTP)',
      '<6@mail.example.com>',
    ]);
    expect(cells(rows[2])).toEqual([
      'Reminder',
      expect.stringMatching(/^Queued 16 Nov 2026/),
      'Waiting for another try: SMTP 451: try again later',
      'None',
    ]);
    expect(cells(rows[3])).toEqual([
      'Course access',
      expect.any(String),
      'Written to the mail folder: no mail server is set',
      '/srv/data/mail/2026-11-16-course-access-7.eml',
    ]);
    expect(cells(rows[4])[2]).toBe('Failed: Resend 422: invalid "to"');
  });

  it('finds the e-mails to an address, says when none matched, and reads them again on Refresh', async () => {
    const emails = vi.fn<OutboxBackend['emails']>(async (words) => {
      const found = record.filter((email) => email.recipient.includes(words));
      return { total: found.length, emails: found };
    });
    const backend = fakeBackend({ emails });
    render(<OutboxView backend={backend} />);
    const search = await screen.findByRole('searchbox', { name: 'Search by address' });
    fireEvent.change(search, { target: { value: ' ada@ ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('2 e-mails')).toBeVisible();
    expect(emails).toHaveBeenLastCalledWith('ada@');
    fireEvent.change(search, { target: { value: 'zed@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No e-mail went to an address containing “zed@”.')).toBeVisible();
    const calls = emails.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(emails).toHaveBeenCalledTimes(calls + 1));
    expect(emails).toHaveBeenLastCalledWith('zed@');
  });

  it('offers to try again when the e-mails on record could not be read', async () => {
    const emails = vi
      .fn<OutboxBackend['emails']>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ total: 1, emails: [sentToAda] });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<OutboxView backend={fakeBackend({ emails })} />);
    expect(
      await screen.findByText('We couldn’t load the e-mails. Please check your connection and try again.'),
    ).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1 e-mail')).toBeVisible();
  });
});
