export interface StoriesModule {
  default: { title?: string; tags?: string[] };
  [exportName: string]: unknown;
}
export interface RunnableStory {
  id: string;
  play?: unknown;
  run: () => Promise<void>;
}
export interface DescribeStoriesOptions {
  /** The root of every story title of the feature, e.g. "Databases" (titles are Root/Area/Name). */
  title: string;
  /** `import.meta.glob('./**\/*.stories.tsx', { eager: true })` of the feature. */
  modules: Record<string, StoriesModule>;
  /** Storybook's `composeStories`, from the feature's own `@storybook/react-vite`. */
  composeStories: (module: never) => Record<string, RunnableStory>;
  /** Storybook's `setProjectAnnotations`, from the same package. */
  setProjectAnnotations: (annotations: never[]) => unknown;
  /** Testing Library's `cleanup`, from the feature's own `@testing-library/react`. */
  cleanup: () => void;
  /** Areas (second title segment) that must have at least one stories module. */
  areas?: string[];
  minStories?: number;
}
export declare function describeStories(options: DescribeStoriesOptions): void;
