import { AppSettingsFrame } from '../components/AppSettingsFrame';
import { DetailsForm } from '../components/DetailsForm';
import { useSaveApp } from '../data/use-save-app';
import { useParams } from 'react-router';

/** `/app-details/:appId` — name, description and who can open the app. */
export function Component() {
  const { appId = '' } = useParams();
  const { state, save } = useSaveApp(appId);
  return (
    <AppSettingsFrame page="Details" description="The app's name, what it does, and who can open it.">
      {(app) => <DetailsForm key={app.id} app={app} state={state} onSave={save} />}
    </AppSettingsFrame>
  );
}
