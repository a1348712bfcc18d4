import { useNavigate } from 'react-router';

/**
 * Goes to an address a server gave (checkout, back from checkout, billing portal): within the app
 * when it is on this site, as a full page load when it is another site (Stripe).
 */
export function useLeave(): (url: string) => void {
  const navigate = useNavigate();
  return (url) => {
    const target = new URL(url, window.location.href);
    if (target.origin === window.location.origin) void navigate(`${target.pathname}${target.search}`);
    else window.location.assign(target.toString());
  };
}
