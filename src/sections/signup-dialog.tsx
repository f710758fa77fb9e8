import { Activity, type ReactNode, memo } from 'react';
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
 * when the browser is idle (src/app/routes/signup-dialog-host.tsx), and it is rendered then too, hidden in an
 * Activity: opening it shows what is already there, so the first open costs no more than a later one. While
 * hidden, none of its effects run (no focus trap, no scroll lock, no aria-hidden on the page), and closing it
 * hides it again with its state kept.
 */
export function SignupDialog({ open, ...dialog }: SignupDialogProps) {
  return (
    <Activity mode={open ? 'visible' : 'hidden'}>
      <ShownDialog {...dialog} />
    </Activity>
  );
}

/** The dialog as Radix sees it: always open; the Activity around it decides whether it is on screen. */
const ShownDialog = memo(function ShownDialog({
  onOpenChange,
  onReturnFocus,
  children,
}: Omit<SignupDialogProps, 'open'>) {
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent
        // Rendered while hidden too: Radix's own portal waits for a layout effect, which a hidden Activity skips.
        container={document.body}
        closeLabel={signupShellCopy.close}
        onOpenAutoFocus={(event) => {
          // Radix would look for the first tabbable element in the click's own frame, which forces a style
          // pass before the dialog is painted: the dialog itself takes the focus in the frame after.
          event.preventDefault();
          const dialog = event.currentTarget;
          if (dialog instanceof HTMLElement) requestAnimationFrame(() => dialog.focus());
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
});
