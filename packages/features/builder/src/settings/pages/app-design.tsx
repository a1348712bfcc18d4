import { useParams } from 'react-router';
import { AppSettingsFrame } from '../components/AppSettingsFrame';
import { DesignForm } from '../components/DesignForm';
import { useSaveApp } from '../data/use-save-app';

/** `/app-design/:appId` — theme colour, font, layout and welcome text, with a live preview. */
export function Component() {
  const { appId = '' } = useParams();
  const { state, save } = useSaveApp(appId);
  return (
    <AppSettingsFrame page="Design" description="How the deployed app looks to the people who use it.">
      {(app) => <DesignForm key={app.id} app={app} state={state} onSave={(design) => save({ design })} />}
    </AppSettingsFrame>
  );
}
