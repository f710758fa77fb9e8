import { renderToString } from 'react-dom/server';
import { App } from '@/app/app';

/** Used by scripts/build.mjs at build time only: the HTML of one route, before any script runs. */
export function render(path: string): string {
  return renderToString(<App path={path} />);
}
