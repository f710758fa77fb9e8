import { GuidesList } from '@/features/guides/components/guides-list';
import { heroCopy } from '@/content/hero';

export function Home() {
  return (
    <main>
      <section className="px-6 py-16">
        <h1 className="text-4xl font-bold text-slate-900">{heroCopy.headlineProfane}</h1>
      </section>
      <GuidesList />
    </main>
  );
}
