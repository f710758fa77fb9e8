import { signupCopy } from '@/content/signup';
import type { QuestionnaireAction } from './questionnaire';

/** Step 3: the childhood dream, optional free text labelled by the step's heading. */
export function DreamStep({
  dream,
  labelledBy,
  dispatch,
}: {
  dream: string;
  labelledBy: string;
  dispatch: (action: QuestionnaireAction) => void;
}) {
  const hintId = `${labelledBy}-hint`;
  return (
    <div>
      <p id={hintId} className="mb-3 text-ink-soft">
        {signupCopy.dream.hint}
      </p>
      <textarea
        aria-labelledby={labelledBy}
        aria-describedby={hintId}
        value={dream}
        rows={3}
        onChange={(event) => dispatch({ type: 'setDream', dream: event.target.value })}
        className="block min-h-11 w-full rounded-xl border border-ink/50 bg-surface px-4 py-2.5 text-ink"
      />
    </div>
  );
}
