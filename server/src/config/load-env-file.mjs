// Reads the project's .env into process.env with Node's own parser, for `npm start`, `npm run build` and the
// owner's tool; a variable already set in the environment (even to nothing) wins over the file. Plain
// JavaScript, because `npm start` and `npm run build` load it on plain Node before anything is compiled.
import { existsSync } from 'node:fs';
import path from 'node:path';

const projectEnvFile = path.resolve(import.meta.dirname, '..', '..', '..', '.env');

/** Loads `file` (the project root's .env by default) when it exists; returns whether it did. */
export function loadEnvFile(file = projectEnvFile) {
  if (!existsSync(file)) return false;
  process.loadEnvFile(file);
  return true;
}
