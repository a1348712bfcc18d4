import type { StorybookConfig } from '@storybook/react-vite';
import { defaultClientConditions } from 'vite';
import type { Plugin, PluginOption } from 'vite';

// Storybook's react-docgen plugin parses every .ts/.tsx module in the bundle (and follows its
// imports) to build props tables. Only the components the stories document need them: the design
// system's, and the builder's components (not its pages, nor the SDK and the engine, which its
// stories pull in). That keeps the build close to its time with the design system alone.
const DOCGEN_PLUGIN = 'storybook:react-docgen-plugin';
const DOCUMENTED_COMPONENT = /[\\/]packages[\\/](?:ui[\\/]src|run-view[\\/]src|features[\\/][^\\/]+[\\/]src[\\/](?:[^\\/]+[\\/]components|shared))[\\/].+\.tsx$/;

function isPlugin(option: PluginOption): option is Plugin {
  return typeof option === 'object' && option !== null && !Array.isArray(option) && 'name' in option;
}

function limitDocgen(plugins: PluginOption[] | undefined): PluginOption[] {
  return (plugins ?? []).map((option) => {
    if (!isPlugin(option) || option.name !== DOCGEN_PLUGIN || typeof option.transform !== 'function') return option;
    const transform = option.transform;
    return {
      ...option,
      transform(this: ThisParameterType<typeof transform>, ...args: Parameters<typeof transform>) {
        return DOCUMENTED_COMPONENT.test(args[1]) ? transform.apply(this, args) : null;
      },
    } satisfies Plugin;
  });
}

const config: StorybookConfig = {
  // One Storybook for the design system and the feature screens built with it. The builder's
  // stories are found by path: @appforge/ui must not depend on a feature package (the builder
  // depends on ui, so a package dependency would be a cycle for pnpm and turbo).
  stories: ['../src/**/*.stories.@(ts|tsx)', '../../features/*/src/**/*.stories.@(ts|tsx)', '../../run-view/src/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-a11y'],
  framework: '@storybook/react-vite',
  core: { disableTelemetry: true },
  viteFinal: (viteConfig) => ({
    ...viteConfig,
    plugins: limitDocgen(viteConfig.plugins),
    resolve: {
      ...viteConfig.resolve,
      // Workspace packages (@appforge/sdk, @appforge/engine, @appforge/ui itself) resolve to their
      // TypeScript source, as in tests and `vite dev`: the Storybook needs no prior package build.
      conditions: ['@appforge/source', ...(viteConfig.resolve?.conditions ?? defaultClientConditions)],
    },
    build: {
      ...viteConfig.build,
      // Storybook's own runtime is one large chunk; the app's budget is checked in apps/web.
      chunkSizeWarningLimit: 4096,
      rolldownOptions: {
        ...viteConfig.build?.rolldownOptions,
        checks: {
          ...viteConfig.build?.rolldownOptions?.checks,
          // Radix ships "use client" directives for React Server Components; a client-only bundle
          // drops them on purpose. Timing notes only say the (shared) machine was busy.
          moduleLevelDirective: false,
          bundlerTimings: false,
        },
      },
    },
  }),
};

export default config;
