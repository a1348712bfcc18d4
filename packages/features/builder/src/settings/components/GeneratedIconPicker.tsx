import { Button } from '@appforge/ui';
import { useState } from 'react';
import { IconImageError } from '../lib/icon-image';
import { MONOGRAM_STYLES, monogramOf, renderMonogramPng } from '../lib/monogram';
import type { MonogramStyle } from '../lib/monogram';
import { ChoiceGroup } from './ChoiceGroup';
import { MonogramIcon } from './MonogramIcon';

export interface GeneratedIconPickerProps {
  name: string;
  themeColor: string;
  onUpload: (icon: Blob) => void;
  uploading: boolean;
}

/** Icons made from the app's initials on its theme colour; the chosen one is drawn as a 512 px PNG. */
export function GeneratedIconPicker({ name, themeColor, onUpload, uploading }: GeneratedIconPickerProps) {
  const [style, setStyle] = useState<MonogramStyle>('square');
  const [problem, setProblem] = useState<string | null>(null);
  const [drawing, setDrawing] = useState(false);

  const use = async () => {
    setProblem(null);
    setDrawing(true);
    try {
      onUpload(await renderMonogramPng(monogramOf(name, themeColor, style)));
    } catch (caught) {
      setProblem(caught instanceof IconImageError ? caught.message : 'The icon could not be drawn in this browser.');
    } finally {
      setDrawing(false);
    }
  };

  return (
    <div className="settings-generated">
      <ChoiceGroup
        legend="Style"
        name="monogram-style"
        direction="row"
        value={style}
        onChange={setStyle}
        hint={`Made from the app's initials and its theme colour (${themeColor}); change the colour under Design.`}
        options={MONOGRAM_STYLES.map((entry) => ({
          value: entry.value,
          label: (
            <span className="settings-generated__option">
              <MonogramIcon monogram={monogramOf(name, themeColor, entry.value)} size={72} />
              <span>{entry.label}</span>
            </span>
          ),
        }))}
      />
      {problem ? (
        <p className="af-field__error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="settings-actions">
        <Button onClick={() => void use()} loading={drawing || uploading}>
          Use this icon
        </Button>
      </div>
    </div>
  );
}
