import { vi } from 'vitest';

// The server tests share their workers (isolate: false in vitest.config.ts), so each file loads this project's
// modules anew (a mocked library then reaches the modules that import it); node_modules stay loaded.
vi.resetModules();
