import { useDeleteApp } from '@appforge/sdk/react';
import { Button, useToast } from '@appforge/ui';
import { Link, useNavigate } from 'react-router';
import { EditStepsButton } from '../../shared/components/EditStepsButton';
import { AppSettingsFrame } from '../components/AppSettingsFrame';
import { DeleteAppSection } from '../components/DeleteAppSection';
import { SettingsHub } from '../components/SettingsHub';
import { settingsPaths } from '../lib/paths';

/** `/app-settings/:appId` — every settings page with its current values, and delete app. */
export function Component() {
  const remove = useDeleteApp();
  const navigate = useNavigate();
  const { toast } = useToast();
  return (
    <AppSettingsFrame
      page={null}
      skeletonLines={8}
      actions={(app) => (
        <>
          <EditStepsButton app={app} size="md" />
          {app.deployed_version_id ? (
            <Button variant="secondary" asChild>
              <Link to={settingsPaths(app.id).deployed}>Open app</Link>
            </Button>
          ) : null}
        </>
      )}
    >
      {(app) => (
        <>
          <SettingsHub app={app} />
          <DeleteAppSection
            appName={app.name}
            onDelete={async () => {
              await remove.mutateAsync(app.id);
              toast({ title: `${app.name} was deleted.`, tone: 'success' });
              await navigate('/', { replace: true });
            }}
          />
        </>
      )}
    </AppSettingsFrame>
  );
}
