import { ageGroups, signupCopy, strengthOptions } from '@/content/signup';
import { MIN_STRENGTHS, type Answers, type QuestionnaireAction } from './questionnaire';
import { ChoiceChip } from './choice-chip';

const copy = signupCopy.aboutYou;

/**
 * Step 4: the age group, then the strengths of that group (school subjects for under-25s). Changing the
 * group clears the strengths. With the list on screen and none picked a red hint shows; a refused Next shows
 * its error in the hint's place, so the two never stack.
 */
export function AboutYouStep({
  answers,
  showError,
  idPrefix,
  gridClassName,
  dispatch,
}: {
  answers: Answers;
  showError: boolean;
  idPrefix: string;
  gridClassName: string;
  dispatch: (action: QuestionnaireAction) => void;
}) {
  const { ageGroup, strengths } = answers;
  const hintId = `${idPrefix}-strengths-hint`;
  const errorId = `${idPrefix}-strengths-error`;
  const showHint = ageGroup !== null && strengths.length < MIN_STRENGTHS && !showError;
  const describedBy = showError ? errorId : showHint ? hintId : undefined;

  return (
    <div className="space-y-6">
      <fieldset>
        <legend className="mb-3 font-semibold text-ink">{copy.ageLegend}</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {ageGroups.map((group) => (
            <ChoiceChip
              key={group.id}
              type="radio"
              name={`${idPrefix}-age-group`}
              value={group.id}
              label={group.label}
              checked={ageGroup === group.id}
              onChange={() => dispatch({ type: 'chooseAgeGroup', ageGroup: group.id })}
            />
          ))}
        </div>
      </fieldset>

      <fieldset aria-describedby={describedBy}>
        <legend className="mb-3 font-semibold text-ink">
          {ageGroup === 'under25' ? copy.subjectsLegend : copy.skillsLegend}
        </legend>
        {ageGroup ? (
          <div className={gridClassName}>
            {strengthOptions[ageGroup].map((strength) => (
              <ChoiceChip
                key={strength}
                type="checkbox"
                label={strength}
                checked={strengths.includes(strength)}
                onChange={() => dispatch({ type: 'toggleStrength', strength })}
              />
            ))}
          </div>
        ) : (
          <p className="text-ink-soft">{copy.chooseAgeFirst}</p>
        )}
        {showHint && (
          <p id={hintId} className="mt-3 text-sm font-medium text-red-700">
            {copy.pickAtLeastOne}
          </p>
        )}
        {showError && (
          <p id={errorId} role="alert" className="mt-3 text-sm font-semibold text-red-700">
            {ageGroup === null && `${copy.ageGroupFirst} `}
            {copy.pickToContinue}
          </p>
        )}
      </fieldset>
    </div>
  );
}
