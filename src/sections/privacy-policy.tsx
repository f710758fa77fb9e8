import { BrandBar } from '@/components/ui/page-header';
import { privacyCopy, privacyWordDefaults } from '@/content/privacy';
import { useSiteWords } from '@/shared/site-words/site-words';
import { CourseLink } from './course-link';

const copy = privacyCopy.responsible;
/** A contact that is an e-mail address and nothing else becomes a link to write to it. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The privacy page's body: what a sign-up keeps, what stays in the browser, and how to have it erased. */
export function PrivacyPolicy() {
  return (
    <main className="bg-paper px-5 py-10 sm:px-8 sm:py-16">
      <article className="mx-auto max-w-2xl">
        <BrandBar>
          <CourseLink tone="paper" />
        </BrandBar>
        <h1 className="mt-10 font-display text-title font-semibold tracking-tight">{privacyCopy.title}</h1>
        <p className="mt-3 text-sm text-ink-muted">{privacyCopy.updated}</p>
        <p className="mt-8 text-lg leading-relaxed text-ink-soft">{privacyCopy.intro}</p>
        <PrivacyResponsible />
        {privacyCopy.sections.map((section) => (
          <section key={section.heading} className="mt-10">
            <h2 className="font-display text-2xl font-semibold tracking-tight">{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="mt-4 leading-relaxed text-ink-soft">
                {paragraph}
              </p>
            ))}
            {'list' in section && (
              <ul className="mt-4 list-disc space-y-2 pl-6 leading-relaxed text-ink-soft">
                {section.list.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
        <p className="mt-12">
          <a
            href="/"
            className="inline-flex min-h-11 items-center font-semibold text-link underline underline-offset-4"
          >
            {privacyCopy.homeLink}
          </a>
        </p>
      </article>
    </main>
  );
}

/**
 * Who is responsible for the details and how to reach them, in the owner's words; without them, what holds
 * anyway. Her words keep their line breaks (a postal address), and are text: an e-mail address is the one link.
 */
export function PrivacyResponsible() {
  const words = useSiteWords(privacyWordDefaults);
  const controller = words['privacy.controller'].trim();
  const contact = words['privacy.contact'].trim();
  return (
    <section className="mt-10">
      <h2 className="font-display text-2xl font-semibold tracking-tight">{copy.heading}</h2>
      {controller ? (
        <>
          <p className="mt-4 leading-relaxed text-ink-soft">{copy.controller}</p>
          <p className="mt-2 leading-relaxed whitespace-pre-line text-ink">{controller}</p>
        </>
      ) : (
        <p className="mt-4 leading-relaxed text-ink-soft">{copy.noController}</p>
      )}
      {contact ? (
        <>
          <p className="mt-4 leading-relaxed text-ink-soft">{copy.contact}</p>
          <p className="mt-2 leading-relaxed whitespace-pre-line text-ink">
            {EMAIL.test(contact) ? (
              <a href={`mailto:${contact}`} className="font-semibold text-link underline underline-offset-4">
                {contact}
              </a>
            ) : (
              contact
            )}
          </p>
        </>
      ) : (
        <p className="mt-4 leading-relaxed text-ink-soft">{copy.noContact}</p>
      )}
    </section>
  );
}
