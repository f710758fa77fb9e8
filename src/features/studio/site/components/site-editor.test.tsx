import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type SiteBackend, SiteRefusal, type StudioSiteWords } from '../model/site-backend';
import { SiteEditor } from './site-editor';

/** The name the back end gives an uploaded picture. */
const PHOTO = `${'ab'.repeat(16)}.png`;

/** The section over a back end of the test's making, keeping the words as the database would. */
function fakeBackend(start: Partial<StudioSiteWords> = {}) {
  let studio: StudioSiteWords = { draft: {}, published: {}, versions: [], ...start };
  let next = studio.versions.length + 1;
  const answer = () => Promise.resolve(structuredClone(studio));
  return {
    load: vi.fn<SiteBackend['load']>(answer),
    saveDraft: vi.fn<SiteBackend['saveDraft']>(async (changes) => {
      studio = { ...studio, draft: { ...changes } };
      return answer();
    }),
    publish: vi.fn<SiteBackend['publish']>(async () => {
      const version = {
        id: next++,
        publishedAt: '2026-11-28T19:40:00Z',
        publishedBy: 'coach@example.com',
        restoredFrom: null,
      };
      studio = { ...studio, published: { ...studio.draft }, versions: [version, ...studio.versions] };
      return answer();
    }),
    restore: vi.fn<SiteBackend['restore']>(async (id) => {
      const words: Record<string, string> = id === 1 ? { 'about.founderName': 'Sam Rivera' } : {};
      const version = {
        id: next++,
        publishedAt: '2026-11-28T19:45:00Z',
        publishedBy: 'coach@example.com',
        restoredFrom: id,
      };
      studio = { draft: words, published: words, versions: [version, ...studio.versions] };
      return answer();
    }),
    uploadPicture: vi.fn<SiteBackend['uploadPicture']>(async () => PHOTO),
    uploadTeaserVideo: vi.fn<SiteBackend['uploadTeaserVideo']>((_name, file, onProgress) => {
      onProgress({ sent: file.size / 2, total: file.size });
      return { done: Promise.resolve(), pause: vi.fn(), resume: vi.fn() };
    }),
    uploadTeaserCaptions: vi.fn<SiteBackend['uploadTeaserCaptions']>(async () => undefined),
  } satisfies SiteBackend;
}

const form = () => screen.getByRole('form', { name: 'Your words' });
const field = (label: string) => within(form()).getByLabelText(label);
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const status = () => screen.getByRole('status');

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('the Site section', () => {
  it('shows the shipped words, previews a change at once, and saves only what changed as the draft', async () => {
    const backend = fakeBackend();
    render(<SiteEditor backend={backend} />);
    expect(await screen.findByLabelText('Headline')).toHaveValue('What the f*ck should I do for a living?');
    expect(field('Your name')).toHaveValue('Jordan Ellis');
    expect(
      screen.getByText('Everything is published: visitors and learners get these words.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();

    type('Headline', 'What now, for a living?');
    type('Your name', 'Sam Rivera');
    expect(screen.getByRole('heading', { level: 1, name: 'What now, for a living?' })).toBeInTheDocument();
    expect(screen.getAllByText('Sam Rivera')).not.toHaveLength(0);
    expect(field('Headline')).toHaveAccessibleDescription(
      'At most 60 characters, so it fits the first screen of a phone. 23 of 60 characters',
    );
    expect(
      screen.getByText('Not published yet: 2 changes to the page. Publish makes all of them live.'),
    ).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() =>
      expect(status()).toHaveTextContent('Draft saved. Visitors still see the published words.'),
    );
    expect(backend.saveDraft).toHaveBeenCalledWith({
      'hero.headlineProfane': 'What now, for a living?',
      'about.founderName': 'Sam Rivera',
    });
    expect(backend.publish).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Put back the shipped words for “Your name”' }));
    expect(field('Your name')).toHaveValue('Jordan Ellis');
  });

  it('says what is wrong at each field and sends nothing until it is fixed, then publishes', async () => {
    const backend = fakeBackend();
    render(<SiteEditor backend={backend} />);
    await screen.findByLabelText('Headline');
    type('Headline', 'x'.repeat(500));
    type('Your name', ' ');
    type('Partners link’s address', 'javascript:alert(1)');
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));

    expect(status()).toHaveTextContent('Fix the fields marked below, then try again.');
    expect(field('Headline')).toHaveFocus();
    expect(field('Headline')).toHaveAccessibleDescription(
      /A headline of more than 60 characters does not fit the first screen of a phone: shorten it\./,
    );
    expect(field('Your name')).toHaveAccessibleDescription(/“Your name” may not be empty\./);
    expect(field('Partners link’s address')).toHaveAccessibleDescription(
      /Use an address that starts with https:\/\/, mailto: or \/ \(a page of this site\)\./,
    );
    expect(backend.saveDraft).not.toHaveBeenCalled();

    type('Headline', 'A plan for a living');
    type('Your name', 'Sam Rivera');
    type('Partners link’s address', 'https://example.com/schools');
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() =>
      expect(status()).toHaveTextContent('Published. Visitors see your words within a few seconds.'),
    );
    expect(backend.saveDraft).toHaveBeenCalledBefore(backend.publish);
    expect(
      screen.getByText('Everything is published: visitors and learners get these words.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Version 1')).toBeInTheDocument();
  });

  it('says that a static host builds the pages again, in minutes, where one serves them', async () => {
    vi.stubEnv('VITE_SUPABASE_URL', 'https://abc.supabase.co');
    const backend = fakeBackend();
    render(<SiteEditor backend={backend} />);
    await screen.findByLabelText('Your name');
    type('Your name', 'Sam Rivera');
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() =>
      expect(status()).toHaveTextContent(
        'Published. Your site’s host now builds the pages again in your words: visitors see them within a few minutes.',
      ),
    );
  });

  it('restores an earlier version once the owner confirms, and its words fill the form', async () => {
    const backend = fakeBackend({
      draft: { 'about.founderName': 'Sam R.' },
      published: { 'about.founderName': 'Sam R.' },
      versions: [
        { id: 2, publishedAt: '2026-11-28T19:40:00Z', publishedBy: 'coach@example.com', restoredFrom: null },
        { id: 1, publishedAt: '2026-11-27T09:30:00Z', publishedBy: 'coach@example.com', restoredFrom: null },
      ],
    });
    render(<SiteEditor backend={backend} />);
    expect(await screen.findByLabelText('Your name')).toHaveValue('Sam R.');
    expect(screen.getByText('Shown now')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Restore version 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish version 1 again?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish it again' }));
    await waitFor(() =>
      expect(status()).toHaveTextContent(
        'Version 1 is published again. Visitors see it within a few seconds.',
      ),
    );
    expect(backend.restore).toHaveBeenCalledWith(1);
    expect(field('Your name')).toHaveValue('Sam Rivera');
    expect(screen.getByText(/a copy of version 1/)).toBeInTheDocument();
  });

  it('keeps the e-mails’ drafted words when it saves, and says Publish makes them live too', async () => {
    const backend = fakeBackend({ draft: { 'email.course.subject': 'Your course is here' } });
    render(<SiteEditor backend={backend} />);
    await screen.findByLabelText('Headline');
    expect(
      screen.getByText('Not published yet: 1 change to the e-mails. Publish makes all of them live.'),
    ).toBeInTheDocument();
    type('Headline', 'What now, for a living?');
    expect(
      screen.getByText(
        'Not published yet: 1 change to the page and 1 change to the e-mails. Publish makes all of them live.',
      ),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(backend.saveDraft).toHaveBeenCalled());
    expect(backend.saveDraft).toHaveBeenCalledWith({
      'email.course.subject': 'Your course is here',
      'hero.headlineProfane': 'What now, for a living?',
    });
  });

  it('says the database’s refusal, and keeps what was typed', async () => {
    const backend = fakeBackend();
    backend.saveDraft.mockRejectedValueOnce(
      new SiteRefusal('about.title is too long: at most 90 characters.'),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<SiteEditor backend={backend} />);
    await screen.findByLabelText('Heading');
    type('Heading', 'New heading');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() =>
      expect(status()).toHaveTextContent('That didn’t work: about.title is too long: at most 90 characters.'),
    );
    expect(field('Heading')).toHaveValue('New heading');
  });

  it('lists the parts of the site to jump to, and previews the privacy page, the next step and the plan in her words', async () => {
    const backend = fakeBackend();
    render(<SiteEditor backend={backend} />);
    await screen.findByLabelText('Headline');
    const parts = within(screen.getByRole('navigation', { name: 'Parts of your site' }));
    fireEvent.click(parts.getByRole('button', { name: 'Privacy page' }));
    expect(screen.getByRole('group', { name: 'Privacy page' })).toHaveFocus();
    fireEvent.click(parts.getByRole('button', { name: 'See the preview' }));
    expect(screen.getByRole('heading', { level: 3, name: 'Preview' }).parentElement).toHaveFocus();

    expect(screen.getByText('The owner of this course is responsible for your details.')).toBeInTheDocument();
    type('How to reach you about it', 'privacy@example.com');
    type('Next step’s button', 'Book a call');
    type('Where the button leads', 'https://example.com/book');
    type('Dreams lens: second question', '');
    type('Guides’ heading', 'People I trust');
    expect(screen.getByRole('link', { name: 'privacy@example.com' })).toHaveAttribute(
      'href',
      'mailto:privacy@example.com',
    );
    expect(screen.getByText('Book a call')).toBeInTheDocument();
    expect(screen.getByText('The button leads to https://example.com/book')).toBeInTheDocument();
    expect(
      screen.queryByText('What would a small version of it look like this year?'),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'People I trust' })).toBeInTheDocument();

    type('Where the button leads', 'javascript:alert(1)');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await within(form()).findByText(/Use an address that starts with https:/)).toBeInTheDocument();
    expect(field('Where the button leads')).toHaveFocus();
    expect(backend.saveDraft).not.toHaveBeenCalled();

    type('Where the button leads', '/course/plan');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(backend.saveDraft).toHaveBeenCalled());
    expect(backend.saveDraft).toHaveBeenCalledWith({
      'guides.title': 'People I trust',
      'privacy.contact': 'privacy@example.com',
      'nextStep.buttonLabel': 'Book a call',
      'plan.dreams2': '',
    });
  });

  it('uploads a picked photo at once, previews it, and drafts its name; a HEIC photo is refused and changes nothing', async () => {
    const backend = fakeBackend();
    render(<SiteEditor backend={backend} />);
    const photo = await screen.findByLabelText('Your photo');
    const heic = [0, 0, 0, 24, ...[...'ftypheicmif1heic'].map((c) => c.charCodeAt(0))];
    fireEvent.change(photo, { target: { files: [new File([new Uint8Array(heic)], 'me.heic')] } });
    expect(await screen.findByText(/This is an iPhone HEIC photo/)).toBeInTheDocument();
    expect(backend.uploadPicture).not.toHaveBeenCalled();
    expect(
      screen.getByText('Everything is published: visitors and learners get these words.'),
    ).toBeInTheDocument();

    const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
    fireEvent.change(photo, { target: { files: [new File([new Uint8Array(png)], 'me.png')] } });
    expect(await screen.findByText('Uploaded. Visitors see it once you publish.')).toBeInTheDocument();
    expect(backend.uploadPicture).toHaveBeenCalledWith(
      expect.objectContaining({ extension: 'png', contentType: 'image/png' }),
    );
    expect(screen.getByRole('img', { name: /Illustrated portrait of Jordan Ellis/ })).toHaveAttribute(
      'src',
      `/storage/v1/object/public/guides/${PHOTO}`,
    );
    expect(screen.queryByText(/This is an iPhone HEIC photo/)).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(backend.saveDraft).toHaveBeenCalledWith({ 'about.photo': PHOTO }));

    fireEvent.click(screen.getByRole('button', { name: 'Put back the shipped picture for “Your photo”' }));
    expect(screen.getByRole('img', { name: /Illustrated portrait of Jordan Ellis/ })).not.toHaveAttribute(
      'src',
      expect.stringContaining(PHOTO),
    );
  });

  it('uploads the teaser’s video under a name its bytes give, and its SubRip captions as WebVTT; refuses a page', async () => {
    const backend = fakeBackend();
    render(<SiteEditor backend={backend} />);
    const video = await screen.findByLabelText('Teaser video');
    const html = new TextEncoder().encode('<!doctype html><script>alert(1)</script>');
    fireEvent.change(video, { target: { files: [new File([html], 'teaser.mp4', { type: 'video/mp4' })] } });
    expect(await screen.findByText(/This file is not an MP4 or WebM video/)).toBeInTheDocument();
    expect(backend.uploadTeaserVideo).not.toHaveBeenCalled();

    const mp4 = new Uint8Array([0, 0, 0, 24, ...[...'ftypisom'].map((c) => c.charCodeAt(0)), 0, 0, 2, 0]);
    const picked = new File([mp4], 'Teaser final.mov', { lastModified: 36 ** 3 });
    fireEvent.change(video, { target: { files: [picked] } });
    await waitFor(() =>
      expect(backend.uploadTeaserVideo).toHaveBeenCalledWith(
        'video-g-1000.mp4',
        picked,
        expect.any(Function),
      ),
    );
    expect(await screen.findByText('Your video')).toBeInTheDocument();

    const srt = new TextEncoder().encode('1\r\n00:00:01,000 --> 00:00:03,000\r\nStart where you are.\r\n');
    fireEvent.change(screen.getByLabelText('Teaser captions'), {
      target: { files: [new File([srt], 'teaser.srt')] },
    });
    expect(await screen.findByText('Your captions')).toBeInTheDocument();
    const [captionsName, vtt] = backend.uploadTeaserCaptions.mock.calls[0] ?? [];
    expect(captionsName).toMatch(/^captions-[0-9a-z]+\.vtt$/);
    expect(vtt).toMatch(/^WEBVTT\n\n1\n00:00:01\.000 --> 00:00:03\.000\nStart where you are\./);

    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() =>
      expect(backend.saveDraft).toHaveBeenCalledWith({
        'teaser.video': 'video-g-1000.mp4',
        'teaser.captions': captionsName,
      }),
    );
  });
});
