import type * as React from 'react';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { signupShellCopy } from '@/content/signup-shell';

interface SignupDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened the dialog: focus goes back there on close, without scrolling the page. */
  opener: HTMLElement | null;
  children?: React.ReactNode;
}

/**
 * The sign-up modal; the compact questionnaire arrives as children. Loaded on first open (home.tsx imports
 * it lazily), so Radix Dialog costs nothing on the first load.
 */
export function SignupDialog({ open, onOpenChange, opener, children }: SignupDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        closeLabel={signupShellCopy.close}
        onCloseAutoFocus={(event) => {
          // Radix returns focus to a Dialog.Trigger; the openers here are ordinary buttons elsewhere on the page.
          event.preventDefault();
          opener?.focus({ preventScroll: true });
        }}
      >
        <DialogTitle className="pr-10 font-display text-2xl font-semibold tracking-tight sm:text-3xl">
          {signupShellCopy.dialogTitle}
        </DialogTitle>
        <DialogDescription className="mt-2 text-ink-soft">
          {signupShellCopy.dialogDescription}
        </DialogDescription>
        {children && <div className="mt-6">{children}</div>}
      </DialogContent>
    </Dialog>
  );
}
