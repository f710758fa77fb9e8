import { signupCopy } from '@/content/signup';
import type { Answers, QuestionnaireAction } from '../model/questionnaire';

const copy = signupCopy.contact;
const inputClass =
  'block min-h-11 w-full rounded-xl border border-ink/50 bg-surface px-4 py-2.5 text-ink placeholder:text-ink-muted';

/** Step 5: name and e-mail, both required; the browser checks the e-mail's shape (type="email"). */
export function ContactStep({
  answers,
  idPrefix,
  dispatch,
}: {
  answers: Answers;
  idPrefix: string;
  dispatch: (action: QuestionnaireAction) => void;
}) {
  return (
    <div className="space-y-4">
      <div>
        <label htmlFor={`${idPrefix}-name`} className="mb-1 block font-semibold text-ink">
          {copy.nameLabel}
        </label>
        <input
          id={`${idPrefix}-name`}
          type="text"
          autoComplete="name"
          required
          value={answers.name}
          onChange={(event) => dispatch({ type: 'setName', name: event.target.value })}
          className={inputClass}
        />
      </div>
      <div>
        <label htmlFor={`${idPrefix}-email`} className="mb-1 block font-semibold text-ink">
          {copy.emailLabel}
        </label>
        <input
          id={`${idPrefix}-email`}
          type="email"
          autoComplete="email"
          required
          value={answers.email}
          onChange={(event) => dispatch({ type: 'setEmail', email: event.target.value })}
          className={inputClass}
        />
      </div>
    </div>
  );
}
