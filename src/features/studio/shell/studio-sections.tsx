import { studioCopy } from '@/content/studio';
import { studioPanels } from './studio-panels';
import { useStudioSection } from './use-studio-section';

const ids = studioPanels.map((panel) => panel.id);

/** The owner's sections: a link each (`/studio#<id>`), all in sight at any width, and the one the address names below them. */
export function StudioSections() {
  const current = useStudioSection(ids);
  const shown = studioPanels.find((panel) => panel.id === current);
  return (
    <>
      {/* Every section in sight: underlined tabs on a wide screen, wrapped pills on a phone. */}
      <nav aria-label={studioCopy.sectionsLabel} className="mt-6">
        <ul className="flex flex-wrap gap-2 sm:gap-x-2 sm:gap-y-0 sm:border-b sm:border-line">
          {studioPanels.map((panel) => (
            <li key={panel.id}>
              <a
                href={`#${panel.id}`}
                aria-current={panel.id === current ? 'page' : undefined}
                className="inline-flex min-h-11 items-center rounded-full border border-line px-4 font-semibold text-ink-soft hover:text-ink aria-[current=page]:border-ink aria-[current=page]:bg-ink aria-[current=page]:text-paper sm:-mb-px sm:rounded-none sm:border-0 sm:border-b-2 sm:border-transparent sm:px-3 sm:aria-[current=page]:border-ink sm:aria-[current=page]:bg-transparent sm:aria-[current=page]:text-ink"
              >
                {panel.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {shown && (
        <section aria-labelledby={`studio-${shown.id}`} className="mt-8">
          <h2 id={`studio-${shown.id}`} className="font-display text-2xl font-semibold tracking-tight">
            {shown.label}
          </h2>
          <shown.Panel />
        </section>
      )}
    </>
  );
}
