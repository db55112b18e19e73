import { defineConfig } from 'vitest/config';
import { scaled } from './test/time-scale.js';

// Five tiers (README "Tests"): unit (pure code), replay (committed histories, no server),
// integration (one Temporal dev server per run + the machine's PostgreSQL), browser (the console
// in headless Chromium) and openclaw (the real OpenClaw CLI driving molt through the plugin, on
// the integration tier's stack).
export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          // Property tests are CPU-bound: beside the integration tier on two busy cores, two of
          // them took over vitest's default 5 s (a fresh-clone CI run with both cores loaded).
          testTimeout: scaled(60_000),
        },
      },
      {
        test: {
          name: 'replay',
          include: ['test/replay/**/*.test.ts'],
          testTimeout: scaled(60_000),
          // Bundling the workflows twice took over vitest's default 10 s on a loaded machine.
          hookTimeout: scaled(180_000),
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/integration/global-setup.ts'],
          testTimeout: scaled(120_000),
          hookTimeout: scaled(180_000),
        },
      },
      {
        test: {
          // The operator console in a real headless Chromium (docs/console.md), on the integration
          // tier's stack.
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          globalSetup: ['test/integration/global-setup.ts'],
          testTimeout: scaled(180_000),
          hookTimeout: scaled(300_000),
        },
      },
      {
        test: {
          name: 'openclaw',
          include: ['test/openclaw/**/*.test.ts'],
          globalSetup: ['test/integration/global-setup.ts', 'test/openclaw/global-setup.ts'],
          testTimeout: scaled(300_000),
          hookTimeout: scaled(600_000),
        },
      },
    ],
  },
});
