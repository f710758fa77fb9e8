import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SignupRow } from '@/lib/signups-csv';
import type { LearnersBackend, StudioLearner } from '../model/learners-backend';
import { LearnersView } from './learners-view';

const learner = (email: string, name: string, overrides: Partial<StudioLearner> = {}): StudioLearner => ({
  email,
  name,
  firstSignedUpAt: new Date('2026-11-01T09:00:00Z'),
  lastSignedUpAt: new Date('2026-11-01T09:00:00Z'),
  courseEmail: 'sent',
  lastActiveAt: null,
  lessonsWatched: 0,
  percentComplete: 0,
  reminders: false,
  ...overrides,
});

const ada = learner('ada@example.com', 'Ada Lovelace', { lessonsWatched: 2, percentComplete: 50 });
const bob = learner('bob@example.com', 'Bob', { courseEmail: 'dead' });

const exportRow: SignupRow = {
  id: 1,
  email: 'ada@example.com',
  name: '=HYPERLINK("http://evil.example")',
  consent_version: 'v1',
  source: 'embedded',
  first_signed_up_at: new Date('2026-11-01T09:00:00Z'),
  last_signed_up_at: new Date('2026-11-01T09:00:00Z'),
  signup_count: 1,
  unsubscribed: false,
  reminders: true,
  reminders_answered_at: null,
  reminders_wording_version: null,
  kept_answers: { answers: { ageGroup: '25-35' }, plan: { trends: 'AI' } },
  kept_answers_updated_at: new Date('2026-11-03T08:00:00Z'),
};

function fakeBackend(overrides: Partial<LearnersBackend> = {}) {
  return {
    list: vi.fn<LearnersBackend['list']>(async (search) => {
      const learners = [bob, ada].filter((one) =>
        `${one.email} ${one.name}`.toLowerCase().includes(search.toLowerCase()),
      );
      return { learners, total: learners.length };
    }),
    exportRows: vi.fn<LearnersBackend['exportRows']>(async () => [exportRow]),
    erase: vi.fn<LearnersBackend['erase']>(async () => {}),
    ...overrides,
  };
}

describe('LearnersView', () => {
  it('lists the learners with their course e-mail and progress', async () => {
    render(<LearnersView backend={fakeBackend()} saveFile={vi.fn()} />);
    const adaRow = (await screen.findByText('Ada Lovelace')).closest('tr') as HTMLElement;
    expect(within(adaRow).getByText('2 lessons watched, 50%')).toBeInTheDocument();
    expect(within(adaRow).getByText('Delivered')).toBeInTheDocument();
    const bobRow = screen.getByText('Bob').closest('tr') as HTMLElement;
    expect(within(bobRow).getByText('Failed: see Outbox')).toBeInTheDocument();
    expect(screen.getByText('2 learners')).toBeInTheDocument();
  });

  it('searches by what the owner types, and says when nobody matches', async () => {
    const backend = fakeBackend();
    render(<LearnersView backend={backend} saveFile={vi.fn()} />);
    await screen.findByText('Bob');
    const search = screen.getByLabelText('Search by address or name');
    fireEvent.change(search, { target: { value: ' LOVE ' } });
    fireEvent.submit(search);
    await waitFor(() => expect(screen.queryByText('Bob')).not.toBeInTheDocument());
    expect(backend.list).toHaveBeenLastCalledWith('LOVE');
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();

    fireEvent.change(search, { target: { value: 'zed' } });
    fireEvent.submit(search);
    expect(await screen.findByText('Nobody’s address or name contains “zed”.')).toBeInTheDocument();
  });

  it('downloads signups.csv with the CLI’s columns and formulas defused', async () => {
    const saveFile = vi.fn();
    render(<LearnersView backend={fakeBackend()} saveFile={saveFile} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Downloaded signups.csv with 1 sign-up.');
    const [name, text, type] = saveFile.mock.calls[0] ?? [];
    expect(name).toBe('signups.csv');
    expect(type).toBe('text/csv;charset=utf-8');
    expect(text).toBe(
      '"id","email","name","consent_version","source","first_signed_up_at","last_signed_up_at","signup_count","reminders","reminders_answered_at","reminders_wording_version","kept_answers","kept_answers_updated_at","unsubscribed"\r\n' +
        '"1","ada@example.com","\'=HYPERLINK(""http://evil.example"")","v1","embedded","2026-11-01T09:00:00.000Z","2026-11-01T09:00:00.000Z","1","true","","","{""answers"":{""ageGroup"":""25-35""},""plan"":{""trends"":""AI""}}","2026-11-03T08:00:00.000Z","false"\r\n',
    );
  });

  it('erases only once the owner has typed the address in the dialog, then says so and reloads', async () => {
    const backend = fakeBackend();
    render(<LearnersView backend={backend} saveFile={vi.fn()} />);
    fireEvent.click(await screen.findByLabelText('Erase ada@example.com'));
    const dialog = screen.getByRole('dialog', { name: 'Erase ada@example.com?' });
    const confirm = within(dialog).getByRole('button', { name: 'Erase for good' });
    expect(confirm).toBeDisabled();
    const typed = within(dialog).getByLabelText('Type the address to confirm');
    fireEvent.change(typed, { target: { value: 'bob@example.com' } });
    expect(confirm).toBeDisabled();
    fireEvent.submit(typed);
    expect(backend.erase).not.toHaveBeenCalled();

    fireEvent.change(typed, { target: { value: 'ADA@example.com ' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.erase).toHaveBeenCalledWith('ada@example.com');
    expect(screen.getByRole('status')).toHaveTextContent('Erased ada@example.com and everything of theirs.');
    expect(backend.list).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(screen.getByLabelText('Search by address or name')).toHaveFocus());
  });

  it('cancelling the dialog erases nobody and brings the focus back to the Erase button', async () => {
    const backend = fakeBackend();
    render(<LearnersView backend={backend} saveFile={vi.fn()} />);
    const eraseBob = await screen.findByLabelText('Erase bob@example.com');
    fireEvent.click(eraseBob);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(eraseBob).toHaveFocus());
    expect(backend.erase).not.toHaveBeenCalled();
  });

  it('says when the learners cannot be loaded, and tries again', async () => {
    const list = vi
      .fn<LearnersBackend['list']>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ learners: [ada], total: 1 });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<LearnersView backend={fakeBackend({ list })} saveFile={vi.fn()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('We couldn’t load the learners.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
  });
});
