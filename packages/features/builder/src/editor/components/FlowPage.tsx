import { PageHeader } from '@appforge/ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { editorPaths } from '../lib/editor-context';

export interface FlowPageProps {
  appId: string;
  appName: string | undefined;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/** The frame of the editor's one-task pages (change version, database, deploy). */
export function FlowPage({ appId, appName, title, description, children }: FlowPageProps) {
  return (
    <div className="editor-page editor-flow">
      <PageHeader
        title={title}
        description={description}
        breadcrumbs={
          <ol className="editor-breadcrumbs">
            <li>
              <Link to="/">Apps</Link>
            </li>
            <li>
              <Link to={editorPaths.overview(appId)}>{appName ?? 'App'}</Link>
            </li>
            <li aria-current="page">{title}</li>
          </ol>
        }
      />
      <section className="editor-flow__body" aria-label={title}>
        {children}
      </section>
    </div>
  );
}
