import { useCallback, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { studioLaunchCopy } from '@/content/studio-launch';
import { useLoad } from '@/lib/use-load';
import { SectionPending } from '../../components/section-pending';
import type { LaunchBackend, LaunchChecklist as Checklist, LaunchItem } from '../model/launch-backend';

const copy = studioLaunchCopy;

/** What is left to do for `item`, in the owner's words. */
function todoOf(item: LaunchItem): string {
  switch (item.key) {
    case 'guides':
    case 'lessons':
      return copy.items[item.key].todo(item.left);
    case 'email':
      return copy.items.email.todo(item.transport);
    case 'siteUrl':
      return copy.items.siteUrl.todo(item.address);
    default:
      return copy.items[item.key].todo;
  }
}

/** Where `item` is fixed: a studio section (a link to it), or a document for whoever runs the server. */
function FixedWhere({ item }: { item: LaunchItem }) {
  const { where } = copy.items[item.key];
  if ('section' in where) {
    return (
      <a href={`#${where.section}`} className="mt-1 inline-block font-semibold text-ink underline">
        {where.label}
      </a>
    );
  }
  return (
    <p className="mt-1 text-sm text-ink-soft">
      {copy.docsLabel}{' '}
      {where.docs.map((doc, index) => (
        <span key={doc}>
          {index > 0 && ` ${copy.docsJoin} `}
          <code>{doc}</code>
        </span>
      ))}
    </p>
  );
}

function LaunchItemRow({ item }: { item: LaunchItem }) {
  return (
    <li className="flex gap-3 py-3">
      <span
        aria-hidden="true"
        className={`mt-0.5 grid size-6 shrink-0 place-items-center rounded-full border-2 text-sm font-bold ${
          item.done ? 'border-green-700 bg-green-700 text-white' : 'border-ink/30'
        }`}
      >
        {item.done ? '✓' : ''}
      </span>
      <div className="min-w-0">
        <p className="font-semibold">
          {copy.items[item.key].label}{' '}
          <span className={`whitespace-nowrap ${item.done ? 'text-green-800' : 'text-ink-soft'}`}>
            ({item.done ? copy.done : copy.toDo})
          </span>
        </p>
        {!item.done && (
          <>
            <p className="mt-1 text-ink-soft">{todoOf(item)}</p>
            <FixedWhere item={item} />
          </>
        )}
      </div>
    </li>
  );
}

/**
 * The launch checklist, read from `backend` each time it is shown (so an item fixed in another section is ticked
 * on coming back): the list until every item is done or the owner hides it, then one line.
 */
export function LaunchChecklist({ backend }: { backend: LaunchBackend }) {
  const checklist = useLoad(
    useCallback(() => backend.load(), [backend]),
    'Studio: the launch checklist could not be read.',
  );
  const [changeFailed, setChangeFailed] = useState(false);
  const headingId = useId();
  const { state } = checklist;
  if (state.status !== 'ready') {
    return <SectionPending state={state} copy={copy} onRetry={checklist.retry} />;
  }
  const setDismissed = (dismissed: boolean) => {
    setChangeFailed(false);
    backend.setDismissed(dismissed).then(checklist.set, () => setChangeFailed(true));
  };
  const { items, dismissed }: Checklist = state.value;
  const done = items.filter((item) => item.done).length;
  const failure = changeFailed && (
    <p role="alert" className="mt-2 font-semibold text-red-700">
      {copy.changeFailed}
    </p>
  );

  if (done === items.length) return <p className="mt-4 text-ink-soft">{copy.allDone(items.length)}</p>;
  if (dismissed) {
    return (
      <div className="mt-4">
        <p className="flex flex-wrap items-center gap-3 text-ink-soft">
          {copy.hidden(done, items.length)}
          <Button variant="outline" size="sm" onClick={() => setDismissed(false)}>
            {copy.show}
          </Button>
        </p>
        {failure}
      </div>
    );
  }
  return (
    <section
      aria-labelledby={headingId}
      className="mt-4 rounded-card bg-surface p-5 shadow-card ring-1 ring-line sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h3 id={headingId} className="font-display text-xl font-semibold tracking-tight">
          {copy.heading}
        </h3>
        <p className="font-semibold">{copy.progress(done, items.length)}</p>
      </div>
      <p className="mt-1 max-w-2xl text-ink-soft">{copy.intro}</p>
      <ul className="mt-2 divide-y divide-line">
        {items.map((item) => (
          <LaunchItemRow key={item.key} item={item} />
        ))}
      </ul>
      <Button variant="outline" size="sm" className="mt-2" onClick={() => setDismissed(true)}>
        {copy.dismiss}
      </Button>
      {failure}
    </section>
  );
}
