import type { MarkdownProps } from '@appforge/ui';
import type * as MarkdownExports from '@appforge/ui/markdown';
import { useEffect, useState } from 'react';

type MarkdownModule = typeof MarkdownExports;

// The Markdown renderer (marked and DOMPurify, ~26 KB gz) loads on first use rather than with the
// page: a visitor's first load of a deployed app (issue 28) shows no results yet. preloadMarkdown()
// starts it early (when a run starts), so results normally render straight away.
let loaded: MarkdownModule | null = null;
let loading: Promise<MarkdownModule> | null = null;

/** Loads the Markdown renderer once; resolves when it is ready. */
export function preloadMarkdown(): Promise<void> {
  loading ??= import('@appforge/ui/markdown').then((module) => (loaded = module));
  return loading.then(() => undefined);
}

/**
 * Hands over the renderer a page already imported with itself (the owner's previews do), so
 * Markdown renders from the first paint instead of as plain text until it loads.
 */
export function provideMarkdown(module: MarkdownModule): void {
  loaded ??= module;
  loading ??= Promise.resolve(module);
}

/**
 * The sanitising Markdown component once it has loaded; until then the source as plain text
 * (React escapes it: nothing from it becomes HTML).
 */
export function LazyMarkdown({ source, className, ...rest }: MarkdownProps) {
  const [, setReady] = useState(loaded !== null);
  useEffect(() => {
    if (loaded !== null) return;
    let live = true;
    preloadMarkdown().then(
      () => live && setReady(true),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  if (loaded !== null) return <loaded.Markdown source={source} className={className} {...rest} />;
  return (
    <div className={className ? `af-markdown ${className}` : 'af-markdown'} style={{ whiteSpace: 'pre-wrap' }} {...rest}>
      {source}
    </div>
  );
}
