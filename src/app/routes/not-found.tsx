import { useEffect } from 'react';
import { notFoundCopy } from '@/content/not-found';
import { CourseLink } from '@/sections/course-link';

export function NotFound({ path }: { path: string }) {
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', path);
  }, [path]);

  return (
    <main className="relative isolate grid min-h-dvh place-items-center overflow-hidden bg-night px-6 text-center text-on-night">
      <header className="absolute inset-x-0 top-0 flex justify-end px-5 pt-6 sm:px-8 sm:pt-8">
        <CourseLink tone="night" />
      </header>
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_20%_15%,#2d2670_0,transparent_55%),radial-gradient(circle_at_90%_90%,#0f4f4a_0,transparent_50%)]"
      />
      <div>
        <h1 className="font-display text-8xl font-semibold tracking-tight sm:text-9xl">
          {notFoundCopy.code}
        </h1>
        <p className="mt-4 text-xl text-on-night-soft sm:text-2xl">{notFoundCopy.message}</p>
        <a
          className="mt-10 inline-flex min-h-12 items-center rounded-full bg-accent px-7 font-semibold text-ink transition-colors hover:bg-accent-strong"
          href="/"
        >
          {notFoundCopy.homeLink}
        </a>
      </div>
    </main>
  );
}
