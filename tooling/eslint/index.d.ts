import type { ConfigArray } from 'typescript-eslint';
export interface AppforgeConfigOptions {
  dir: string;
  feature?: string;
  react?: boolean;
  envFiles?: string[];
  ignores?: string[];
  node?: boolean;
}
export declare function appforgeConfig(options: AppforgeConfigOptions): ConfigArray;
