import { useCreateAppFromDescription, useCreateDescription, useSession } from '@appforge/sdk/react';
import { PageHeader, PageTitle, Spinner } from '@appforge/ui';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { BuildProgress } from '../components/BuildProgress';
import { DescribeAppForm } from '../components/DescribeAppForm';
import { clearDraft, loadDraft, saveDraft } from '../lib/description-draft';
import { readDescriptionId, signUpPath } from '../lib/sign-up-link';

type Source = { readonly appDescriptionId: string } | { readonly description: string };

/**
 * `/create-new-app` (public): describe the app you need. A visitor's description is stored
 * (AppDescription) and they go to sign-up with its id; the sign-in screen sends them back here
 * with `?app_description_id=`, and once signed in the app is built from it and they land on
 * /create-app/:appId. A signed-in person's app is built straight away. The typed text is kept
 * in localStorage until an app has been made from it.
 */
export function Component() {
  const session = useSession();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const pendingId = readDescriptionId(search);
  const [text, setText] = useState(loadDraft);
  const [building, setBuilding] = useState<Source | null>(null);
  const createDescription = useCreateDescription();
  const createApp = useCreateAppFromDescription();
  const resumed = useRef<string | null>(null);

  const tabTitle = <PageTitle title="Create an app" />;

  const build = (source: Source) => {
    setBuilding(source);
    createApp.mutate(source, {
      onSuccess: (created) => {
        clearDraft();
        void navigate(`/create-app/${created.app_id}`, { replace: true });
      },
    });
  };

  // Back from sign-up: build the app from the stored description, once.
  const signedIn = session.status === 'signed_in';
  useEffect(() => {
    if (!signedIn || pendingId === null || resumed.current === pendingId) return;
    resumed.current = pendingId;
    build({ appDescriptionId: pendingId });
    // `build` is recreated every render; this runs once per description id.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signedIn, pendingId]);

  const change = (next: string) => {
    setText(next);
    saveDraft(next);
  };

  const submit = (description: string) => {
    saveDraft(text);
    if (signedIn) {
      build({ description });
      return;
    }
    createDescription.mutate(description, {
      onSuccess: ({ id }) => void navigate(signUpPath(id)),
    });
  };

  if (session.status === 'loading') {
    return (
      <>
        {tabTitle}
        <div className="bc-page bc-page--center">
          <Spinner label="Loading" />
        </div>
      </>
    );
  }

  if (building !== null) {
    return (
      <>
        {tabTitle}
        <div className="bc-page bc-page--narrow">
          <PageHeader title="Create an app" />
          <BuildProgress
            description={text.trim() === '' ? null : text}
            error={createApp.isError ? createApp.error.message : null}
            onRetry={() => build(building)}
            onEdit={() => {
              createApp.reset();
              setBuilding(null);
              if (pendingId !== null) setSearch({}, { replace: true });
            }}
          />
        </div>
      </>
    );
  }

  return (
    <>
      {tabTitle}
      <div className="bc-page bc-page--narrow">
        <PageHeader
          title="Create an app"
          description={
            signedIn
              ? 'Say in your own words what the app should do. Appforge builds it, and you can change every step afterwards.'
              : 'Say in your own words what the app should do. Next you sign up (it is free) and Appforge builds it for you.'
          }
        />
        {createDescription.isError ? (
          <p className="bc-error" role="alert">
            Your description could not be saved: {createDescription.error.message} Your text is kept; try again.
          </p>
        ) : null}
        <DescribeAppForm
          value={text}
          onChange={change}
          onSubmit={submit}
          pending={createDescription.isPending}
          submitLabel={signedIn ? 'Create my app' : 'Sign up and create my app'}
        />
      </div>
    </>
  );
}
