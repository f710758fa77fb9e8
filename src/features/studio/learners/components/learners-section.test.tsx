import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SignupRow } from '@/lib/signups-csv';
import {
  type LearnerDetail,
  type LearnersBackend,
  LearnersRefusal,
  type StudioLearner,
} from '../model/learners-backend';
import { LearnersSection } from './learners-section';

const learner = (
  id: number,
  email: string,
  name: string,
  overrides: Partial<StudioLearner> = {},
): StudioLearner => ({
  id,
  email,
  name,
  firstSignedUpAt: new Date('2026-11-01T09:00:00Z'),
  lastSignedUpAt: new Date('2026-11-01T09:00:00Z'),
  courseEmail: 'sent',
  courseEmailProvider: 'file',
  lastActiveAt: null,
  lessonsWatched: 0,
  percentComplete: 0,
  reminders: false,
  ...overrides,
});

const ada = learner(1, 'ada@example.com', 'Ada Lovelace', { lessonsWatched: 2, percentComplete: 50 });
const bob = learner(2, 'bob@example.com', 'Bob', { courseEmail: 'dead', courseEmailProvider: 'smtp' });
const cy = learner(3, 'cy@example.com', 'Cy', { courseEmailProvider: 'resend' });

const adaInDetail: LearnerDetail = {
  id: 1,
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  source: 'embedded',
  firstSignedUpAt: new Date('2026-11-01T09:00:00Z'),
  lastSignedUpAt: new Date('2026-11-02T09:00:00Z'),
  signupCount: 2,
  lastSignInAt: new Date('2026-11-04T09:00:00Z'),
  finishedAt: null,
  lessons: [
    {
      title: 'Why plan with three lenses',
      durationSeconds: 60,
      positionSeconds: 60,
      completedAt: new Date('2026-11-05T09:00:00Z'),
      updatedAt: new Date('2026-11-05T09:00:00Z'),
    },
    {
      title: 'The trends lens',
      durationSeconds: 95,
      positionSeconds: 42,
      completedAt: null,
      updatedAt: new Date('2026-11-06T09:00:00Z'),
    },
    {
      title: 'The strengths lens',
      durationSeconds: 60,
      positionSeconds: null,
      completedAt: null,
      updatedAt: null,
    },
  ],
  feedback: { rating: 4, comment: 'Clear and short.', createdAt: new Date('2026-11-06T10:00:00Z') },
  emails: [
    {
      id: 7,
      kind: 'reminder',
      recipient: 'ada@example.com',
      status: 'pending',
      lastError: null,
      provider: null,
      createdAt: new Date('2026-11-13T09:00:00Z'),
      sentAt: null,
    },
    {
      id: 5,
      kind: 'announcement',
      recipient: 'ada@example.com',
      status: 'sent',
      lastError: null,
      provider: 'file',
      createdAt: new Date('2026-11-08T09:00:00Z'),
      sentAt: new Date('2026-11-08T09:00:05Z'),
    },
    {
      id: 3,
      kind: 'course-access',
      recipient: 'ada@exampel.com',
      status: 'dead',
      lastError: 'SMTP 550: no such mailbox',
      provider: 'smtp',
      createdAt: new Date('2026-11-01T09:00:00Z'),
      sentAt: null,
    },
  ],
  reminderAnswers: [
    {
      given: true,
      wordingVersion: 'pause-reminders-2026-11',
      source: 'course-page',
      createdAt: new Date('2026-11-04T09:30:00Z'),
    },
  ],
  announcementAnswers: [
    {
      given: false,
      wording: 'E-mail me when new lessons are added.',
      wordingVersion: 'announcements-2026-12',
      source: 'unsubscribe',
      announcementSubject: 'Lesson four is out',
      createdAt: new Date('2026-11-09T09:00:00Z'),
    },
    {
      given: true,
      wording: 'E-mail me when new lessons are added.',
      wordingVersion: 'announcements-2026-12',
      source: 'course-page',
      announcementSubject: null,
      createdAt: new Date('2026-11-04T09:40:00Z'),
    },
  ],
  addressChanges: [
    {
      oldEmail: 'ada@exampel.com',
      newEmail: 'ada@example.com',
      changedBy: 'coach@example.com',
      changedAt: new Date('2026-11-03T09:00:00Z'),
    },
  ],
};

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
  announcements: true,
  announcements_answered_at: new Date('2026-11-02T11:00:00Z'),
  announcements_wording_version: 'announcements-2026-12',
  kept_answers: { answers: { ageGroup: '25-35' }, plan: { trends: 'AI' } },
  kept_answers_updated_at: new Date('2026-11-03T08:00:00Z'),
  lessons_watched: 2,
  finished_at: null,
  last_active_at: new Date('2026-11-06T09:00:00Z'),
  rating: 4,
  comment: '-1 star for the music',
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
    learner: vi.fn<LearnersBackend['learner']>(async () => adaInDetail),
    resendCourseEmail: vi.fn<LearnersBackend['resendCourseEmail']>(async () => 'ada@example.com'),
    changeEmail: vi.fn<LearnersBackend['changeEmail']>(async (_id, email) => email.trim()),
    ...overrides,
  };
}

const renderSection = (backend: LearnersBackend, saveFile = vi.fn()) =>
  render(<LearnersSection backend={backend} saveFile={saveFile} />);

/** Moves the address as a click on a link or the browser's Back does, and lets the section follow it. */
async function goTo(hash: string) {
  await act(async () => {
    window.location.hash = hash;
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  });
}

afterEach(() => {
  window.history.replaceState(null, '', '/studio');
});

describe('LearnersSection: the list', () => {
  it('lists the learners with their course e-mail, in the Outbox’s words for the transport that took it, and progress', async () => {
    renderSection(fakeBackend({ list: async () => ({ learners: [cy, bob, ada], total: 3 }) }));
    const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
    await screen.findByText('Ada Lovelace');
    expect(within(rowOf('Ada Lovelace')).getByText('2 lessons watched, 50%')).toBeInTheDocument();
    // The file mailbox only wrote a file: nothing was delivered.
    expect(
      within(rowOf('Ada Lovelace')).getByText('Written to the mail folder: no mail server is set'),
    ).toBeInTheDocument();
    expect(within(rowOf('Cy')).getByText('Accepted by Resend')).toBeInTheDocument();
    expect(within(rowOf('Bob')).getByText('Failed: see Outbox')).toBeInTheDocument();
    expect(screen.queryByText('Delivered')).not.toBeInTheDocument();
    expect(screen.getByText('3 learners')).toBeInTheDocument();
  });

  it('searches by what the owner types, and says when nobody matches', async () => {
    const backend = fakeBackend();
    renderSection(backend);
    await screen.findByText('Bob');
    const search = screen.getByLabelText('Search by address or name');
    fireEvent.change(search, { target: { value: ' LOVE ' } });
    fireEvent.submit(search);
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.queryByText('Bob')).not.toBeInTheDocument();
    expect(backend.list).toHaveBeenLastCalledWith('LOVE');

    fireEvent.change(search, { target: { value: 'zed' } });
    fireEvent.submit(search);
    expect(await screen.findByText('Nobody’s address or name contains “zed”.')).toBeInTheDocument();
  });

  it('downloads signups.csv with the CLI’s columns, each learner’s progress, and formulas defused', async () => {
    const saveFile = vi.fn();
    renderSection(fakeBackend(), saveFile);
    fireEvent.click(await screen.findByRole('button', { name: 'Download CSV' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Downloaded signups.csv with 1 sign-up.'),
    );
    const [name, text, type] = saveFile.mock.calls[0] ?? [];
    expect(name).toBe('signups.csv');
    expect(type).toBe('text/csv;charset=utf-8');
    expect(text).toBe(
      '"id","email","name","consent_version","source","first_signed_up_at","last_signed_up_at","signup_count","reminders","reminders_answered_at","reminders_wording_version","announcements","announcements_answered_at","announcements_wording_version","kept_answers","kept_answers_updated_at","lessons_watched","finished_at","last_active_at","rating","comment","unsubscribed"\r\n' +
        '"1","ada@example.com","\'=HYPERLINK(""http://evil.example"")","v1","embedded","2026-11-01T09:00:00.000Z","2026-11-01T09:00:00.000Z","1","true","","","true","2026-11-02T11:00:00.000Z","announcements-2026-12","{""answers"":{""ageGroup"":""25-35""},""plan"":{""trends"":""AI""}}","2026-11-03T08:00:00.000Z","2","","2026-11-06T09:00:00.000Z","4","\'-1 star for the music","false"\r\n',
    );
  });

  it('erases only once the owner has typed the address in the dialog, then says so and reloads', async () => {
    const backend = fakeBackend();
    renderSection(backend);
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
    renderSection(backend);
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
    renderSection(fakeBackend({ list }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We couldn’t load the learners.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
  });
});

describe('LearnersSection: one learner’s page', () => {
  it('opens from her link, shows what the course knows of her, her answers on reminders and announcements, and Back returns to the list with the search kept', async () => {
    const backend = fakeBackend();
    renderSection(backend);
    const search = await screen.findByLabelText('Search by address or name');
    fireEvent.change(search, { target: { value: 'ada' } });
    fireEvent.submit(search);
    const link = await screen.findByRole('link', { name: 'Ada Lovelace' });
    expect(screen.queryByText('Bob')).not.toBeInTheDocument();
    expect(link).toHaveAttribute('href', '#learners/1');

    await goTo('#learners/1');
    const heading = await screen.findByRole('heading', { level: 3, name: /Ada Lovelace/ });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(backend.learner).toHaveBeenCalledWith(1);
    const summary = screen.getByText('Last sign-in').closest('dl') as HTMLElement;
    expect(summary).toHaveTextContent('Signed up1 Nov 2026, 09:00 (2 times, last on 2 Nov 2026, 09:00)');
    expect(summary).toHaveTextContent('Signed up throughThe sign-up form');
    expect(summary).toHaveTextContent('Last sign-in4 Nov 2026, 09:00');
    expect(summary).toHaveTextContent('Finished the courseNot yet');
    expect(summary).toHaveTextContent('Reminder e-mailsYes, since 4 Nov 2026, 09:30');
    expect(summary).toHaveTextContent('Announcement e-mailsNo, since 9 Nov 2026, 09:00');
    expect(summary).toHaveTextContent('Rating4 of 5Clear and short.');

    const lessons = screen.getByRole('table', { name: 'Each published lesson and how far they got' });
    const row = (table: HTMLElement, header: string) =>
      within(table).getByRole('rowheader', { name: header }).closest('tr') as HTMLElement;
    expect(row(lessons, 'Why plan with three lenses')).toHaveTextContent('Watched5 Nov 2026, 09:00');
    expect(row(lessons, 'The trends lens')).toHaveTextContent('Started: at 0:42 of 1:35');
    expect(row(lessons, 'The strengths lens')).toHaveTextContent('Not started–');

    const emails = screen.getByRole('table', { name: 'Every e-mail to them, newest first' });
    expect(row(emails, 'Course e-mail')).toHaveTextContent(
      'ada@exampel.comFailed: SMTP 550: no such mailbox',
    );
    expect(row(emails, 'Reminder')).toHaveTextContent('Waiting to be sent');
    expect(row(emails, 'Announcement')).toHaveTextContent(
      'Written to the mail folder: no mail server is set (8 Nov 2026, 09:00)',
    );
    expect(screen.queryByText(/Delivered/)).not.toBeInTheDocument();
    const answers = screen.getByRole('table', { name: /E-mail me if I pause for a week/ });
    expect(within(answers).getByText('Yes, remind me')).toBeInTheDocument();
    expect(within(answers).getByText('On the course page')).toBeInTheDocument();
    const announcementAnswers = screen.getByRole('table', { name: /E-mail me when new lessons are added/ });
    expect(row(announcementAnswers, '9 Nov 2026, 09:00')).toHaveTextContent(
      'No announcementsUnsubscribe link in “Lesson four is out”E-mail me when new lessons are added.announcements-2026-12',
    );
    expect(row(announcementAnswers, '4 Nov 2026, 09:40')).toHaveTextContent(
      'Yes, e-mail me new lessonsOn the course page',
    );
    expect(
      screen.getByText('3 Nov 2026, 09:00: ada@exampel.com → ada@example.com, by coach@example.com'),
    ).toBeInTheDocument();

    await goTo('#learners');
    const back = await screen.findByRole('link', { name: 'Ada Lovelace' });
    await waitFor(() => expect(back).toHaveFocus());
    expect(screen.getByLabelText('Search by address or name')).toHaveValue('ada');
    expect(backend.list).toHaveBeenLastCalledWith('ada');
  });

  it('resends the course e-mail and says where it went; a refusal says why and changes nothing', async () => {
    const resendCourseEmail = vi
      .fn<LearnersBackend['resendCourseEmail']>()
      .mockResolvedValueOnce('ada@example.com')
      .mockRejectedValueOnce(
        new LearnersRefusal('A course e-mail went to ada@example.com less than 10 minutes ago.'),
      );
    const backend = fakeBackend({ resendCourseEmail });
    await goTo('#learners/1');
    renderSection(backend);
    fireEvent.click(await screen.findByRole('button', { name: 'Resend the course e-mail' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'The course e-mail is on its way to ada@example.com, with a fresh sign-in link.',
      ),
    );
    expect(resendCourseEmail).toHaveBeenCalledWith(1);
    await waitFor(() => expect(backend.learner).toHaveBeenCalledTimes(2));
    fireEvent.click(screen.getByRole('button', { name: 'Resend the course e-mail' }));
    expect(
      await screen.findByText(
        'Nothing changed: A course e-mail went to ada@example.com less than 10 minutes ago.',
      ),
    ).toBeInTheDocument();
  });

  it('corrects her address only once the owner confirms, then says so and reads her page again', async () => {
    const backend = fakeBackend();
    await goTo('#learners/1');
    renderSection(backend);
    const field = await screen.findByLabelText('Correct their address');
    fireEvent.change(field, { target: { value: ' ada@example.org ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change address' }));
    const dialog = screen.getByRole('dialog', { name: 'Change ada@example.com to ada@example.org?' });
    expect(dialog).toHaveTextContent('ada@example.com stops working at once');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(backend.changeEmail).not.toHaveBeenCalled();

    fireEvent.submit(field);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Change address' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Changed to ada@example.org. The course e-mail is on its way there.',
      ),
    );
    expect(backend.changeEmail).toHaveBeenCalledWith(1, 'ada@example.org');
    expect(field).toHaveValue('');
    await waitFor(() => expect(backend.learner).toHaveBeenCalledTimes(2));
  });

  it('erases her from her page, then offers only the way back', async () => {
    const backend = fakeBackend();
    await goTo('#learners/1');
    renderSection(backend);
    fireEvent.click(await screen.findByRole('button', { name: 'Erase this learner' }));
    const dialog = screen.getByRole('dialog', { name: 'Erase ada@example.com?' });
    fireEvent.change(within(dialog).getByLabelText('Type the address to confirm'), {
      target: { value: 'ada@example.com' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erase for good' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Erased ada@example.com and everything of theirs.',
      ),
    );
    expect(backend.erase).toHaveBeenCalledWith('ada@example.com');
    expect(screen.queryByRole('heading', { level: 3 })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: 'All learners' })).toHaveFocus());
  });

  it('says when her page cannot be read, with Try again', async () => {
    const learnerFails = vi
      .fn<LearnersBackend['learner']>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(adaInDetail);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await goTo('#learners/1');
    renderSection(fakeBackend({ learner: learnerFails }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We couldn’t load this learner.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 3, name: /Ada Lovelace/ })).toBeInTheDocument();
  });

  it('says when she is not there any more', async () => {
    await goTo('#learners/404');
    renderSection(fakeBackend({ learner: vi.fn<LearnersBackend['learner']>(async () => null) }));
    expect(
      await screen.findByText('This learner is not here any more: they may have been erased.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All learners' })).toHaveAttribute('href', '#learners');
  });
});
