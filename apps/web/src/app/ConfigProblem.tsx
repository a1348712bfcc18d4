import { Card, PageHeader } from '@appforge/ui';
import type { EnvIssue } from '../env';
import { envIssueMessage } from '../env-messages';

/** Shown instead of the app when the build's configuration is missing or malformed. */
export function ConfigProblem({ issues }: { issues: readonly EnvIssue[] }) {
  const one = issues.length === 1;
  return (
    <main className="shell-page shell-standalone" id="main">
      <PageHeader
        title="Configuration problem"
        description={
          <>
            Appforge cannot start because {one ? 'a setting is' : 'some settings are'} missing or malformed. Set{' '}
            {one ? 'it' : 'them'} in <code>apps/web/.env.local</code> (or in the environment of the build), then rebuild
            or restart the development server.
          </>
        }
      />
      <Card title={one ? 'The variable to fix' : `The ${issues.length} variables to fix`}>
        <ul className="shell-config-issues">
          {issues.map((issue) => (
            <li key={issue.name}>
              <code>{issue.name}</code> {envIssueMessage(issue)}
            </li>
          ))}
        </ul>
      </Card>
      <p>
        See <code>apps/web/.env.example</code> for every variable and its meaning.
      </p>
    </main>
  );
}

/** The same list, for the console and for logs. */
export function formatConfigProblem(issues: readonly EnvIssue[]): string {
  return ['Appforge configuration problem:', ...issues.map((issue) => `  ${issue.name} ${envIssueMessage(issue)}`)].join('\n');
}
