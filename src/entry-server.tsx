import { renderToString } from 'react-dom/server';
import { App } from '@/app/app';
import { PRIVACY_PATH, privacyCopy } from '@/content/privacy';

/** Used by scripts/build.mjs at build time only: the HTML of one route, before any script runs. */
export function render(path: string): string {
  return renderToString(<App path={path} />);
}

/** The pages prerendered besides `/` and the 404 page: their file in dist/ and their own title and description. */
export const extraPages = [
  {
    path: PRIVACY_PATH,
    file: `${PRIVACY_PATH.slice(1)}.html`,
    title: privacyCopy.documentTitle,
    description: privacyCopy.description,
  },
];
