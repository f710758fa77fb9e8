import * as DialogPrimitive from '@radix-ui/react-dialog';
import type * as React from 'react';
import { useCountAsShownDialog } from '@/lib/dialog-shown';
import { dialogOverlayClass } from './dialog-overlay';
import { CloseIcon } from './icons';

export const Dialog = DialogPrimitive.Root;
export const DialogTitle = DialogPrimitive.Title;
export const DialogDescription = DialogPrimitive.Description;

/**
 * Radix Dialog content with its overlay and a labelled close button: focus trap, Escape, focus return. On
 * phones it is a full-height sheet whose close button stays put while the content scrolls; from 640 px up, a
 * centred card. While it is shown, the page knows it is covered (src/lib/dialog-shown.ts).
 */
export function DialogContent({
  className = '',
  children,
  closeLabel,
  container,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Content> & {
  closeLabel: string;
  /** Where to portal the dialog. Given, it renders in the first pass; Radix otherwise waits for a layout effect. */
  container?: React.ComponentProps<typeof DialogPrimitive.Portal>['container'];
}) {
  useCountAsShownDialog();
  return (
    <DialogPrimitive.Portal container={container}>
      <DialogPrimitive.Overlay data-slot="dialog-overlay" className={dialogOverlayClass} />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        className={`fixed inset-0 z-50 flex h-dvh w-full flex-col overflow-y-auto overscroll-contain bg-surface px-5 pt-5 shadow-2xl sm:block sm:inset-auto sm:top-1/2 sm:left-1/2 sm:h-auto sm:max-h-[calc(100dvh-2rem)] sm:w-[calc(100vw-2rem)] sm:max-w-2xl sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-card sm:p-8 forced-colors:border ${className}`}
        {...props}
      >
        {children}
        <DialogPrimitive.Close
          data-slot="dialog-close"
          className="fixed top-3 right-3 z-20 inline-flex size-11 items-center justify-center rounded-full bg-surface text-ink-muted transition-colors hover:bg-paper hover:text-ink sm:absolute sm:top-4 sm:right-4 forced-colors:border forced-colors:border-[ButtonText]"
        >
          <CloseIcon className="size-5" />
          <span className="sr-only">{closeLabel}</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
