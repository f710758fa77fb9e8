import { aboutCopy } from '@/content/about';
import { paragraphsOf } from '@/content/site-words';
import { publicFileUrl } from '@/shared/site-words/public-file-url';
import { useSiteWords } from '@/shared/site-words/site-words';

export function About() {
  const words = useSiteWords();
  const stats = [
    { value: words['about.stat1Value'], label: words['about.stat1Label'] },
    { value: words['about.stat2Value'], label: words['about.stat2Label'] },
  ];
  return (
    <section aria-labelledby="about-title" className="below-the-fold px-5 py-16 sm:px-8 sm:py-24">
      <div className="mx-auto grid max-w-6xl items-center gap-10 md:grid-cols-[0.8fr_1.2fr] md:gap-16">
        <img
          src={words['about.photo'] ? publicFileUrl('guides', words['about.photo']) : aboutCopy.photo}
          alt={words['about.photoAlt']}
          width={aboutCopy.photoWidth}
          height={aboutCopy.photoHeight}
          loading="lazy"
          decoding="async"
          className="mx-auto aspect-[480/560] h-auto w-full max-w-sm rounded-card object-cover shadow-card"
        />
        <div>
          <p className="text-sm font-semibold tracking-[0.12em] text-link uppercase">
            {words['about.eyebrow']}
          </p>
          <h2
            id="about-title"
            className="mt-3 font-display text-title font-semibold tracking-tight text-balance"
          >
            {words['about.title']}
          </h2>
          <p className="mt-6 text-lg font-semibold">
            {words['about.founderName']}
            <span className="font-normal text-ink-muted"> · {words['about.founderRole']}</span>
          </p>
          {paragraphsOf(words['about.bio']).map((paragraph, index) => (
            <p key={index} className="mt-4 text-lg leading-relaxed text-ink-soft">
              {paragraph}
            </p>
          ))}
          <dl className="mt-8 grid max-w-md grid-cols-2 gap-4">
            {stats.map((stat, index) => (
              <div key={index} className="rounded-2xl border border-line bg-surface p-4">
                <dt className="sr-only">{stat.label}</dt>
                <dd className="font-display text-2xl font-semibold">{stat.value}</dd>
                <dd className="mt-1 text-sm text-ink-muted">{stat.label}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
    </section>
  );
}
