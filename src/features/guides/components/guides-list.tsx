import { guidesCopy } from '@/content/guides';
import { useGuides } from '../use-guides';

export function GuidesList() {
  const state = useGuides();
  return (
    <section aria-labelledby="guides-title" aria-busy={state.status === 'loading'} className="px-6 py-16">
      <h2 id="guides-title" className="text-2xl font-bold text-slate-900">
        {guidesCopy.title}
      </h2>
      {state.status === 'ready' && (
        <ul className="mt-6 grid gap-4 sm:grid-cols-3">
          {state.guides.map((guide) => (
            <li key={guide.id} className="rounded-xl border border-slate-200 p-4">
              <p className="font-semibold">{guide.name}</p>
              <p className="text-sm text-slate-600">{guide.title}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
