import { Card, CopyButton, Spinner } from '@appforge/ui';
import { useEffect, useState } from 'react';
import { joinLink } from '../lib/paths';
import { qrSvgDataUrl } from '../lib/qr';

export interface JoinCodeCardProps {
  code: string;
  /** The site's origin, e.g. https://schools.example.org; the link is `{origin}/join/{code}`. */
  origin: string;
  archived: boolean;
}

type QrState = { status: 'loading' } | { status: 'ready'; src: string } | { status: 'failed' };

/** How students get in: the code to type, the link to open, and the link as a QR code. */
export function JoinCodeCard({ code, origin, archived }: JoinCodeCardProps) {
  const link = joinLink(origin, code);
  const [qr, setQr] = useState<QrState>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    setQr({ status: 'loading' });
    qrSvgDataUrl(link).then(
      (src) => {
        if (live) setQr({ status: 'ready', src });
      },
      () => {
        if (live) setQr({ status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [link]);

  return (
    <Card title="Join this class" headingLevel={2} description={archived ? 'This class is archived: nobody can join it until you bring it back.' : 'Students sign in, then type the code or open the link.'}>
      <div className="teacher-join">
        <dl className="teacher-join__facts">
          <div>
            <dt>Join code</dt>
            <dd>
              <code className="teacher-code teacher-code--large" aria-label={`Join code ${code.split('').join(' ')}`}>
                {code}
              </code>
              <CopyButton text={code} label="Copy code" variant="secondary" size="sm" />
            </dd>
          </div>
          <div>
            <dt>Join link</dt>
            <dd>
              <a href={link} className="teacher-join__link">
                {link}
              </a>
              <CopyButton text={link} label="Copy link" variant="secondary" size="sm" />
            </dd>
          </div>
        </dl>
        <div className="teacher-join__qr">
          {qr.status === 'ready' ? (
            <img src={qr.src} width={176} height={176} alt={`QR code of the join link ${link}`} />
          ) : qr.status === 'loading' ? (
            <p className="teacher-muted">
              <Spinner size="sm" /> Drawing the QR code…
            </p>
          ) : (
            <p className="teacher-muted">The QR code could not be drawn; share the link or the code instead.</p>
          )}
        </div>
      </div>
    </Card>
  );
}
