// The addresses this folder links to (seed §2.1 route paths).
export const aiBuilderPath = (appId: string, versionId: string): string => `/ai-builder/${appId}/${versionId}`;
export const aiChangesPath = (appId: string): string => `/create-app-ai-changes/${appId}`;
export const stepEditorPath = (appId: string, versionId: string): string => `/create-app/${appId}/${versionId}`;
export const appOverviewPath = (appId: string): string => `/create-app/${appId}`;
export const deployPath = (appId: string, versionId: string): string => `/create-app-deploy/${appId}/${versionId}`;
export const appSettingsPath = (appId: string): string => `/app-settings/${appId}`;
