import { Button } from '@appforge/ui';
import { useId, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { checkIconFile, ICON_SIZE, IconImageError, prepareIcon } from '../lib/icon-image';

export interface IconUploaderProps {
  /** Called with the cropped 512 px picture when the person confirms. */
  onUpload: (icon: Blob) => void;
  uploading: boolean;
}

type Prepared = { blob: Blob; preview: string; fileName: string };

function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('The picture could not be read.'));
    reader.readAsDataURL(blob);
  });
}

/**
 * Pick a picture, see it cropped to a square at 512 px, then upload it. Wrong types, damaged or
 * oversize files are refused with a message before anything is sent.
 */
export function IconUploader({ onUpload, uploading }: IconUploaderProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);
  const [prepared, setPrepared] = useState<Prepared | null>(null);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    setPrepared(null);
    setProblem(null);
    if (!file) return;
    const refusal = await checkIconFile(file);
    if (refusal !== null) {
      setProblem(refusal);
      return;
    }
    setPreparing(true);
    try {
      const blob = await prepareIcon(file);
      setPrepared({ blob, preview: await readAsDataUrl(blob), fileName: file.name });
    } catch (caught) {
      setProblem(caught instanceof IconImageError ? caught.message : 'This picture could not be prepared. Try another one.');
    } finally {
      setPreparing(false);
    }
  };

  return (
    <div className="settings-icon-upload">
      <div className="af-field">
        <label className="af-field__label" htmlFor={inputId}>
          Choose a picture
        </label>
        <input
          ref={input}
          id={inputId}
          type="file"
          className="settings-file-input"
          accept="image/png,image/jpeg,image/webp"
          aria-describedby={`${inputId}-hint${problem ? ` ${inputId}-error` : ''}`}
          aria-invalid={problem ? true : undefined}
          disabled={preparing || uploading}
          onChange={(event) => void choose(event)}
        />
        <p id={`${inputId}-hint`} className="af-field__hint">
          PNG, JPEG or WebP, up to 10 MB. It is cropped to the centre square and resized to {ICON_SIZE} × {ICON_SIZE} pixels.
        </p>
        {problem ? (
          <p id={`${inputId}-error`} className="af-field__error" role="alert">
            {problem}
          </p>
        ) : null}
      </div>
      {preparing ? (
        <p role="status" className="settings-note">
          Preparing the picture…
        </p>
      ) : null}
      {prepared ? (
        <div className="settings-icon-upload__preview">
          <img src={prepared.preview} alt={`New icon from ${prepared.fileName}`} width={128} height={128} className="settings-icon-image" />
          <div className="settings-actions">
            <Button onClick={() => onUpload(prepared.blob)} loading={uploading}>
              Use this icon
            </Button>
            <Button
              variant="secondary"
              disabled={uploading}
              onClick={() => {
                setPrepared(null);
                input.current?.focus();
              }}
            >
              Choose another
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
