import type { AppDesign } from '@appforge/sdk';
import { Markdown } from '@appforge/ui';
import type { CSSProperties } from 'react';
import { fontStack, isHexColour } from '../lib/design';
import { initialsOf, readableOn } from '../lib/monogram';

export interface DesignPreviewProps {
  name: string;
  description: string | null;
  iconUrl: string | null;
  design: AppDesign;
}

/**
 * What a visitor sees when they open the deployed app, drawn with the design being edited: the
 * header, the welcome text (sanitised markdown), a sample input and the Run button in the theme
 * colour. It is a picture: nothing in it can be typed into or pressed (so it holds no controls).
 */
export function DesignPreview({ name, description, iconUrl, design }: DesignPreviewProps) {
  const theme = isHexColour(design.theme_color) ? design.theme_color : '#4f46e5';
  const style = {
    '--settings-preview-theme': theme,
    '--settings-preview-on-theme': readableOn(theme),
    fontFamily: fontStack(design.font),
  } as CSSProperties;
  return (
    <figure className="settings-preview-frame">
      <figcaption className="settings-preview-frame__caption">Preview of the deployed page</figcaption>
      <div className={`settings-preview settings-preview--${design.layout}`} style={style} data-testid="design-preview" data-layout={design.layout}>
        <div className="settings-preview__bar" aria-hidden="true" />
        <div className="settings-preview__page">
          {/* A div, not <header>: inside the settings page this would add a second banner landmark. */}
          <div className="settings-preview__header">
            {iconUrl ? (
              <img className="settings-preview__icon" src={iconUrl} alt="" />
            ) : (
              <span className="settings-preview__icon settings-preview__icon--letters" aria-hidden="true">
                {initialsOf(name)}
              </span>
            )}
            <div>
              <p className="settings-preview__name">{name}</p>
              {description ? <p className="settings-preview__description">{description}</p> : null}
            </div>
          </div>
          {design.welcome_text.trim() !== '' ? (
            <div className="settings-preview__welcome">
              <Markdown source={design.welcome_text} />
            </div>
          ) : null}
          <div className="settings-preview__form">
            <span className="settings-preview__label">Your question</span>
            <span className="settings-preview__input" />
            <span className="settings-preview__button">Run</span>
          </div>
        </div>
      </div>
    </figure>
  );
}
