import type { ReactNode } from 'react';
import { designStyle } from '../lib/design-style';
import type { DesignLike } from '../lib/design-style';

export interface AppFrameProps {
  design: DesignLike;
  children: ReactNode;
  className?: string;
}

/**
 * Applies an app's design to everything inside it: the theme colour becomes the primary colour
 * of every button and focus ring (CSS variables), and the font and layout follow the creator's
 * choice. The rest of Appforge around it keeps its own look.
 */
export function AppFrame({ design, children, className }: AppFrameProps) {
  return (
    <div
      className={['visitor-app', className].filter(Boolean).join(' ')}
      style={designStyle(design)}
      data-layout={design.layout}
      data-font={design.font}
    >
      {children}
    </div>
  );
}
