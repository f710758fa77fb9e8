import {
  type Ref,
  type RefObject,
  useCallback,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';
import { Questionnaire } from '@/features/signup/components/questionnaire';

const loadSignupDialog = () => import('@/sections/signup-dialog');
type SignupDialogComponent = Awaited<ReturnType<typeof loadSignupDialog>>['SignupDialog'];

/** What the page asks of the dialog; the host keeps its own state, so opening it re-renders nothing else. */
export interface SignupDialogHandle {
  /** Opens the dialog; `opener` gets the focus back on close if it is still on screen. */
  open(opener: HTMLElement): void;
  /** Fetches the dialog's code now: a trigger was pressed or focused, so a click may follow. */
  prepare(): void;
  /** Closes the dialog without giving the focus back: the visitor has been sent elsewhere. */
  leave(): void;
}

function isOnScreen(element: HTMLElement): boolean {
  const { top, bottom } = element.getBoundingClientRect();
  return element.isConnected && bottom > 0 && top < window.innerHeight;
}

/** Runs `task` once the browser has nothing else to do (Safari has no requestIdleCallback: a timer stands in). */
function whenIdle(task: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(task, { timeout: 5000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(task, 200);
  return () => clearTimeout(id);
}

/**
 * The sign-up dialog of the landing page, holding the compact questionnaire. Its code (Radix Dialog) is fetched
 * once the page has hydrated and the browser is idle, or earlier when a trigger is pressed or focused, so the
 * first click does not wait for the network. On close the focus goes back to the opener if it is still on
 * screen; when the hero's scroll has carried the page away from it, to the inline form's current step, where
 * the visitor is.
 */
export function SignupDialogHost({
  ref,
  inlineStepHeading,
  onWatchTeaser,
}: {
  ref: Ref<SignupDialogHandle>;
  inlineStepHeading: RefObject<HTMLHeadingElement | null>;
  onWatchTeaser: () => void;
}) {
  const [SignupDialog, setSignupDialog] = useState<SignupDialogComponent | null>(null);
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLElement | null>(null);

  const prepare = useCallback(() => {
    loadSignupDialog()
      .then((module) => setSignupDialog(() => module.SignupDialog))
      .catch((error: unknown) => console.error('Sign-up dialog: its code did not load.', error));
  }, []);

  useEffect(() => whenIdle(prepare), [prepare]);

  useImperativeHandle(
    ref,
    () => ({
      open(button) {
        opener.current = button;
        prepare();
        setOpen(true);
      },
      prepare,
      leave() {
        opener.current = null;
        setOpen(false);
      },
    }),
    [prepare],
  );

  const returnFocus = useCallback(() => {
    const button = opener.current;
    if (!button) return;
    if (isOnScreen(button)) button.focus({ preventScroll: true });
    else inlineStepHeading.current?.focus({ preventScroll: true });
  }, [inlineStepHeading]);

  if (!SignupDialog) return null;
  return (
    <SignupDialog open={open} onOpenChange={setOpen} onReturnFocus={returnFocus}>
      <Questionnaire variant="compact" onWatchTeaser={onWatchTeaser} />
    </SignupDialog>
  );
}
