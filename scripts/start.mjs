// npm start: build the site when dist/ is missing or stale, then run the embedded server in this process.
import { register } from 'tsx/esm/api';
import { isBuildCurrent } from './build-stamp.mjs';
import { buildSite } from './build.mjs';

if (!isBuildCurrent()) {
  console.log('Building the site (dist/ is missing or out of date)…');
  await buildSite();
}
register();
await import('../server/src/index.ts');
