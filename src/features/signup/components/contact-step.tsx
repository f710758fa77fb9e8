import { type RefObject, useEffect, useRef } from 'react';
import { PRIVACY_PATH } from '@/content/privacy';
import { signupCopy } from '@/content/signup';
import { type Answers, type QuestionnaireAction, emailDomainLooksComplete } from '../model/questionnaire';

const copy = signupCopy.contact;
const inputClass =
  'block min-h-11 w-full rounded-xl border border-ink/50 bg-surface px-4 py-2.5 text-ink placeholder:text-ink-muted';

/**
 * Step 5: name and e-mail, both required. The browser checks the e-mail's shape (type="email") and, beyond
 * that, that its domain has a dot, so `alex@bad` is caught before it reaches the server.
 */
export function ContactStep({
  answers,
  idPrefix,
  emailRef,
  dispatch,
}: {
  answers: Answers;
  idPrefix: string;
  emailRef: RefObject<HTMLInputElement | null>;
  dispatch: (action: QuestionnaireAction) => void;
}) {
  const trustId = `${idPrefix}-email-trust`;
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
      <div>
        <RequiredField
          id={`${idPrefix}-email`}
          label={copy.emailLabel}
          type="email"
          autoComplete="email"
          value={answers.email}
          inputRef={emailRef}
          describedBy={trustId}
          customError={emailDomainLooksComplete(answers.email) ? '' : copy.emailIncomplete}
          onChange={(email) => dispatch({ type: 'setEmail', email })}
        />
        <p id={trustId} className="mt-2 text-sm text-ink-muted">
          {copy.trust}{' '}
          <a
            href={PRIVACY_PATH}
            className="font-medium text-ink-soft underline underline-offset-4 hover:text-ink"
          >
            {copy.privacyLink}
          </a>
        </p>
      </div>
    </div>
  );
}

function RequiredField({
  id,
  label,
  onChange,
  inputRef,
  describedBy,
  customError = '',
  ...input
}: {
  id: string;
  label: string;
  type: 'text' | 'email';
  autoComplete: string;
  value: string;
  inputRef?: RefObject<HTMLInputElement | null>;
  describedBy?: string;
  /** A message the browser shows and refuses the submit with, on top of its own checks; '' for none. */
  customError?: string;
  onChange: (value: string) => void;
}) {
  const ownRef = useRef<HTMLInputElement>(null);
  const element = inputRef ?? ownRef;
  useEffect(() => {
    element.current?.setCustomValidity(customError);
  }, [element, customError]);
  return (
    <div>
      <label htmlFor={id} className="mb-1 block font-semibold text-ink">
        {label}
      </label>
      <input
        id={id}
        required
        aria-describedby={describedBy}
        {...input}
        ref={element}
        onChange={(event) => onChange(event.target.value)}
        className={inputClass}
      />
    </div>
  );
}
