import { useEffect } from 'react';
import { notFoundCopy } from '@/content/not-found';

export function NotFound({ path }: { path: string }) {
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', path);
  }, [path]);

  return (
    <main className="grid min-h-screen place-items-center bg-slate-50 px-6 text-center">
      <div>
        <h1 className="text-6xl font-bold text-slate-900">{notFoundCopy.code}</h1>
        <p className="mt-4 text-xl text-slate-700">{notFoundCopy.message}</p>
        <a className="mt-6 inline-block font-semibold text-blue-700 underline underline-offset-4" href="/">
          {notFoundCopy.homeLink}
        </a>
      </div>
    </main>
  );
}
