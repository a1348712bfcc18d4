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
      test: {
        reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
        restoreMocks: true,
        testTimeout: 20_000,
        hookTimeout: 60_000,
      },
    },
    overrides,
  );
}
