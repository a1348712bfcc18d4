import type { ViteUserConfig } from 'vitest/config';
export declare function appforgeVitest(overrides?: ViteUserConfig): ViteUserConfig;
