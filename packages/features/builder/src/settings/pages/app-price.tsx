import { useParams } from 'react-router';
import { AppAllowedPeople, AppRunLimits } from '../components/AppAccessSettings';
import { AppSettingsFrame } from '../components/AppSettingsFrame';
import { PriceForm } from '../components/PriceForm';
import { SoldInBundles } from '../components/SoldInBundles';
import { useSaveApp } from '../data/use-save-app';

/** `/app-price/:appId` — free, one-time or monthly, amount and currency; run limits; people who get in free. */
export function Component() {
  const { appId = '' } = useParams();
  const { state, save } = useSaveApp(appId);
  return (
    <AppSettingsFrame page="Price" description="What people pay to use the app, how often they may run it, and who gets in free.">
      {(app) => (
        <>
          <SoldInBundles appId={app.id} appName={app.name} free={app.price.kind === 'free'} />
          <PriceForm key={app.id} price={app.price} state={state} onSave={(price) => save({ price })} />
          <AppRunLimits appId={app.id} />
          <AppAllowedPeople appId={app.id} />
        </>
      )}
    </AppSettingsFrame>
  );
}
