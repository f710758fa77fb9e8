import { render, screen } from '@testing-library/react';
import { Activity } from 'react';
import { describe, expect, it } from 'vitest';
import { useCoveredByDialog } from './covered-by-dialog';

function OnThePage() {
  return <p>{useCoveredByDialog(false) ? 'covered' : 'in front'}</p>;
}

function InTheDialog() {
  useCoveredByDialog(true);
  return null;
}

function Page({ dialog }: { dialog: 'none' | 'hidden' | 'visible' }) {
  return (
    <>
      <OnThePage />
      {dialog !== 'none' && (
        <Activity mode={dialog}>
          <InTheDialog />
        </Activity>
      )}
    </>
  );
}

describe('useCoveredByDialog', () => {
  it('tells the page form it is covered only while a dialog questionnaire is shown', () => {
    const { rerender } = render(<Page dialog="none" />);
    expect(screen.getByText('in front')).toBeInTheDocument();
    rerender(<Page dialog="hidden" />);
    expect(screen.getByText('in front')).toBeInTheDocument();
    rerender(<Page dialog="visible" />);
    expect(screen.getByText('covered')).toBeInTheDocument();
    rerender(<Page dialog="hidden" />);
    expect(screen.getByText('in front')).toBeInTheDocument();
    rerender(<Page dialog="visible" />);
    rerender(<Page dialog="none" />);
    expect(screen.getByText('in front')).toBeInTheDocument();
  });
});
