import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { VisitorLinkProvider } from './VisitorLink';
import type { VisitorLinkProps } from './VisitorLink';

function RouterLink({ to, children, ...rest }: VisitorLinkProps) {
  return (
    <Link to={to} {...rest}>
      {children}
    </Link>
  );
}

/** Inside the shell's router: visitor links navigate without a page load. */
export function RouterLinks({ children }: { children: ReactNode }) {
  return <VisitorLinkProvider value={RouterLink}>{children}</VisitorLinkProvider>;
}
