import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type Announcements,
  AnnouncementRefusal,
  type AnnouncementsBackend,
} from '../model/announcements-backend';
import { AnnouncementsView } from './announcements-view';

const twoAsked: Announcements = {
  audience: 2,
  newLessons: false,
  sent: [
    {
      id: 1,
      subject: 'New lesson: Lens three',
      lessonId: 7,
      createdAt: new Date('2026-12-01T09:30:00Z'),
      recipients: 3,
      sent: 2,
      waiting: 1,
      failed: 0,
      opened: 1,
      unsubscribed: 1,
    },
  ],
};

function fakeBackend(overrides: Partial<AnnouncementsBackend> = {}) {
  const mocks = {
    load: vi.fn<AnnouncementsBackend['load']>(async () => twoAsked),
    send: vi.fn<AnnouncementsBackend['send']>(async () => 2),
    sendTest: vi.fn<AnnouncementsBackend['sendTest']>(async () => 'coach@example.com'),
    setNewLessons: vi.fn<AnnouncementsBackend['setNewLessons']>(async (on) => ({
      ...twoAsked,
      newLessons: on,
    })),
  };
  return Object.assign(mocks, overrides);
}

const subject = () => screen.getByRole('textbox', { name: /^Subject/ });
const text = () => screen.getByRole('textbox', { name: /^Text/ });
const status = () => within(screen.getByRole('form', { name: 'New announcement' })).getByRole('status');

async function write(words: { subject: string; text: string }) {
  await screen.findByRole('form', { name: 'New announcement' });
  fireEvent.change(subject(), { target: { value: words.subject } });
  fireEvent.change(text(), { target: { value: words.text } });
}

// Each test opens the studio on a device with no draft kept.
beforeEach(() => window.localStorage.clear());

describe('AnnouncementsView', () => {
  it('says how many will get it, previews what she writes, and shows what each sent one did', async () => {
    render(<AnnouncementsView backend={fakeBackend()} />);
    expect(
      await screen.findByText('2 learners have asked for announcements and will get this one.'),
    ).toBeInTheDocument();
    await write({ subject: 'Live on Thursday', text: 'Join us <live>.' });
    expect(screen.getByText('Live on Thursday', { selector: 'span' })).toBeInTheDocument();
    const preview = screen.getByTitle<HTMLIFrameElement>('Preview of the announcement');
    expect(preview.srcdoc).toContain('Join us &lt;live&gt;.');
    expect(preview).toHaveAttribute('sandbox', '');
    const table = screen.getByRole('table', { name: 'Announcements sent, newest first' });
    // What the Outbox can know: handed over (or written to the mail folder), never "delivered".
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((heading) => heading.textContent),
    ).toEqual(['Subject', 'Sent on', 'E-mails sent', 'Opened the course within 3 days', 'Unsubscribed']);
    const row = within(table).getByRole('row', { name: /Lens three/ });
    expect(within(row).getByText('New lesson')).toBeInTheDocument();
    expect(within(row).getByText('2 of 3, 1 waiting')).toBeInTheDocument();
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(-2),
    ).toEqual(['1', '1']);
  });

  it('says what is missing before a test or a send, and sends nothing', async () => {
    const backend = fakeBackend();
    render(<AnnouncementsView backend={backend} />);
    await write({ subject: ' ', text: '' });
    fireEvent.click(screen.getByRole('button', { name: 'Send a test to me' }));
    expect(await screen.findByText('Write a subject.')).toBeInTheDocument();
    expect(screen.getByText('Write the text.')).toBeInTheDocument();
    expect(subject()).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'Send to 2 learners' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(backend.sendTest).not.toHaveBeenCalled();
    expect(backend.send).not.toHaveBeenCalled();
  });

  it('sends her a test of what she is writing', async () => {
    const backend = fakeBackend();
    render(<AnnouncementsView backend={backend} />);
    await write({ subject: 'Live on Thursday', text: 'Join us.' });
    fireEvent.click(screen.getByRole('button', { name: 'Send a test to me' }));
    expect(await screen.findByText(/^Test sent to coach@example\.com\./)).toBeInTheDocument();
    expect(backend.sendTest).toHaveBeenCalledWith({ subject: 'Live on Thursday', text: 'Join us.' });
  });

  it('asks before sending, sends once under one key even when tried again, then starts a new one', async () => {
    const send = vi
      .fn<AnnouncementsBackend['send']>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(2);
    const backend = fakeBackend({ send });
    render(<AnnouncementsView backend={backend} />);
    await write({ subject: 'Live on Thursday', text: 'Join us.' });
    fireEvent.click(screen.getByRole('button', { name: 'Send to 2 learners' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send “Live on Thursday”?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Not yet' }));
    expect(backend.send).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Send to 2 learners' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send it' }));
    expect(
      await screen.findByText('Nothing was sent: we couldn’t reach the server. Please try again.'),
    ).toBeInTheDocument();
    expect(subject()).toHaveValue('Live on Thursday');

    fireEvent.click(screen.getByRole('button', { name: 'Send to 2 learners' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send it' }));
    await waitFor(() =>
      expect(status()).toHaveTextContent(
        'Sent. The 2 e-mails go out through the outbox at the provider’s pace.',
      ),
    );
    const [first, second] = send.mock.calls;
    expect(second?.[1]).toBe(first?.[1]);
    expect(subject()).toHaveValue('');
    expect(backend.load).toHaveBeenCalledTimes(2);
  });

  it('keeps the draft and its key on this device across a reload, and forgets it once sent', async () => {
    const send = vi
      .fn<AnnouncementsBackend['send']>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(2);
    const backend = fakeBackend({ send });
    const first = render(<AnnouncementsView backend={backend} />);
    await write({ subject: 'Live on Thursday', text: 'Join us.' });
    fireEvent.click(screen.getByRole('button', { name: 'Send to 2 learners' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send it' }));
    await screen.findByText('Nothing was sent: we couldn’t reach the server. Please try again.');
    first.unmount();

    // The page reloaded: the words are there, and a second try is the same send (one key).
    render(<AnnouncementsView backend={backend} />);
    await screen.findByRole('form', { name: 'New announcement' });
    expect(subject()).toHaveValue('Live on Thursday');
    expect(text()).toHaveValue('Join us.');
    fireEvent.click(screen.getByRole('button', { name: 'Send to 2 learners' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send it' }));
    await waitFor(() => expect(status()).toHaveTextContent(/^Sent\./));
    expect(send.mock.calls[1]?.[1]).toBe(send.mock.calls[0]?.[1]);
    cleanup();

    render(<AnnouncementsView backend={backend} />);
    await screen.findByRole('form', { name: 'New announcement' });
    expect(subject()).toHaveValue('');
    expect(text()).toHaveValue('');
  });

  it('says why the studio refused, in its words', async () => {
    const backend = fakeBackend({
      send: vi.fn<AnnouncementsBackend['send']>(async () => {
        throw new AnnouncementRefusal(
          'Nobody has asked for announcements yet, so there is no one to send it to.',
        );
      }),
    });
    render(<AnnouncementsView backend={backend} />);
    await write({ subject: 'Hello', text: 'Hi.' });
    fireEvent.click(screen.getByRole('button', { name: 'Send to 2 learners' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send it' }));
    expect(
      await screen.findByText(
        'Not sent: Nobody has asked for announcements yet, so there is no one to send it to.',
      ),
    ).toBeInTheDocument();
  });

  it('announces new lessons once she ticks it, and says when the choice was not saved', async () => {
    const backend = fakeBackend();
    render(<AnnouncementsView backend={backend} />);
    const box = await screen.findByRole('checkbox', { name: 'Announce each new lesson when I publish it' });
    fireEvent.click(box);
    expect(
      await screen.findByText('Saved. Each lesson you publish from now on is announced.'),
    ).toBeInTheDocument();
    expect(box).toBeChecked();
    backend.setNewLessons.mockRejectedValueOnce(new Error('offline'));
    fireEvent.click(box);
    expect(
      await screen.findByText('We couldn’t save this choice. Please check your connection and try again.'),
    ).toBeInTheDocument();
    expect(box).toBeChecked();
  });

  it('offers no send while nobody has asked', async () => {
    render(<AnnouncementsView backend={fakeBackend({ load: async () => ({ ...twoAsked, audience: 0 }) })} />);
    expect(await screen.findByText(/^No learner has asked for announcements yet\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send to 0 learners' })).toBeDisabled();
  });
});
