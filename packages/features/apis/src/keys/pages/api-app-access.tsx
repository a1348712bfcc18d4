import { isNotFound, messageOf } from '@appforge/sdk';
import { useAppApiAccess, useAppforge, useSetApiAccess } from '@appforge/sdk/react';
import { Button, Card, CodeBlock, EmptyState, PageHeader, Spinner, Switch, Tabs } from '@appforge/ui';
import { Link, useParams } from 'react-router';
import { TryIt } from '../components/TryIt';
import { keyPaths } from '../lib/format';
import { curlSnippet, javascriptSnippet, mcpConfig, pythonSnippet, sampleInputs } from '../lib/snippets';

/** /api-app-access/:appId — API access on or off, code to call the app, a try-it panel, OpenAPI and MCP. */
export function Component() {
  const { appId = '' } = useParams();
  const client = useAppforge();
  const access = useAppApiAccess(appId);
  const setAccess = useSetApiAccess();
  if (access.isPending) return <Spinner label="Loading the app…" />;
  if (access.isError) {
    return <EmptyState title={isNotFound(access.error) ? 'This app was not found' : 'The app could not be loaded'} description={messageOf(access.error)} />;
  }
  const app = access.data;
  const baseUrl = client.apiKeys.baseUrl();
  const inputs = sampleInputs(app.inputs);
  return (
    <div className="af-keys-page">
      <PageHeader
        title={`API access: ${app.name}`}
        description="Call this app from your own code with an API key."
        actions={
          <Button asChild variant="secondary">
            <Link to={keyPaths.list}>API keys</Link>
          </Button>
        }
      />
      <Card title="Access">
        <Switch
          label="Allow calls with API keys"
          hint={app.enabled ? 'Keys that include this app can run it.' : 'Calls get 403 api_access_disabled until you turn this on.'}
          checked={app.enabled}
          disabled={setAccess.isPending || !app.deployed}
          onCheckedChange={(enabled) => setAccess.mutate({ appId, enabled })}
        />
        {!app.deployed ? <p className="af-keys-note">Deploy the app first: the API runs its deployed version.</p> : null}
        {setAccess.isError ? (
          <p role="alert" className="af-keys-error">
            {messageOf(setAccess.error)}
          </p>
        ) : null}
      </Card>
      <Card title="Call it from code" description={`Inputs: ${app.inputs.map((field) => field.name).join(', ') || 'none'}. Replace YOUR_API_KEY or set APPFORGE_API_KEY.`}>
        <Tabs
          aria-label="Languages"
          items={[
            { value: 'curl', label: 'curl', content: <CodeBlock code={curlSnippet(baseUrl, appId, inputs)} language="shell" /> },
            { value: 'js', label: 'JavaScript', content: <CodeBlock code={javascriptSnippet(baseUrl, appId, inputs)} language="javascript" /> },
            { value: 'python', label: 'Python', content: <CodeBlock code={pythonSnippet(baseUrl, appId, inputs)} language="python" /> },
          ]}
        />
        <p>
          <a href={`${baseUrl}/v1/apps/${appId}/openapi.json`} target="_blank" rel="noreferrer">
            OpenAPI document of this app
          </a>{' '}
          (with <code>Accept: text/event-stream</code> a run streams and ends with a <code>done</code> event).
        </p>
      </Card>
      <Card title="Use it from an AI agent (MCP)" description="Add this server to Claude, ChatGPT, Cursor or VS Code; your key’s apps appear as tools.">
        <CodeBlock code={mcpConfig(baseUrl)} language="json" />
      </Card>
      <Card title="Try it">{app.deployed ? <TryIt appId={appId} inputs={app.inputs} /> : <p>Deploy the app to try it.</p>}</Card>
    </div>
  );
}
