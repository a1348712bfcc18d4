import { useCreateDatabase } from '@appforge/sdk/react';
import { Button, Card } from '@appforge/ui';
import { useNavigate } from 'react-router';
import { DATABASE_TEMPLATES } from '../lib/templates';

/** The empty state's templates: one click makes the database and opens its data. */
export function TemplatePicker() {
  const create = useCreateDatabase();
  const navigate = useNavigate();
  return (
    <div className="db-templates">
      <ul className="db-templates__list" aria-label="Templates">
        {DATABASE_TEMPLATES.map((template) => (
          <li key={template.id}>
            <Card title={template.title} headingLevel={3}>
              <p>{template.summary}</p>
              <p className="db-muted">{template.input.tables?.[0]?.columns.map((column) => column.name).join(' · ')}</p>
              <Button
                variant="secondary"
                loading={create.isPending && create.variables.name === template.input.name}
                disabled={create.isPending}
                aria-label={`Use the ${template.title} template`}
                onClick={() => create.mutate(template.input, { onSuccess: (database) => void navigate(`/database/${database.id}/data`) })}
              >
                Use this template
              </Button>
            </Card>
          </li>
        ))}
      </ul>
      {create.error ? (
        <p role="alert" className="db-error">
          {create.error.message}
        </p>
      ) : null}
    </div>
  );
}
