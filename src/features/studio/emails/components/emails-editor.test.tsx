import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SiteRefusal, type StudioSiteWords, type WordsBackend } from '../../site/model/site-backend';
import type { TestSender } from '../model/test-sender';
import { EmailsEditor } from './emails-editor';

/** The site words' back end of the test's making, keeping the one draft as the database would. */
function fakeBackend(start: Partial<StudioSiteWords> = {}) {
  let studio: StudioSiteWords = { draft: {}, published: {}, versions: [], ...start };
  const answer = () => Promise.resolve(structuredClone(studio));
  return {
    load: vi.fn<WordsBackend['load']>(answer),
    saveDraft: vi.fn<WordsBackend['saveDraft']>(async (changes) => {
      studio = { ...studio, draft: { ...changes } };
      return answer();
    }),
    publish: vi.fn<WordsBackend['publish']>(async () => {
      const version = {
        id: studio.versions.length + 1,
        publishedAt: '2026-11-28T19:40:00Z',
        publishedBy: 'coach@example.com',
        restoredFrom: null,
      };
      studio = { ...studio, published: { ...studio.draft }, versions: [version, ...studio.versions] };
      return answer();
    }),
    restore: vi.fn<WordsBackend['restore']>(answer),
  } satisfies WordsBackend;
}

const form = () => screen.getByRole('form', { name: 'Your e-mail’s words' });
const field = (label: string) => within(form()).getByLabelText(label);
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const status = () => screen.getByRole('status');
const preview = (name: string) => screen.getByTitle(name);

afterEach(() => vi.restoreAllMocks());

describe('the E-mails section', () => {
  it('shows the course e-mail’s shipped words, previews the real e-mail in them, and publishes with the page', async () => {
    const backend = fakeBackend({ draft: { 'hero.body': 'Drafted on the page' } });
    render(<EmailsEditor backend={backend} sendTest={vi.fn<TestSender>()} />);
    expect(await screen.findByLabelText('Subject')).toHaveValue(
      'Your free Three Lenses course is ready to watch',
    );
    const frame = preview('Preview of the course e-mail');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain('Watch the course');
    expect(frame.getAttribute('srcdoc')).toContain('123456');

    type('Subject', 'Your course is here, friend');
    type('Opening', 'Welcome aboard & enjoy.');
    expect(screen.getByText('Your course is here, friend')).toBeInTheDocument();
    expect(preview('Preview of the course e-mail').getAttribute('srcdoc')).toContain(
      'Welcome aboard &amp; enjoy.',
    );
    expect(
      screen.getByText(
        'Not published yet: 1 change to the page and 2 changes to the e-mails. Publish makes all of them live.',
      ),
    ).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(status()).toHaveTextContent('Published. The next e-mails carry your words.'));
    expect(backend.saveDraft).toHaveBeenCalledWith({
      'hero.body': 'Drafted on the page',
      'email.course.subject': 'Your course is here, friend',
      'email.course.intro': 'Welcome aboard & enjoy.',
    });
    expect(backend.publish).toHaveBeenCalled();
  });

  it('refuses a placeholder the e-mail does not fill in, naming it, and sends nothing until it is fixed', async () => {
    const backend = fakeBackend();
    render(<EmailsEditor backend={backend} sendTest={vi.fn<TestSender>()} />);
    await screen.findByLabelText('Subject');
    fireEvent.click(screen.getByRole('button', { name: 'Reminder' }));
    expect(field('Subject')).toHaveValue('Your next lesson is waiting: {lesson}');
    expect(screen.getByText('Your next lesson is waiting: Lens one: trends')).toBeInTheDocument();

    type('Subject', 'Back to {lessons}?');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(status()).toHaveTextContent('Fix the fields marked below, then try again.');
    expect(field('Subject')).toHaveAccessibleDescription(
      /“Subject” may not use “\{lessons\}”: it can use \{lesson\}, \{left\}\./,
    );
    expect(backend.saveDraft).not.toHaveBeenCalled();

    type('Subject', '{left} lessons to go: {lesson}');
    expect(screen.getByText('4 lessons to go: Lens one: trends')).toBeInTheDocument();
    type('Opening, when they have not started the lesson', 'Up next: {lesson}.');
    expect(screen.getByText(/As a learner gets it who has not started the lesson/)).toBeInTheDocument();
    expect(preview('Preview of the reminder').getAttribute('srcdoc')).toContain('Up next: Lens one: trends.');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() =>
      expect(backend.saveDraft).toHaveBeenCalledWith({
        'email.reminder.subject': '{left} lessons to go: {lesson}',
        'email.reminder.introNotStarted': 'Up next: {lesson}.',
      }),
    );
  });

  it('saves the draft, sends the test, and says where it went', async () => {
    const backend = fakeBackend();
    const sendTest = vi.fn<TestSender>().mockResolvedValue('coach@example.com');
    render(<EmailsEditor backend={backend} sendTest={sendTest} />);
    await screen.findByLabelText('Subject');
    fireEvent.click(screen.getByRole('button', { name: 'New sign-in link' }));
    type('Button', 'Back to the course');
    fireEvent.click(screen.getByRole('button', { name: 'Send a test to me' }));
    await waitFor(() =>
      expect(status()).toHaveTextContent(
        'Test sent to coach@example.com, in the words of your draft. Its link and code are samples.',
      ),
    );
    expect(backend.saveDraft).toHaveBeenCalledBefore(sendTest);
    expect(sendTest).toHaveBeenCalledWith('signIn');
    expect(backend.publish).not.toHaveBeenCalled();

    sendTest.mockRejectedValueOnce(new SiteRefusal('You can send 5 tests an hour: try again later.'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Send a test to me' }));
    await waitFor(() =>
      expect(status()).toHaveTextContent('That didn’t work: You can send 5 tests an hour: try again later.'),
    );
  });
});
