import { Button, Card, ConfirmDialog, CopyButton, formatDateTime, Select, Spinner } from '@appforge/ui';
import { useEffect, useState } from 'react';
import { joinLink } from '../lib/paths';
import { qrSvgDataUrl } from '../lib/qr';

export interface JoinCodeCardProps {
  code: string;
  /** The site's origin, e.g. https://schools.example.org; the link is `{origin}/join/{code}`. */
  origin: string;
  archived: boolean;
  /** When the code stops letting new students in; null: never. */
  expiresAt?: string | null;
  /** Gives the class a new code (the old one stops working at once). */
  onRenew?: () => Promise<unknown>;
  /** Sets (or clears, with null) when the code expires. */
  onSetExpiry?: (expiresAt: string | null) => Promise<unknown>;
}

const HOUR = 3_600_000;
/** The expiry choices, from now. */
const EXPIRY_CHOICES: readonly { value: string; label: string; ms: number | null }[] = [
  { value: 'never', label: 'Never', ms: null },
  { value: '1h', label: 'In 1 hour', ms: HOUR },
  { value: '1d', label: 'In 1 day', ms: 24 * HOUR },
  { value: '7d', label: 'In 7 days', ms: 7 * 24 * HOUR },
  { value: '30d', label: 'In 30 days', ms: 30 * 24 * HOUR },
];

function expiryText(expiresAt: string | null, now: number): string {
  if (expiresAt === null) return 'The code does not expire.';
  return Date.parse(expiresAt) <= now
    ? `The code expired on ${formatDateTime(expiresAt)}: nobody new can join with it. Give the class a new code.`
    : `The code expires on ${formatDateTime(expiresAt)}.`;
}

type QrState = { status: 'loading' } | { status: 'ready'; src: string } | { status: 'failed' };

/** How students get in: the code to type, the link to open, and the link as a QR code. */
export function JoinCodeCard({ code, origin, archived, expiresAt = null, onRenew, onSetExpiry }: JoinCodeCardProps) {
  const link = joinLink(origin, code);
  const [qr, setQr] = useState<QrState>({ status: 'loading' });
  const [problem, setProblem] = useState<string | null>(null);
  const attempt = async (action: () => Promise<unknown>): Promise<void> => {
    setProblem(null);
    try {
      await action();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'That did not work; try again.');
    }
  };

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
        <div className="teacher-stack">
          <p className="teacher-muted" data-testid="join-code-expiry">
            {expiryText(expiresAt, Date.now())}
          </p>
          {onSetExpiry ? (
            <Select
              label="Code expires"
              placeholder="Choose when"
              options={EXPIRY_CHOICES.map(({ value, label }) => ({ value, label }))}
              onValueChange={(value) => {
                const choice = EXPIRY_CHOICES.find((candidate) => candidate.value === value);
                if (choice) void attempt(() => onSetExpiry(choice.ms === null ? null : new Date(Date.now() + choice.ms).toISOString()));
              }}
            />
          ) : null}
          {onRenew ? (
            <ConfirmDialog
              title="Give the class a new code?"
              description="The current code and join link stop working at once; students already in the class stay in. Share the new code or link with anyone still to join."
              confirmLabel="New code"
              onConfirm={() => attempt(onRenew)}
              trigger={
                <Button variant="secondary" size="sm">
                  New code
                </Button>
              }
            />
          ) : null}
          {problem !== null ? (
            <p role="alert" className="teacher-error">
              {problem}
            </p>
          ) : null}
        </div>
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
