import { useId } from 'react';
import { FONT_STACK, monogramGeometry } from '../lib/monogram';
import type { Monogram } from '../lib/monogram';

export interface MonogramIconProps {
  monogram: Monogram;
  /** Shown size in CSS pixels. */
  size?: number;
  /** The picture's name for screen readers; without it the icon is decorative. */
  label?: string;
}

/** A generated icon as SVG: the same geometry the canvas draws for the uploaded PNG. */
export function MonogramIcon({ monogram, size = 96, label }: MonogramIconProps) {
  const gradientId = useId();
  const view = 512;
  const { radius, fontSize } = monogramGeometry(monogram, view);
  return (
    <svg {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })} width={size} height={size} viewBox={`0 0 ${view} ${view}`} className="settings-monogram">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={monogram.background} />
          <stop offset="1" stopColor={monogram.backgroundEnd} />
        </linearGradient>
      </defs>
      <rect width={view} height={view} rx={radius} fill={`url(#${gradientId})`} />
      <text
        x="50%"
        y="50%"
        dy={fontSize * 0.04}
        textAnchor="middle"
        dominantBaseline="central"
        fill={monogram.foreground}
        fontFamily={FONT_STACK}
        fontWeight={600}
        fontSize={fontSize}
      >
        {monogram.letters}
      </text>
    </svg>
  );
}
