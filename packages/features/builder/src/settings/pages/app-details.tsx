import { AppSettingsFrame } from '../components/AppSettingsFrame';
import { DetailsForm } from '../components/DetailsForm';
import { EmbedSettings } from '../components/EmbedSettings';
import { useSaveApp } from '../data/use-save-app';
import { useParams } from 'react-router';

/** `/app-details/:appId` — name, description, who can open the app, and where it may be embedded. */
export function Component() {
  const { appId = '' } = useParams();
  const { state, save } = useSaveApp(appId);
  // Its own save state: saving the embed settings does not announce "Saved." under the details.
  const embed = useSaveApp(appId);
  return (
    <AppSettingsFrame page="Details" description="The app's name, what it does, who can open it, and where it may be embedded.">
      {(app) => (
        <>
          <DetailsForm key={app.id} app={app} state={state} onSave={save} />
          <EmbedSettings key={`embed-${app.id}`} app={app} origin={window.location.origin} state={embed.state} onSave={embed.save} />
        </>
      )}
    </AppSettingsFrame>
  );
}
