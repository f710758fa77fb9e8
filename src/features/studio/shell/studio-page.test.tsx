import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StudioAccess } from './studio-access';
import { StudioPage } from './studio-page';

// Two sections of the test's own, so the frame is tested apart from what each section loads.
vi.mock('./studio-panels', () => ({
  studioPanels: [
    { id: 'first', label: 'First section', Panel: () => <p>The first section’s content</p> },
    { id: 'second', label: 'Second section', Panel: () => <p>The second section’s content</p> },
  ],
}));

function fakeAccess(overrides: Partial<StudioAccess> = {}): StudioAccess {
  return {
    whoIsHere: vi.fn<StudioAccess['whoIsHere']>(async () => ({ status: 'signed-out' })),
    verifySignInLink: vi.fn<StudioAccess['verifySignInLink']>(async () => 'signed-in'),
    verifySignInCode: vi.fn<StudioAccess['verifySignInCode']>(async () => 'signed-in'),
    requestNewLink: vi.fn<StudioAccess['requestNewLink']>(async () => 'sent'),
    signOut: vi.fn<StudioAccess['signOut']>(async () => 'signed-out'),
    ...overrides,
  };
}

const owner = { status: 'signed-in', email: 'coach@example.com', owner: true } as const;

afterEach(() => window.history.replaceState(null, '', '/'));

describe('StudioPage', () => {
  it('asks a visitor to sign in with the e-mailed code, then shows the owner their sections', async () => {
    const whoIsHere = vi
      .fn<StudioAccess['whoIsHere']>()
      .mockResolvedValueOnce({ status: 'signed-out' })
      .mockResolvedValueOnce(owner);
    const access = fakeAccess({ whoIsHere });
    render(<StudioPage access={access} />);

    const signIn = await screen.findByRole('region', { name: 'Sign in to the studio' });
    fireEvent.change(within(signIn).getByLabelText('Your email'), { target: { value: 'coach@example.com' } });
    fireEvent.click(within(signIn).getByRole('button', { name: 'Send me a code' }));
    fireEvent.change(await within(signIn).findByLabelText('6-digit code'), { target: { value: '123456' } });
    fireEvent.click(within(signIn).getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('navigation', { name: 'Studio sections' })).toBeVisible();
    expect(access.requestNewLink).toHaveBeenCalledWith('coach@example.com');
    expect(access.verifySignInCode).toHaveBeenCalledWith('coach@example.com', '123456');
    expect(screen.getByText('Signed in as coach@example.com')).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'First section' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'First section' })).toHaveAttribute('aria-current', 'page');
  });

  it('opens the section the address names and follows the address as it changes', async () => {
    window.history.replaceState(null, '', '/studio#second');
    render(<StudioPage access={fakeAccess({ whoIsHere: async () => owner })} />);
    expect(await screen.findByText('The second section’s content')).toBeVisible();
    window.location.hash = 'first';
    fireEvent(window, new HashChangeEvent('hashchange'));
    expect(await screen.findByText('The first section’s content')).toBeVisible();
    expect(screen.queryByText('The second section’s content')).toBeNull();
  });

  it('tells a signed-in learner whom the studio is for, and shows none of it', async () => {
    render(
      <StudioPage
        access={fakeAccess({
          whoIsHere: async () => ({ status: 'signed-in', email: 'ada@example.com', owner: false }),
        })}
      />,
    );
    expect(await screen.findByRole('heading', { name: "This is for the course's owner" })).toBeVisible();
    expect(
      screen.getByText(/You're signed in as ada@example.com, which is not an owner's address/),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to the course' })).toHaveAttribute('href', '/course');
    expect(screen.queryByRole('navigation', { name: 'Studio sections' })).toBeNull();
  });

  it('says when the back end cannot be reached and tries again on request', async () => {
    const whoIsHere = vi
      .fn<StudioAccess['whoIsHere']>()
      .mockResolvedValueOnce({ status: 'unreachable' })
      .mockResolvedValueOnce(owner);
    render(<StudioPage access={fakeAccess({ whoIsHere })} />);
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't reach the studio.");
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('navigation', { name: 'Studio sections' })).toBeVisible();
  });

  it('signs out back to the sign-in form', async () => {
    const access = fakeAccess({ whoIsHere: async () => owner });
    render(<StudioPage access={access} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('region', { name: 'Sign in to the studio' })).toBeVisible();
    expect(access.signOut).toHaveBeenCalled();
  });

  describe("the link of an owner's sign-in e-mail", () => {
    const LINK = '/studio?token_hash=a1b2c3&type=magiclink#second';

    it('waits for her tap, then signs her in to her sections and leaves the address bar', async () => {
      window.history.replaceState(null, '', LINK);
      const whoIsHere = vi
        .fn<StudioAccess['whoIsHere']>()
        .mockResolvedValueOnce({ status: 'signed-out' })
        .mockResolvedValueOnce(owner);
      const access = fakeAccess({ whoIsHere });
      render(<StudioPage access={access} />);

      const ready = await screen.findByRole('region', { name: 'Welcome back. One tap and you are in' });
      expect(access.verifySignInLink).not.toHaveBeenCalled();
      fireEvent.click(within(ready).getByRole('button', { name: 'Continue to your studio' }));

      expect(await screen.findByText('The second section’s content')).toBeVisible();
      expect(access.verifySignInLink).toHaveBeenCalledWith('a1b2c3');
      expect(window.location.pathname + window.location.search + window.location.hash).toBe('/studio#second');
    });

    it('says a used or expired link was refused, above the sign-in form', async () => {
      window.history.replaceState(null, '', LINK);
      const access = fakeAccess({ verifySignInLink: vi.fn(async () => 'refused' as const) });
      render(<StudioPage access={access} />);
      fireEvent.click(await screen.findByRole('button', { name: 'Continue to your studio' }));

      const signIn = await screen.findByRole('region', { name: 'Sign in to the studio' });
      expect(within(signIn).getByRole('alert')).toHaveTextContent(
        'That link has expired or was already used',
      );
      expect(window.location.search).toBe('');
    });

    it('takes a broken link out of the address bar at once, spends nothing and says so', async () => {
      window.history.replaceState(null, '', '/studio?token_hash=a1b2c3&type=signup');
      const access = fakeAccess();
      render(<StudioPage access={access} />);
      const signIn = await screen.findByRole('region', { name: 'Sign in to the studio' });
      expect(within(signIn).getByRole('alert')).toHaveTextContent(
        'That link has expired or was already used',
      );
      expect(window.location.search).toBe('');
      expect(access.verifySignInLink).not.toHaveBeenCalled();
    });

    it('offers to try the same link again when it could not be checked', async () => {
      window.history.replaceState(null, '', LINK);
      const verifySignInLink = vi
        .fn<StudioAccess['verifySignInLink']>()
        .mockResolvedValueOnce('unreachable')
        .mockResolvedValueOnce('signed-in');
      const whoIsHere = vi
        .fn<StudioAccess['whoIsHere']>()
        .mockResolvedValueOnce({ status: 'signed-out' })
        .mockResolvedValueOnce(owner);
      render(<StudioPage access={fakeAccess({ verifySignInLink, whoIsHere })} />);
      fireEvent.click(await screen.findByRole('button', { name: 'Continue to your studio' }));

      expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't check your sign-in link.");
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('navigation', { name: 'Studio sections' })).toBeVisible();
      expect(verifySignInLink).toHaveBeenCalledTimes(2);
    });

    it('is left unspent, and out of the address bar, in a browser signed in already', async () => {
      window.history.replaceState(null, '', LINK);
      const access = fakeAccess({ whoIsHere: async () => owner });
      render(<StudioPage access={access} />);
      expect(await screen.findByRole('navigation', { name: 'Studio sections' })).toBeVisible();
      await vi.waitFor(() => expect(window.location.search).toBe(''));
      expect(access.verifySignInLink).not.toHaveBeenCalled();
    });
  });
});
