import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { LaunchBackend, LaunchChecklist as Checklist, LaunchItem } from '../model/launch-backend';
import { LaunchChecklist } from './launch-checklist';

/** A new installation, as the embedded server starts it by default. */
const fresh: LaunchItem[] = [
  { key: 'founder', done: false },
  { key: 'guides', done: false, left: 6 },
  { key: 'lessons', done: false, left: 1 },
  { key: 'hero', done: false },
  { key: 'teaser', done: false },
  { key: 'email', done: false, transport: 'file' },
  { key: 'siteUrl', done: false, address: 'http://localhost:8080' },
  { key: 'privacy', done: false },
];

const withDone = (keys: string[]) => fresh.map((item) => ({ ...item, done: keys.includes(item.key) }));

function backendOf(first: Checklist): LaunchBackend & { setDismissed: ReturnType<typeof vi.fn> } {
  let current = first;
  return {
    load: () => Promise.resolve(current),
    setDismissed: vi.fn((dismissed: boolean) => {
      current = { ...current, dismissed };
      return Promise.resolve(current);
    }),
  };
}

const checklist = () => screen.findByRole('region', { name: 'Launch checklist' });

describe('the launch checklist', () => {
  it('lists every item with its state in words, what to do and where, and the progress', async () => {
    render(
      <LaunchChecklist backend={backendOf({ items: withDone(['hero', 'teaser']), dismissed: false })} />,
    );
    const card = await checklist();
    expect(within(card).getByText('2 of 8 done')).toBeInTheDocument();
    const items = within(card).getAllByRole('listitem');
    expect(
      items.map((item) => within(item).getByText(/\((Done|To do)\)$/).parentElement?.textContent),
    ).toEqual([
      'You, as the founder (To do)',
      'Real guides in the carousel (To do)',
      'Your own lessons (To do)',
      'Your own promise on the first screen (Done)',
      'Your own teaser (Done)',
      'E-mail that reaches people (To do)',
      'Links that lead to your site (To do)',
      'A contact on the privacy page (To do)',
    ]);

    const item = (index: number) => {
      const found = items[index];
      if (!found) throw new Error(`No item ${index}`);
      return within(found);
    };
    expect(item(0).getByText(/still introduces Jordan Ellis/)).toBeInTheDocument();
    expect(item(0).getByRole('link', { name: 'Change the founder in Site' })).toHaveAttribute(
      'href',
      '#site',
    );
    expect(item(1).getByText(/^6 invented guides still show/)).toBeInTheDocument();
    expect(item(1).getByRole('link', { name: 'Open Guides' })).toHaveAttribute('href', '#guides');
    expect(item(2).getByText(/^1 placeholder lesson is still published/)).toBeInTheDocument();
    expect(item(2).getByRole('link', { name: 'Open Lessons' })).toHaveAttribute('href', '#lessons');
    // A done item says so, and nothing more to do.
    expect(item(3).queryByRole('link')).toBeNull();
    expect(item(5).getByText(/written to files on the server/)).toBeInTheDocument();
    expect(item(5).getByText('docs/email.md')).toBeInTheDocument();
    expect(item(6).getByText(/lead to http:\/\/localhost:8080/)).toBeInTheDocument();
    expect(item(6).getByText(/^How, for whoever runs your server:/)).toHaveTextContent(
      'How, for whoever runs your server: docs/self-hosting.md or docs/deploy-supabase.md',
    );
  });

  it('says the settings are not known before the e-mail server has said', async () => {
    const unknown = fresh.map((item) =>
      item.key === 'email'
        ? { ...item, transport: null }
        : item.key === 'siteUrl'
          ? { ...item, address: null }
          : item,
    );
    render(<LaunchChecklist backend={backendOf({ items: unknown, dismissed: false })} />);
    expect(within(await checklist()).getAllByText(/^Not known yet/)).toHaveLength(2);
  });

  it('hides on "Hide the checklist" as one line with the progress, and comes back on "Show the checklist"', async () => {
    const backend = backendOf({ items: withDone(['founder']), dismissed: false });
    render(<LaunchChecklist backend={backend} />);
    fireEvent.click(within(await checklist()).getByRole('button', { name: 'Hide the checklist' }));
    expect(await screen.findByText('The launch checklist is hidden: 1 of 8 done.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Launch checklist' })).toBeNull();
    expect(backend.setDismissed).toHaveBeenLastCalledWith(true);

    fireEvent.click(screen.getByRole('button', { name: 'Show the checklist' }));
    expect(await checklist()).toBeInTheDocument();
    expect(backend.setDismissed).toHaveBeenLastCalledWith(false);
  });

  it('stays hidden when she hid it on another device', async () => {
    render(<LaunchChecklist backend={backendOf({ items: fresh, dismissed: true })} />);
    expect(await screen.findByText('The launch checklist is hidden: 0 of 8 done.')).toBeInTheDocument();
  });

  it('says so in one line once every item is done', async () => {
    const everything = withDone(fresh.map((item) => item.key));
    render(<LaunchChecklist backend={backendOf({ items: everything, dismissed: false })} />);
    expect(await screen.findByText('Launch checklist: all 8 done. The site is yours.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('says when it cannot be read or changed, and reads again on "Try again"', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi
      .fn<LaunchBackend['load']>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ items: fresh, dismissed: false });
    const setDismissed = vi.fn<LaunchBackend['setDismissed']>().mockRejectedValue(new Error('offline'));
    render(<LaunchChecklist backend={{ load, setDismissed }} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    const card = await checklist();
    fireEvent.click(within(card).getByRole('button', { name: 'Hide the checklist' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('That didn’t work.');
    expect(card).toBeInTheDocument();
  });
});
