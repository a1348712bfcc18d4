import type { ConfigArray } from 'typescript-eslint';
export interface AppforgeConfigOptions {
  dir: string;
  feature?: string;
  /** A shared package that features import (e.g. @appforge/run-view): it may import no feature. */
  belowFeatures?: boolean;
  react?: boolean;
  envFiles?: string[];
  ignores?: string[];
  node?: boolean;
}
export declare function appforgeConfig(options: AppforgeConfigOptions): ConfigArray;
