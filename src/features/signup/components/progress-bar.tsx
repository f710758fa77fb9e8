import { signupCopy } from '@/content/signup';
import { type Step, TOTAL_STEPS, progressPercent } from '@/shared/questionnaire/questionnaire';

/** Progress as step/5 in percent, read "Step n of 5". */
export function ProgressBar({ step }: { step: Step }) {
  const percent = progressPercent(step);
  const stepOf = signupCopy.stepOf(step, TOTAL_STEPS);
  return (
    <div className="flex items-center gap-3">
      <div
        role="progressbar"
        aria-label={signupCopy.progressLabel}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={stepOf}
        className="h-2 flex-1 overflow-hidden rounded-full bg-line forced-colors:border forced-colors:border-[CanvasText]"
      >
        <div
          className="h-full rounded-full bg-link transition-transform forced-colors:bg-[Highlight] forced-colors:forced-color-adjust-none"
          // Moved, not resized: a transform animates without laying the page out again in every frame.
          style={{ transform: `translateX(${percent - 100}%)` }}
        />
      </div>
      <p className="shrink-0 text-sm font-medium text-ink-muted">{stepOf}</p>
    </div>
  );
}
