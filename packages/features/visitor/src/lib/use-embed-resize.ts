import { useEffect } from 'react';

/**
 * Issue 28: when the deployed app is shown in a frame on another site (the owner's embed), tell
 * the embedding page how tall the app's content is, so its frame (embed.js) grows and shrinks with
 * it instead of scrolling. Only the height is sent: it is all the parent needs and nothing private,
 * so any parent may read it (the browser's frame-ancestors already limits who can frame the app).
 */
export function useEmbedResize(): void {
  useEffect(() => {
    if (window.parent === window || typeof ResizeObserver === 'undefined') return;
    let last = -1;
    const post = () => {
      const height = Math.ceil(document.body.getBoundingClientRect().height);
      if (height === last) return;
      last = height;
      window.parent.postMessage({ type: 'appforge:resize', height }, '*');
    };
    const observer = new ResizeObserver(post);
    observer.observe(document.body);
    post();
    return () => observer.disconnect();
  }, []);
}
