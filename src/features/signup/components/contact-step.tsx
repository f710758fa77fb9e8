import { type RefObject, useEffect } from 'react';
import { TextField } from '@/components/ui/text-field';
import { PRIVACY_PATH } from '@/content/course';
import { signupCopy } from '@/content/signup';
import {
  type Answers,
  type ContactErrors,
  type QuestionnaireAction,
} from '@/shared/questionnaire/questionnaire';
import { loadEmailSpellChecker, suggestEmail } from '../model/email-suggestion';

const copy = signupCopy.contact;

const errorMessages = {
  name: { missing: copy.nameMissing },
  email: { missing: copy.emailMissing, malformed: copy.emailMalformed, incomplete: copy.emailIncomplete },
} as const;

/**
 * Step 5: name and e-mail, both required. The form has `noValidate`: the questionnaire makes the checks and
 * each error stays under its field until the value is fixed. Under the e-mail, a likely typo of a well-known
 * domain gets a one-tap correction beside "Send to … anyway"; while it stands, a submit sends nothing.
 */
export function ContactStep({
  answers,
  errors,
  suggestion,
  checkEmail,
  idPrefix,
  nameRef,
  emailRef,
  suggestionRef,
  dispatch,
  onPickSuggestion,
  onKeepEmail,
}: {
  answers: Answers;
  /** The errors to show now (see `shownContactErrors`). */
  errors: ContactErrors;
  /** The correction suggested for the address now (see `suggestedEmail`). */
  suggestion: string | null;
  /** Whether the e-mail has been checked yet (left with a value, or submitted): the suggestion waits for it. */
  checkEmail: boolean;
  idPrefix: string;
  nameRef: RefObject<HTMLInputElement | null>;
  emailRef: RefObject<HTMLInputElement | null>;
  /** The suggested address's button, focused when a submit was held for it. */
  suggestionRef: RefObject<HTMLButtonElement | null>;
  dispatch: (action: QuestionnaireAction) => void;
  onPickSuggestion: (suggestion: string) => void;
  onKeepEmail: () => void;
}) {
  const trustId = `${idPrefix}-email-trust`;
  const suggestionId = `${idPrefix}-email-suggestion`;
  useEmailCheck(answers.email, dispatch);
  const shownSuggestion = checkEmail ? suggestion : null;
  const typedDomain = answers.email.trim().slice(answers.email.trim().lastIndexOf('@') + 1);
  return (
    <div className="space-y-4">
      <TextField
        id={`${idPrefix}-name`}
        label={copy.nameLabel}
        type="text"
        required
        autoComplete="name"
        value={answers.name}
        ref={nameRef}
        error={errors.name && errorMessages.name[errors.name]}
        onChange={(event) => dispatch({ type: 'setName', name: event.target.value })}
      />
      <TextField
        id={`${idPrefix}-email`}
        label={copy.emailLabel}
        type="email"
        required
        autoComplete="email"
        value={answers.email}
        ref={emailRef}
        error={errors.email && errorMessages.email[errors.email]}
        describedBy={[shownSuggestion ? suggestionId : '', trustId].filter(Boolean).join(' ')}
        onChange={(event) => dispatch({ type: 'setEmail', email: event.target.value })}
        onBlur={(event) => {
          // Leaving for a button lets the button act first: an error appearing now would move the button
          // from under the pointer and lose the click. A submit shows the errors anyway.
          if (!(event.relatedTarget instanceof HTMLButtonElement)) dispatch({ type: 'leaveEmail' });
        }}
      >
        {/* Announced when it appears: the visitor has usually moved on from the field by then. */}
        <div aria-live="polite">
          {shownSuggestion && (
            <div className="mt-1.5 text-sm text-ink">
              <p id={suggestionId}>
                {copy.didYouMean.before}
                <button
                  ref={suggestionRef}
                  type="button"
                  className="inline py-1 font-semibold wrap-anywhere text-ink underline underline-offset-4 hover:text-ink-soft"
                  onClick={() => onPickSuggestion(shownSuggestion)}
                >
                  {shownSuggestion}
                </button>
                {copy.didYouMean.after}
              </p>
              <button
                type="button"
                className="inline-flex min-h-11 items-center font-medium wrap-anywhere text-ink-soft underline underline-offset-4 hover:text-ink"
                onClick={onKeepEmail}
              >
                {copy.sendAnyway(typedDomain)}
              </button>
            </div>
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
      </TextField>
    </div>
  );
}

/**
 * Checks what is typed now and tells the store. The checker loads when this step first shows, not with the
 * page, so its answer is there long before the visitor has typed a whole address.
 */
function useEmailCheck(email: string, dispatch: (action: QuestionnaireAction) => void) {
  useEffect(() => {
    void loadEmailSpellChecker().catch(() => {});
  }, []);
  useEffect(() => {
    let current = true;
    suggestEmail(email).then(
      (suggestion) => {
        if (current) dispatch({ type: 'emailChecked', check: { email, suggestion } });
      },
      // No suggestion when the checker cannot load (offline): it is a help, never a requirement.
      () => {},
    );
    return () => {
      current = false;
    };
  }, [email, dispatch]);
}
