/**
 * The dim behind a dialog. Its own module, so that the page can dim itself before the dialog's code (Radix) has
 * loaded or is shown, in the same colour the dialog's overlay then takes over.
 */
export const dialogOverlayClass = 'fixed inset-0 z-40 bg-ink/70';
