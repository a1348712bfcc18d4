import { describePrice, messageOf } from '@appforge/sdk';
import { useCreateBundle, useMyBundles } from '@appforge/sdk/react';
import { Badge, Button, Card, Dialog, EmptyState, PageHeader, PageTitle, QueryState, Spinner, TextField } from '@appforge/ui';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { FlaggedSales } from '../components/FlaggedSales';
import { SalesOverview } from '../components/Sales';
import { bundlePaths } from '../lib/paths';

function NewBundleDialog({ trigger }: { trigger: React.ReactElement }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const create = useCreateBundle();
  const navigate = useNavigate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ name }, { onSuccess: (bundle) => void navigate(bundlePaths(bundle.id).editApps) });
  };
  return (
    <Dialog
      title="New bundle"
      description="Group apps to sell or share them together."
      trigger={trigger}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) create.reset();
      }}
    >
      <form onSubmit={submit} noValidate className="bundles-form">
        <TextField
          label="Name"
          name="name"
          required
          maxLength={120}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={create.isError ? messageOf(create.error) : undefined}
        />
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create bundle'}
        </Button>
      </form>
    </Dialog>
  );
}

/** `/bundles` — the person's bundles, "New bundle", an empty state that says what to do first, the sales of their bundles and apps, and any sales to check. */
export function Component() {
  const bundles = useMyBundles();
  const tabTitle = <PageTitle title="Bundles" />;
  const newButton = <Button>New bundle</Button>;
  return (
    <>
      {tabTitle}
      <div className="bundles-page">
        <PageHeader title="Bundles" description="Sell or share several apps together, with one price and one page." actions={<NewBundleDialog trigger={newButton} />} />
        <QueryState
          query={bundles}
          what="Your bundles"
          describeError={messageOf}
          pending={
            <p className="bundles-loading">
              <Spinner size="sm" /> Loading your bundles…
            </p>
          }
          empty={
            <EmptyState
            title="No bundles yet"
            description="Create a bundle, add your deployed apps to it, then give it a price or list the people who may use it."
              action={<NewBundleDialog trigger={<Button>Create your first bundle</Button>} />}
            />
          }
        >
          {(list) => (
          <ul className="bundles-grid" aria-label="Your bundles">
            {list.map((bundle) => (
              <li key={bundle.id}>
                <Card
                  title={<Link to={bundlePaths(bundle.id).page}>{bundle.name}</Link>}
                  description={bundle.description ?? undefined}
                  footer={
                    <div className="bundles-card-footer">
                      <Badge>{bundle.app_count === 1 ? '1 app' : `${bundle.app_count} apps`}</Badge>
                      <Badge tone={bundle.price.kind === 'free' ? 'neutral' : 'brand'}>{describePrice(bundle.price)}</Badge>
                      <Link to={bundlePaths(bundle.id).settings}>Manage</Link>
                    </div>
                  }
                />
              </li>
            ))}
          </ul>
          )}
        </QueryState>
        <SalesOverview />
        <FlaggedSales />
      </div>
    </>
  );
}
