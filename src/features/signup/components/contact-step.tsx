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
      <RequiredField
        id={`${idPrefix}-name`}
        label={copy.nameLabel}
        type="text"
        autoComplete="name"
        value={answers.name}
        onChange={(name) => dispatch({ type: 'setName', name })}
      />
      <RequiredField
        id={`${idPrefix}-email`}
        label={copy.emailLabel}
        type="email"
        autoComplete="email"
        value={answers.email}
        onChange={(email) => dispatch({ type: 'setEmail', email })}
      />
    </div>
  );
}

function RequiredField({
  id,
  label,
  onChange,
  ...input
}: {
  id: string;
  label: string;
  type: 'text' | 'email';
  autoComplete: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block font-semibold text-ink">
        {label}
      </label>
      <input
        id={id}
        required
        {...input}
        onChange={(event) => onChange(event.target.value)}
        className={inputClass}
      />
    </div>
  );
}
