import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { studioLearnersCopy } from '@/content/studio-learners';

const copy = studioLearnersCopy.dialog;

/**
 * Asks before erasing: the dialog names the address, and its button works only once the owner has typed that
 * address (any letter case), so no slip of a click erases anyone.
 */
export function EraseDialog({
  email,
  busy,
  onConfirm,
  onCancel,
  onCloseAutoFocus,
}: {
  email: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Where the focus goes once the dialog is gone; by default back to the button that opened it. */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const matches = typed.trim().toLowerCase() === email.toLowerCase();
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !busy) onCancel();
      }}
    >
      <DialogContent closeLabel={copy.close} className="sm:max-w-lg" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogTitle className="pr-12 font-display text-2xl font-bold text-ink">
          {copy.title(email)}
        </DialogTitle>
        <DialogDescription className="mt-3 text-ink-soft">{copy.description}</DialogDescription>
        <form
          className="mt-6 pb-6 sm:pb-0"
          onSubmit={(event) => {
            event.preventDefault();
            if (matches && !busy) onConfirm();
          }}
        >
          <TextField
            id={inputId}
            label={copy.confirmLabel}
            type="text"
            autoComplete="off"
            spellCheck={false}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
          <div className="mt-5 flex flex-wrap gap-3">
            <Button type="submit" variant="dark" disabled={!matches || busy}>
              {busy ? copy.erasing : copy.confirm}
            </Button>
            <Button variant="outline" onClick={onCancel} disabled={busy}>
              {copy.cancel}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
