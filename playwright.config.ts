import { defineConfig, devices } from '@playwright/test';

/**
 * E2E specs run in Debian's Chromium (never a downloaded build) against the real embedded server, which
 * `scripts/e2e.mjs` starts with a fresh data folder and passes here as E2E_BASE_URL.
 */
const chromiumArgs = (process.env.E2E_CHROMIUM_ARGS ?? '').split(' ').filter(Boolean);

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Generous: npm test runs these beside other suites, on a machine CI may share; nothing here asserts a time.
  timeout: 180_000,
  expect: { timeout: 20_000 },
  outputDir: 'test-results/e2e-artifacts',
  reporter: [['list'], ['json', { outputFile: process.env.E2E_JSON_REPORT ?? 'test-results/e2e.json' }]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    // No trace: recording one cost 40 % of the specs' CPU. `npm run test:e2e -- --trace on <spec>` records it.
    trace: 'off',
    ...devices['Desktop Chrome'],
    launchOptions: { executablePath: process.env.CHROME_PATH, args: chromiumArgs },
  },
});
