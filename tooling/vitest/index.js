// Shared Vitest settings. Packages resolve each other's source through the
// "@appforge/source" export condition, so tests never need a prior build.
import { mergeConfig } from 'vitest/config';

/**
 * @param {import('vitest/config').ViteUserConfig} [overrides]
 * @returns {import('vitest/config').ViteUserConfig}
 */
export function appforgeVitest(overrides = {}) {
  return mergeConfig(
    {
      resolve: { conditions: ['@appforge/source', 'module', 'browser', 'development|production'] },
      ssr: { resolve: { conditions: ['@appforge/source', 'module', 'node', 'development|production'] } },
      // Global setup files run in Vitest's own environment: they too import the packages' source
      // (a backend started there would otherwise need a prior build, or run a stale one).
      environments: { __vitest__: { resolve: { conditions: ['@appforge/source', 'module', 'node', 'development|production'] } } },
      test: {
        reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
        restoreMocks: true,
        // Generous: CI runs several packages' suites at once on two cores; a timeout is never what a test checks.
        testTimeout: 60_000,
        hookTimeout: 120_000,
      },
    },
    overrides,
  );
}
