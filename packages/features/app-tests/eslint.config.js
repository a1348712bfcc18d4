import { appforgeConfig } from '@appforge/eslint-config';

export default appforgeConfig({ dir: import.meta.dirname, react: true, feature: 'app-tests' });
