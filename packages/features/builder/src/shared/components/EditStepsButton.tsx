import type { AppSummary } from '@appforge/sdk';
import { useOpenDraft } from '@appforge/sdk/react';
import { Button } from '@appforge/ui';
import type { ButtonProps } from '@appforge/ui';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';

export interface EditStepsButtonProps {
  app: Pick<AppSummary, 'id' | 'name' | 'draft_version_id' | 'deployed_version_id'>;
  children?: ReactNode;
  'aria-label'?: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
}

/**
 * "Edit steps" in one click, wherever the app shows. An app that was never deployed links to its
 * draft. A deployed app's steps are frozen, so the click asks for its editable draft — the one
 * already there, or a copy of the live version made now — and opens that draft's step list.
 */
export function EditStepsButton({ app, children = 'Edit steps', 'aria-label': ariaLabel, variant = 'secondary', size = 'sm' }: EditStepsButtonProps) {
  const open = useOpenDraft();
  const navigate = useNavigate();
  if (app.deployed_version_id === null) {
    if (app.draft_version_id === null) return null;
    return (
      <Button variant={variant} size={size} asChild>
        <Link to={`/create-app/${app.id}/${app.draft_version_id}`} aria-label={ariaLabel}>
          {children}
        </Link>
      </Button>
    );
  }
  return (
    <>
      <Button
        variant={variant}
        size={size}
        aria-label={ariaLabel}
        loading={open.isPending}
        onClick={() => open.mutate({ appId: app.id }, { onSuccess: (draft) => void navigate(`/create-app/${app.id}/${draft.id}`) })}
      >
        {children}
      </Button>
      {open.isError ? (
        <p role="alert" className="editor-inline-error">
          The steps of {app.name} could not be opened for editing: {open.error.message}
        </p>
      ) : null}
    </>
  );
}
