export interface AppIconProps {
  name: string;
  iconUrl: string | null;
  size?: 'md' | 'lg';
}

/** The app's icon, or its initial on the theme colour when it has none. Decorative: the name is beside it. */
export function AppIcon({ name, iconUrl, size = 'md' }: AppIconProps) {
  const className = `visitor-icon visitor-icon--${size}`;
  if (iconUrl) return <img className={className} src={iconUrl} alt="" width={size === 'lg' ? 96 : 48} height={size === 'lg' ? 96 : 48} />;
  const initial = Array.from(name.trim())[0]?.toUpperCase() ?? '?';
  return (
    <span className={`${className} visitor-icon--initial`} aria-hidden="true">
      {initial}
    </span>
  );
}
