import { BrandBar } from '@/components/ui/page-header';
import { privacyCopy } from '@/content/privacy';
import { CourseLink } from './course-link';

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
