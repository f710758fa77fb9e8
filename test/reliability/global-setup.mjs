// Vitest global setup for the reliability suite: one throwaway PostgreSQL cluster for every file that needs
// one (each makes its own database on it), stopped and deleted when the suite ends; and the Chromium to use.
import { CHROMIUM_ARGS, findTestChromium } from '../../scripts/find-chromium.mjs';
import { startPostgres } from '../../scripts/with-postgres.mjs';

/** @param {{ provide: (key: string, value: unknown) => void }} project */
export default async function setup(project) {
  project.provide('chromium', { path: findTestChromium(), args: CHROMIUM_ARGS });
  const postgres = await startPostgres();
  project.provide('postgresUrl', postgres.url);
  return () => postgres.stop();
}
