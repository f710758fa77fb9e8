import { signupCopy, worryOptions } from '@/content/signup';
import { MAX_WORRIES, type QuestionnaireAction } from './questionnaire';
import { ChoiceChip } from './choice-chip';

/** Step 2: up to 3 worries, or none (it says so); with 3 chosen the others are disabled. */
export function WorriesStep({
  worries,
  labelledBy,
  gridClassName,
  dispatch,
}: {
  worries: string[];
  labelledBy: string;
  gridClassName: string;
  dispatch: (action: QuestionnaireAction) => void;
}) {
  const counterId = `${labelledBy}-counter`;
  const optionalId = `${labelledBy}-optional`;
  const full = worries.length >= MAX_WORRIES;
  return (
    <fieldset aria-labelledby={labelledBy} aria-describedby={`${optionalId} ${counterId}`}>
      <p id={optionalId} className="text-sm font-medium text-ink-muted">
        {signupCopy.worries.optional}
      </p>
      <p id={counterId} aria-live="polite" className="mt-1 mb-4 text-ink-soft">
        {signupCopy.worries.counter(worries.length, MAX_WORRIES)}
      </p>
      <div className={gridClassName}>
        {worryOptions.map((worry) => {
          const checked = worries.includes(worry);
          return (
            <ChoiceChip
              key={worry}
              type="checkbox"
              label={worry}
              checked={checked}
              disabled={full && !checked}
              onChange={() => dispatch({ type: 'toggleWorry', worry })}
            />
          );
        })}
      </div>
    </fieldset>
  );
}
