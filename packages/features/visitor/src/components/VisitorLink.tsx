import { createContext, useContext } from 'react';
import type { ComponentType, ReactNode } from 'react';

export interface VisitorLinkProps {
  to: string;
  className?: string | undefined;
  children: ReactNode;
  'aria-describedby'?: string | undefined;
  'aria-label'?: string | undefined;
}

/** A plain link: the light visitor entry has no router, so every link is a page load. */
function PlainLink({ to, children, ...rest }: VisitorLinkProps) {
  return (
    <a href={to} {...rest}>
      {children}
    </a>
  );
}

const LinkContext = createContext<ComponentType<VisitorLinkProps>>(PlainLink);

/** Gives the links below another component (the shell's router link: see router-links.tsx). */
export const VisitorLinkProvider = LinkContext.Provider;

/**
 * A link on a visitor's page. The components stay free of react-router so the light visitor
 * entry (issue 28) can render them; inside the shell, the pages provide the router's Link.
 */
export function VisitorLink(props: VisitorLinkProps) {
  const LinkComponent = useContext(LinkContext);
  return <LinkComponent {...props} />;
}
