import type { ReactNode } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { signupShellCopy } from '@/content/signup-shell';

interface SignupDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called when the dialog has closed, to put the focus where the visitor now is (the page decides). */
  onReturnFocus: () => void;
  children?: ReactNode;
}

/**
 * The sign-up modal; the compact questionnaire arrives as children. Its code is fetched after hydration,
 * when the browser is idle (src/app/routes/signup-dialog-host.tsx), so the first click does not wait for it.
 */
export function SignupDialog({ open, onOpenChange, onReturnFocus, children }: SignupDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        closeLabel={signupShellCopy.close}
        onOpenAutoFocus={(event) => {
          // The dialog itself takes the focus, not its first field: its title and description are read out,
          // and a phone's keyboard does not cover the sheet when it reopens on the contact step.
          event.preventDefault();
          if (event.currentTarget instanceof HTMLElement) event.currentTarget.focus();
        }}
        onCloseAutoFocus={(event) => {
          // Radix returns focus to a Dialog.Trigger; the openers here are ordinary buttons elsewhere on the page.
          event.preventDefault();
          onReturnFocus();
        }}
      >
        <DialogTitle className="pr-12 font-display text-2xl font-semibold tracking-tight sm:text-3xl">
          {signupShellCopy.dialogTitle}
        </DialogTitle>
        <DialogDescription className="mt-2 text-ink-soft">
          {signupShellCopy.dialogDescription}
        </DialogDescription>
        {children && <div className="mt-6 flex flex-1 flex-col sm:block">{children}</div>}
      </DialogContent>
    </Dialog>
  );
}
