import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UnsubscribePage } from './unsubscribe-page';

afterEach(() => window.history.replaceState(null, '', '/'));

const button = () => screen.getByRole('button', { name: 'Unsubscribe' });

describe('UnsubscribePage', () => {
  it('sends nothing until the tap, then sends the link’s token and says it is done', async () => {
    window.history.replaceState(null, '', '/unsubscribe?token=abc.def.ghi');
    const send = vi.fn(() => Promise.resolve());
    render(<UnsubscribePage send={send} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Stop reminder e-mails?' })).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
    fireEvent.click(button());
    expect(send).toHaveBeenCalledWith('abc.def.ghi');
    const done = await screen.findByRole('heading', { level: 1, name: "You're unsubscribed" });
    await waitFor(() => expect(done).toHaveFocus());
    expect(
      screen.getByText(
        'If this link came from one of our reminder e-mails, that address gets no more reminders.',
      ),
    ).toBeInTheDocument();
  });

  it('names the announcements when an announcement’s link opened it', async () => {
    window.history.replaceState(null, '', '/unsubscribe?token=abc.def.ghi&list=announcements');
    const send = vi.fn(() => Promise.resolve());
    render(<UnsubscribePage send={send} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Stop announcement e-mails?' })).toBeInTheDocument();
    fireEvent.click(button());
    expect(send).toHaveBeenCalledWith('abc.def.ghi');
    expect(
      await screen.findByText(
        'If this link came from one of our announcement e-mails, that address gets no more announcements.',
      ),
    ).toBeInTheDocument();
  });

  it('says what to do when the link lost its token, and offers no button', () => {
    window.history.replaceState(null, '', '/unsubscribe');
    render(<UnsubscribePage send={vi.fn()} />);
    expect(screen.getByRole('alert')).toHaveTextContent('This link has lost part of its address.');
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
  });

  it('keeps the button and says so when the answer does not come', async () => {
    window.history.replaceState(null, '', '/unsubscribe?token=abc');
    render(<UnsubscribePage send={() => Promise.reject(new Error('offline'))} />);
    fireEvent.click(button());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't unsubscribe you. Please check your connection and try again.",
    );
    expect(button()).toBeEnabled();
  });
});
