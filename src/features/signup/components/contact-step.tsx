import { type FocusEvent, type ReactNode, type RefObject, useEffect, useState } from 'react';
import { PRIVACY_PATH } from '@/content/privacy';
import { signupCopy } from '@/content/signup';
import { loadEmailSpellChecker, suggestEmail } from '../model/email-suggestion';
import {
  type Answers,
  type ContactErrors,
  type QuestionnaireAction,
} from '@/shared/questionnaire/questionnaire';

const copy = signupCopy.contact;
const inputClass =
  'block min-h-11 w-full rounded-xl border border-ink/50 bg-surface px-4 py-2.5 text-ink placeholder:text-ink-muted aria-invalid:border-red-700';
const errorClass = 'mt-1.5 text-sm font-medium text-red-700';

const errorMessages = {
  name: { missing: copy.nameMissing },
  email: { missing: copy.emailMissing, malformed: copy.emailMalformed, incomplete: copy.emailIncomplete },
} as const;

/**
 * Step 5: name and e-mail, both required. The form has `noValidate`: the questionnaire makes the checks and
 * each error stays under its field until the value is fixed. Under the e-mail, a likely typo of a well-known
 * domain gets a one-tap correction; it is only a suggestion, the typed address can still be sent.
 */
export function ContactStep({
  answers,
  errors,
  checkEmail,
  idPrefix,
  nameRef,
  emailRef,
  dispatch,
}: {
  answers: Answers;
  /** The errors to show now (see `shownContactErrors`). */
  errors: ContactErrors;
  /** Whether the e-mail has been checked yet (left with a value, or submitted): the suggestion waits for it. */
  checkEmail: boolean;
  idPrefix: string;
  nameRef: RefObject<HTMLInputElement | null>;
  emailRef: RefObject<HTMLInputElement | null>;
  dispatch: (action: QuestionnaireAction) => void;
}) {
  const trustId = `${idPrefix}-email-trust`;
  const suggestionId = `${idPrefix}-email-suggestion`;
  const suggestion = useEmailSuggestion(answers.email);
  const shownSuggestion = checkEmail ? suggestion : null;
  return (
    <div className="space-y-4">
      <RequiredField
        id={`${idPrefix}-name`}
        label={copy.nameLabel}
        type="text"
        autoComplete="name"
        value={answers.name}
        inputRef={nameRef}
        error={errors.name && errorMessages.name[errors.name]}
        onChange={(name) => dispatch({ type: 'setName', name })}
      />
      <RequiredField
        id={`${idPrefix}-email`}
        label={copy.emailLabel}
        type="email"
        autoComplete="email"
        value={answers.email}
        inputRef={emailRef}
        error={errors.email && errorMessages.email[errors.email]}
        describedBy={[shownSuggestion ? suggestionId : '', trustId].filter(Boolean).join(' ')}
        onChange={(email) => dispatch({ type: 'setEmail', email })}
        onBlur={(event) => {
          // Leaving for a button lets the button act first: an error appearing now would move the button
          // from under the pointer and lose the click. A submit shows the errors anyway.
          if (!(event.relatedTarget instanceof HTMLButtonElement)) dispatch({ type: 'leaveEmail' });
        }}
      >
        {/* Announced when it appears: the visitor has usually moved on from the field by then. */}
        <div aria-live="polite">
          {shownSuggestion && (
            <p id={suggestionId} className="mt-1.5 text-sm text-ink">
              {copy.didYouMean.before}
              <button
                type="button"
                className="inline py-1 font-semibold wrap-anywhere text-ink underline underline-offset-4 hover:text-ink-soft"
                onClick={() => {
                  dispatch({ type: 'setEmail', email: shownSuggestion });
                  emailRef.current?.focus();
                }}
              >
                {shownSuggestion}
              </button>
              {copy.didYouMean.after}
            </p>
          )}
        </div>
        <p id={trustId} className="mt-2 text-sm text-ink-muted">
          {copy.trust}{' '}
          <a
            href={PRIVACY_PATH}
            className="font-medium text-ink-soft underline underline-offset-4 hover:text-ink"
          >
            {copy.privacyLink}
          </a>
        </p>
      </RequiredField>
    </div>
  );
}

/**
 * The suggested address for what is typed now, or null. The checker loads when this step first shows, not
 * with the page.
 */
function useEmailSuggestion(email: string): string | null {
  const [found, setFound] = useState<{ email: string; suggestion: string | null } | null>(null);
  useEffect(() => {
    void loadEmailSpellChecker().catch(() => {});
  }, []);
  useEffect(() => {
    let current = true;
    suggestEmail(email).then(
      (suggestion) => {
        if (current) setFound({ email, suggestion });
      },
      // No suggestion when the checker cannot load (offline): it is a help, never a requirement.
      () => {},
    );
    return () => {
      current = false;
    };
  }, [email]);
  return found?.email === email ? found.suggestion : null;
}

function RequiredField({
  id,
  label,
  onChange,
  inputRef,
  error,
  describedBy = '',
  children,
  ...input
}: {
  id: string;
  label: string;
  type: 'text' | 'email';
  autoComplete: string;
  value: string;
  inputRef: RefObject<HTMLInputElement | null>;
  /** The message under the field while its value is wrong; undefined when it is fine or not checked yet. */
  error: string | undefined;
  /** Ids of other text under the field that describes it, after the error. */
  describedBy?: string;
  /** More under the field, below the error. */
  children?: ReactNode;
  onChange: (value: string) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
}) {
  const errorId = `${id}-error`;
  const description = [error ? errorId : '', describedBy].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={id} className="mb-1 block font-semibold text-ink">
        {label}
      </label>
      <input
        id={id}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={description || undefined}
        {...input}
        ref={inputRef}
        onChange={(event) => onChange(event.target.value)}
        className={inputClass}
      />
      {error && (
        <p id={errorId} className={errorClass}>
          {error}
        </p>
      )}
      {children}
    </div>
  );
}
