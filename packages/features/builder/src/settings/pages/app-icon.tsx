import { messageOf } from '@appforge/sdk';
import type { AppDetail } from '@appforge/sdk';
import { useUploadAppIcon } from '@appforge/sdk/react';
import { Button, Card, Tabs } from '@appforge/ui';
import { AppSettingsFrame } from '../components/AppSettingsFrame';
import { GeneratedIconPicker } from '../components/GeneratedIconPicker';
import { IconUploader } from '../components/IconUploader';
import { useSaveApp } from '../data/use-save-app';
import { initialsOf } from '../lib/monogram';

function IconEditor({ app }: { app: AppDetail }) {
  const upload = useUploadAppIcon(app.id);
  const remove = useSaveApp(app.id);
  const send = (icon: Blob) => {
    upload.reset();
    upload.mutate(icon);
  };
  return (
    <>
      <Card title="Current icon">
        <div className="settings-current-icon">
          {app.icon_url ? (
            <img src={app.icon_url} alt={`${app.name}'s icon`} width={96} height={96} className="settings-icon-image" />
          ) : (
            <span className="settings-hub__letters settings-hub__letters--large" aria-hidden="true">
              {initialsOf(app.name)}
            </span>
          )}
          <div className="settings-current-icon__text">
            <p>{app.icon_url ? 'This icon shows on the app, its landing page and your home screen.' : 'No icon yet: visitors see the initials.'}</p>
            {app.icon_path ? (
              <Button variant="ghost" size="sm" loading={remove.state.pending} onClick={() => remove.save({ icon_path: null })}>
                Remove icon
              </Button>
            ) : null}
            {remove.state.error ? (
              <p className="af-field__error" role="alert">
                The icon was not removed: {remove.state.error}
              </p>
            ) : null}
          </div>
        </div>
      </Card>
      <Card title="New icon">
        <p className="settings-save-bar__status" aria-live="polite">
          {upload.isPending ? 'Uploading the icon…' : upload.isSuccess ? 'Icon saved.' : ''}
        </p>
        {upload.isError ? (
          <p className="af-field__error" role="alert">
            The icon was not uploaded: {messageOf(upload.error)}
          </p>
        ) : null}
        <Tabs
          aria-label="Where the new icon comes from"
          items={[
            { value: 'upload', label: 'Upload a picture', content: <IconUploader onUpload={send} uploading={upload.isPending} /> },
            {
              value: 'generate',
              label: 'Generate one',
              content: <GeneratedIconPicker name={app.name} themeColor={app.design.theme_color} onUpload={send} uploading={upload.isPending} />,
            },
          ]}
        />
      </Card>
    </>
  );
}

/** `/app-icon/:appId` — upload a picture (checked, cropped, resized to 512 px) or pick a generated icon. */
export function Component() {
  return (
    <AppSettingsFrame page="Icon" description="The picture that stands for the app.">
      {(app) => <IconEditor key={app.id} app={app} />}
    </AppSettingsFrame>
  );
}
