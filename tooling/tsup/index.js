// The one tsup config every library builds with: ESM + .d.ts, one entry per export.
import { defineConfig } from 'tsup';

/**
 * @param {Partial<import('tsup').Options>} [overrides]
 */
export function libraryConfig(overrides = {}) {
  return defineConfig({
    entry: ['src/index.ts'],
    format: ['esm'],
    dts: true,
    sourcemap: true,
    clean: true,
    target: 'es2022',
    treeshake: true,
    ...overrides,
  });
}
