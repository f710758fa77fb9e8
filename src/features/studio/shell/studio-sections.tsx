import { studioCopy } from '@/content/studio';
import { studioPanels } from './studio-panels';
import { useStudioSection } from './use-studio-section';

const ids = studioPanels.map((panel) => panel.id);

/** The owner's sections: a link each (`/studio#<id>`), and the one the address names below them. */
export function StudioSections() {
  const current = useStudioSection(ids);
  const shown = studioPanels.find((panel) => panel.id === current);
  return (
    <>
      <nav aria-label={studioCopy.sectionsLabel} className="mt-6 -mx-5 overflow-x-auto px-5 sm:mx-0 sm:px-0">
        <ul className="flex min-w-max gap-2 border-b border-line">
          {studioPanels.map((panel) => (
            <li key={panel.id}>
              <a
                href={`#${panel.id}`}
                aria-current={panel.id === current ? 'page' : undefined}
                className="-mb-px inline-flex min-h-11 items-center border-b-2 border-transparent px-3 font-semibold text-ink-soft hover:text-ink aria-[current=page]:border-ink aria-[current=page]:text-ink"
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
