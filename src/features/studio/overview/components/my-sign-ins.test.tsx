import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MySignIns } from './my-sign-ins';

describe('the owner’s last sign-ins', () => {
  it('lists each sign-in, newest first, with when (UTC) and how', async () => {
    const load = () =>
      Promise.resolve([
        { at: new Date('2026-11-28T14:02:00Z'), method: 'code' as const },
        { at: new Date('2026-11-27T09:15:00Z'), method: 'link' as const },
        { at: new Date('2026-11-20T08:00:00Z'), method: null },
      ]);
    render(<MySignIns load={load} />);
    const card = screen.getByRole('region', { name: 'Your last sign-ins' });
    const items = await within(card).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Nov 28, 2026, 2:02 PM UTC, with a code',
      'Nov 27, 2026, 9:15 AM UTC, with the e-mail’s link',
      'Nov 20, 2026, 8:00 AM UTC',
    ]);
    expect(within(card).getByText(/If one was not you/)).toBeInTheDocument();
  });

  it('says when none is recorded yet', async () => {
    render(<MySignIns load={() => Promise.resolve([])} />);
    expect(await screen.findByText('No sign-ins recorded yet.')).toBeInTheDocument();
  });

  it('offers to try again when they cannot be read', async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue([{ at: new Date('2026-11-28T14:02:00Z'), method: 'link' }]);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<MySignIns load={load} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Nov 28, 2026, 2:02 PM UTC, with the e-mail’s link')).toBeInTheDocument();
  });
});
