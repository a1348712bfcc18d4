import { appforgeVitest } from '@appforge/vitest-config';
import { defineConfig } from 'vitest/config';

export default defineConfig(appforgeVitest({ test: { environment: 'node' } }));
