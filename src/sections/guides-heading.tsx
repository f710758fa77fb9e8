import { useSiteWords } from '@/shared/site-words/site-words';

/** The owner's words above the guides carousel (`guides-title` names the carousel's section). */
export function GuidesHeading() {
  const words = useSiteWords();
  return (
    <div className="max-w-2xl">
      <p className="text-sm font-semibold tracking-[0.12em] text-link uppercase">{words['guides.eyebrow']}</p>
      <h2
        id="guides-title"
        className="mt-3 font-display text-title font-semibold tracking-tight text-balance"
      >
        {words['guides.title']}
      </h2>
    </div>
  );
}
