import { useParams } from 'react-router';
import { AppSettingsFrame } from '../components/AppSettingsFrame';
import { PriceForm } from '../components/PriceForm';
import { useSaveApp } from '../data/use-save-app';

/** `/app-price/:appId` — free, one-time or monthly, amount and currency. */
export function Component() {
  const { appId = '' } = useParams();
  const { state, save } = useSaveApp(appId);
  return (
    <AppSettingsFrame page="Price" description="What people pay to use the app.">
      {(app) => <PriceForm key={app.id} price={app.price} state={state} onSave={(price) => save({ price })} />}
    </AppSettingsFrame>
  );
}
