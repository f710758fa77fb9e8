import { render, screen } from '@testing-library/react';
import { Activity } from 'react';
import { describe, expect, it } from 'vitest';
import { useCountAsShownDialog, useDialogShown } from './dialog-shown';

function OnThePage() {
  return <p>{useDialogShown() ? 'covered' : 'in front'}</p>;
}

function ADialog() {
  useCountAsShownDialog();
  return null;
}

function Page({ dialogs }: { dialogs: ('hidden' | 'visible')[] }) {
  return (
    <>
      <OnThePage />
      {dialogs.map((mode, index) => (
        <Activity key={index} mode={mode}>
          <ADialog />
        </Activity>
      ))}
    </>
  );
}

describe('useDialogShown', () => {
  it('tells the page it is covered only while a dialog is shown', () => {
    const { rerender } = render(<Page dialogs={[]} />);
    expect(screen.getByText('in front')).toBeInTheDocument();
    rerender(<Page dialogs={['hidden']} />);
    expect(screen.getByText('in front')).toBeInTheDocument();
    rerender(<Page dialogs={['visible']} />);
    expect(screen.getByText('covered')).toBeInTheDocument();
    rerender(<Page dialogs={['hidden']} />);
    expect(screen.getByText('in front')).toBeInTheDocument();
    rerender(<Page dialogs={['visible']} />);
    rerender(<Page dialogs={[]} />);
    expect(screen.getByText('in front')).toBeInTheDocument();
  });

  it('stays covered until the last of two shown dialogs is hidden', () => {
    const { rerender } = render(<Page dialogs={['visible', 'visible']} />);
    rerender(<Page dialogs={['visible', 'hidden']} />);
    expect(screen.getByText('covered')).toBeInTheDocument();
    rerender(<Page dialogs={['hidden', 'hidden']} />);
    expect(screen.getByText('in front')).toBeInTheDocument();
  });
});
