import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useCountAsShownDialog, useDialogShown } from './dialog-shown';

function OnThePage() {
  return <p>{useDialogShown() ? 'covered' : 'in front'}</p>;
}

function ADialog() {
  useCountAsShownDialog();
  return null;
}

/** The page with its dialogs, each shown (mounted) or closed (not). */
function Page({ dialogs }: { dialogs: boolean[] }) {
  return (
    <>
      <OnThePage />
      {dialogs.map((shown, index) => shown && <ADialog key={index} />)}
    </>
  );
}

describe('useDialogShown', () => {
  it('tells the page it is covered only while a dialog is shown', () => {
    const { rerender } = render(<Page dialogs={[]} />);
    expect(screen.getByText('in front')).toBeInTheDocument();
    rerender(<Page dialogs={[false]} />);
    expect(screen.getByText('in front')).toBeInTheDocument();
    rerender(<Page dialogs={[true]} />);
    expect(screen.getByText('covered')).toBeInTheDocument();
    rerender(<Page dialogs={[false]} />);
    expect(screen.getByText('in front')).toBeInTheDocument();
    rerender(<Page dialogs={[true]} />);
    rerender(<Page dialogs={[]} />);
    expect(screen.getByText('in front')).toBeInTheDocument();
  });

  it('stays covered until the last of two shown dialogs is closed', () => {
    const { rerender } = render(<Page dialogs={[true, true]} />);
    rerender(<Page dialogs={[true, false]} />);
    expect(screen.getByText('covered')).toBeInTheDocument();
    rerender(<Page dialogs={[false, false]} />);
    expect(screen.getByText('in front')).toBeInTheDocument();
  });
});
