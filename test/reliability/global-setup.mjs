// Vitest global setup for the reliability suite: one throwaway PostgreSQL cluster for every file that needs
// one (each makes its own database on it), stopped and deleted when the suite ends.
import { startPostgres } from '../../scripts/with-postgres.mjs';

/** @param {{ provide: (key: 'postgresUrl', value: string) => void }} project */
export default async function setup(project) {
  const postgres = await startPostgres();
  project.provide('postgresUrl', postgres.url);
  return () => postgres.stop();
}
