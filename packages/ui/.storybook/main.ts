import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  stories: ['../src/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-a11y'],
  framework: '@storybook/react-vite',
  core: { disableTelemetry: true },
  viteFinal: (viteConfig) => ({
    ...viteConfig,
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
