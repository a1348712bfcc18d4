import { useParams } from 'react-router';
import { AppSettingsFrame } from '../components/AppSettingsFrame';
import { ConfigForm } from '../components/ConfigForm';
import { useSaveApp } from '../data/use-save-app';

/** `/app-config/:appId` — model, temperature, maximum output tokens, system prompt, and the hosts API steps may call. */
export function Component() {
  const { appId = '' } = useParams();
  const { state, save } = useSaveApp(appId);
  return (
    <AppSettingsFrame page="Configuration" description="The model settings the app's AI steps use, and the hosts its API steps may call.">
      {(app) => <ConfigForm key={app.id} config={app.config} state={state} onSave={(config) => save({ config })} />}
    </AppSettingsFrame>
  );
}
