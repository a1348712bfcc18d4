// One flat ESLint config for every package. Each package's eslint.config.js calls
// `appforgeConfig({ dir: import.meta.dirname, ... })`.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES = ['auth', 'builder', 'databases', 'apis', 'bundles', 'domains', 'teacher', 'visitor', 'app-tests'];

const ENV_MESSAGE =
  'Configuration is read in one place per app (src/env.ts), parsed with zod and passed down as arguments, so a missing or malformed value is reported once, by name.';

/**
 * @param {{
 *   dir: string,
 *   feature?: string,
 *   belowFeatures?: boolean,
 *   react?: boolean,
 *   envFiles?: string[],
 *   ignores?: string[],
 *   node?: boolean,
 * }} options
 */
export function appforgeConfig(options) {
  const { dir, feature, belowFeatures = false, react = false, envFiles = [], ignores = [], node = false } = options;

  /** @type {{ group: string[], message: string }[]} */
  const restrictedPatterns = [
    {
      group: ['@appforge/*/src', '@appforge/*/src/**', '@appforge/features/*/src/**'],
      message:
        "Import another package through its exports map ('@appforge/ui', '@appforge/sdk/react'), never its src/: the exports map is the package's whole public API.",
    },
    {
      group: ['../../packages/**', '../../../packages/**', '../../apps/**', '../../../apps/**'],
      message:
        'Reach another workspace package by its name (@appforge/…), not by a relative path into its folder.',
    },
  ];
  if (feature) {
    const others = FEATURES.filter((name) => name !== feature);
    restrictedPatterns.push({
      group: others.map((name) => `@appforge/${name}`).concat(others.map((name) => `@appforge/${name}/**`)),
      message:
        'Features never import each other: move what two features share into @appforge/sdk or @appforge/ui, or let apps/web compose them.',
    });
  }

  if (belowFeatures) {
    restrictedPatterns.push({
      group: FEATURES.map((name) => `@appforge/${name}`).concat(FEATURES.map((name) => `@appforge/${name}/**`)),
      message:
        'This package sits below the features (they import it), so it may not import a feature: that would be a cycle.',
    });
  }

  return tseslint.config(
    { ignores: ['dist/**', 'storybook-static/**', 'coverage/**', 'test-results/**', 'playwright-report/**', ...ignores] },
    js.configs.recommended,
    ...tseslint.configs.recommendedTypeChecked,
    {
      languageOptions: {
        parserOptions: {
          projectService: { allowDefaultProject: ['*.js', '*.mjs', '.storybook/*.js'] },
          tsconfigRootDir: dir,
        },
        globals: { ...(react ? globals.browser : {}), ...(node ? globals.node : {}) },
      },
      rules: {
        '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
        '@typescript-eslint/no-non-null-assertion': 'error',
        '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
        'no-restricted-imports': ['error', { patterns: restrictedPatterns }],
        'no-restricted-syntax': [
          'error',
          {
            selector: 'ExportAllDeclaration',
            message:
              "Re-export by name: 'export *' hides what a package's API is and defeats tree-shaking.",
          },
          {
            selector: "MemberExpression[object.type='MetaProperty'][property.name='env']",
            message: ENV_MESSAGE,
          },
          {
            selector: "MemberExpression[object.name='process'][property.name='env']",
            message: ENV_MESSAGE,
          },
        ],
      },
    },
    react
      ? {
          plugins: { 'react-hooks': reactHooks },
          rules: {
            'react-hooks/rules-of-hooks': 'error',
            'react-hooks/exhaustive-deps': 'error',
          },
        }
      : {},
    {
      // The one place per app that reads the environment, and build/test configuration files.
      files: ['src/env.ts', '*.config.ts', '*.config.js', '*.config.mjs', ...envFiles],
      rules: { 'no-restricted-syntax': ['error', { selector: 'ExportAllDeclaration', message: "Re-export by name: 'export *' hides what a package's API is." }] },
    },
    {
      files: ['**/*.js', '**/*.mjs'],
      ...tseslint.configs.disableTypeChecked,
    },
    feature
      ? {
          // The real backend for tests runs in Node beside the test run; shipped code never reaches it.
          files: ['src/**/*.{ts,tsx}'],
          ignores: ['**/*.test.ts', '**/*.test.tsx', '**/test/**', '**/test-*.tsx', '**/test-*.ts'],
          rules: {
            'no-restricted-imports': [
              'error',
              {
                patterns: [
                  ...restrictedPatterns,
                  {
                    group: ['@appforge/test-backend', '@appforge/test-backend/**', '@appforge/backend', '@appforge/backend/**'],
                    message:
                      'Only tests use @appforge/test-backend (a real backend started beside the test run); a feature talks to the backend through @appforge/sdk.',
                  },
                ],
              },
            ],
          },
        }
      : {},
    {
      files: ['**/*.test.ts', '**/*.test.tsx', 'test/**'],
      rules: {
        // Test doubles and fixtures legitimately use loose shapes.
        '@typescript-eslint/no-unsafe-assignment': 'off',
        '@typescript-eslint/no-unsafe-member-access': 'off',
      },
    },
  );
}
