import {
  type Ref,
  type RefObject,
  useCallback,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
} from 'react';
import { flushSync } from 'react-dom';
import { dialogOverlayClass } from '@/components/ui/dialog-overlay';
import { Questionnaire } from '@/features/signup/components/questionnaire';
import { afterNextPaint } from '@/lib/after-next-paint';

const loadSignupDialog = () => import('@/sections/signup-dialog');
type SignupDialogComponent = Awaited<ReturnType<typeof loadSignupDialog>>['SignupDialog'];

/** What the page asks of the dialog; the host keeps its own state, so opening it re-renders nothing else. */
export interface SignupDialogHandle {
  /**
   * Opens the dialog; `opener` gets the focus back on close if it is still on screen. Resolves once the dialog's
   * first frame is painted, so that work behind it waits its turn.
   */
  open(opener: HTMLElement): Promise<void>;
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
 * once the page has hydrated and the browser is idle, or earlier when a trigger is pressed or focused, and is
 * rendered hidden as soon as it arrives, so the first click only shows it. On close the focus goes back to the
 * opener if it is still on screen; when the hero's scroll has carried the page away from it, to the inline
 * form's current step, where the visitor is.
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
  /** Between the click and the dialog's frame: the page is dimmed at once, so the click shows in its own frame. */
  const [opening, setOpening] = useState(false);
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
        // The click's own frame only dims the page; the dialog is rendered at once after that frame is painted,
        // and shown in the next one.
        setOpening(true);
        return new Promise((shown) =>
          afterNextPaint(() => {
            flushSync(() => {
              setOpen(true);
              setOpening(false);
            });
            afterNextPaint(shown);
          }),
        );
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

  // The same element on every render: opening the dialog then re-renders none of what it holds.
  const questionnaire = useMemo(
    () => <Questionnaire variant="compact" onWatchTeaser={onWatchTeaser} />,
    [onWatchTeaser],
  );

  if (!SignupDialog) return null;
  return (
    <>
      {/* The dialog's own overlay takes its place in the next frame. */}
      {opening && <div aria-hidden="true" className={dialogOverlayClass} />}
      <SignupDialog open={open} onOpenChange={setOpen} onReturnFocus={returnFocus}>
        {questionnaire}
      </SignupDialog>
    </>
  );
}
