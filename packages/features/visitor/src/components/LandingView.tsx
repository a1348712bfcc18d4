import type { AppOutline } from '@appforge/engine';
import { buttonClassName } from '@appforge/ui';
import type { ReactNode } from 'react';
import { VisitorLink } from './VisitorLink';
import type { DesignLike } from '../lib/design-style';
import type { PriceLike } from '../lib/format-price';
import { AppFrame } from './AppFrame';
import { AppIcon } from './AppIcon';
import { PriceTag } from './PriceTag';

export interface LandingApp {
  readonly id: string;
  readonly name: string;
  readonly description: string | null;
  readonly icon_url: string | null;
  readonly design: DesignLike;
  readonly price: PriceLike;
}

export interface LandingViewProps {
  app: LandingApp;
  /** What the deployed version does, from its steps (describeApp); null when nothing is deployed. */
  outline: AppOutline | null;
  openHref: string;
  /** Shown to signed-out visitors: the sign-in page branded with this app. */
  signInHref: string | null;
  locale?: string;
  /** For a paid app the visitor has no access to: its price and "Get access" instead of "Open app". */
  paywall?: ReactNode;
}

const FIELD_KIND: Readonly<Record<AppOutline['asks'][number]['type'], string>> = {
  text: 'text',
  long_text: 'longer text',
  number: 'a number',
  choice: 'a choice',
  yes_no: 'yes or no',
  file: 'a file',
};

/**
 * An app's public landing page: icon, name, description, what it does (one sentence per step of
 * the deployed version, and what it will ask), its price, "Open app", and a sign-in link branded
 * with the app for visitors who are not signed in.
 */
export function LandingView({ app, outline, openHref, signInHref, locale, paywall }: LandingViewProps) {
  return (
    <AppFrame design={app.design} className="visitor-landing">
      <header className="visitor-landing__hero">
        <AppIcon name={app.name} iconUrl={app.icon_url} size="lg" />
        <div className="visitor-landing__intro">
          <h1 className="visitor-app__name">{app.name}</h1>
          {app.description ? <p className="visitor-landing__description">{app.description}</p> : null}
          {paywall ?? (
            <>
              <PriceTag price={app.price} {...(locale !== undefined ? { locale } : {})} />
              <div className="visitor-landing__actions">
                <VisitorLink to={openHref} className={buttonClassName({ variant: 'primary', size: 'lg' })}>
                  Open app
                </VisitorLink>
                {signInHref !== null ? (
                  <VisitorLink to={signInHref} className={buttonClassName({ variant: 'secondary', size: 'lg' })}>
                    Sign in to {app.name}
                  </VisitorLink>
                ) : null}
              </div>
            </>
          )}
        </div>
      </header>
      {outline ? (
        <section className="visitor-landing__section" aria-labelledby="visitor-landing-what">
          <h2 id="visitor-landing-what">What it does</h2>
          <ol className="visitor-landing__steps">
            {outline.steps.map((step) => (
              <li key={step.stepId}>{step.summary}</li>
            ))}
          </ol>
          {outline.asks.length > 0 ? (
            <>
              <h3>What it asks you</h3>
              <ul className="visitor-landing__asks">
                {outline.asks.map((ask) => (
                  <li key={`${ask.stepId}:${ask.name}`}>
                    {ask.label} <span className="visitor-landing__ask-kind">({FIELD_KIND[ask.type]}{ask.required ? ', required' : ''})</span>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
      ) : null}
    </AppFrame>
  );
}
