import { messageOf } from '@appforge/sdk';
import { useUpdateBundle } from '@appforge/sdk/react';
import { BundleFrame } from '../components/BundleFrame';
import { CapsEditor } from '../components/CapsEditor';
import { PriceEditor } from '../components/PriceEditor';

/** `/bundle/:bundleId/edit-price` — free, one-time or monthly, with a currency (it covers every app in the bundle), and run limits. */
export function Component() {
  const update = useUpdateBundle();
  return (
    <BundleFrame page="Price" description="What people pay for the bundle. The price covers every app in it; people you allow get in free.">
      {(bundle) => (
        <>
          <PriceEditor
            key={bundle.id}
            price={bundle.price}
            saving={update.isPending}
            saved={update.isSuccess}
            error={update.isError ? messageOf(update.error) : undefined}
            onSave={(price) => update.mutate({ bundleId: bundle.id, patch: { price } })}
          />
          <CapsEditor item={{ kind: 'bundle', id: bundle.id }} />
        </>
      )}
    </BundleFrame>
  );
}
