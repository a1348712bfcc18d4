import { clsx } from 'clsx';
import { Toast as ToastPrimitive } from 'radix-ui';
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { CloseIcon } from './icons';

export type ToastTone = 'neutral' | 'success' | 'warning' | 'danger';

export interface ToastOptions {
  title: ReactNode;
  description?: ReactNode;
  tone?: ToastTone;
  /** Milliseconds before it hides; defaults to the provider's duration. */
  duration?: number;
}

export interface ToastApi {
  /** Shows a toast and returns its id. */
  toast: (options: ToastOptions) => string;
  dismiss: (id: string) => void;
}

interface ToastEntry extends ToastOptions {
  id: string;
  open: boolean;
}

const ToastContext = /* @__PURE__ */ createContext<ToastApi | null>(null);

export interface ToastProviderProps {
  children?: ReactNode;
  /** Default time a toast stays, in milliseconds. */
  duration?: number;
  /** Label of the notifications region (screen readers hear it with the F8 hotkey hint). */
  label?: string;
  closeLabel?: string;
}

/** Hosts toasts for the app (Radix Toast). Wrap the app once; call useToast() anywhere below. */
export function ToastProvider({ children, duration = 5000, label = 'Notifications', closeLabel = 'Dismiss' }: ToastProviderProps) {
  const [entries, setEntries] = useState<ToastEntry[]>([]);
  const counter = useRef(0);

  const dismiss = useCallback((id: string) => {
    setEntries((current) => current.map((entry) => (entry.id === id ? { ...entry, open: false } : entry)));
  }, []);

  const toast = useCallback((options: ToastOptions) => {
    counter.current += 1;
    const id = `af-toast-${counter.current}`;
    // Closed toasts stay mounted until the next one so their exit animation can play; prune them here.
    setEntries((current) => [...current.filter((entry) => entry.open), { ...options, id, open: true }]);
    return id;
  }, []);

  const api = useMemo<ToastApi>(() => ({ toast, dismiss }), [toast, dismiss]);

  return (
    <ToastContext value={api}>
      <ToastPrimitive.Provider duration={duration} label={label}>
        {children}
        {entries.map((entry) => (
          <ToastPrimitive.Root
            key={entry.id}
            open={entry.open}
            onOpenChange={(open) => {
              if (!open) dismiss(entry.id);
            }}
            // Errors interrupt (assertive); everything else waits its turn (polite).
            type={entry.tone === 'danger' ? 'foreground' : 'background'}
            {...(entry.duration !== undefined ? { duration: entry.duration } : {})}
            className={clsx('af-toast', `af-toast--${entry.tone ?? 'neutral'}`)}
          >
            <div className="af-toast__text">
              <ToastPrimitive.Title className="af-toast__title">{entry.title}</ToastPrimitive.Title>
              {entry.description !== undefined ? (
                <ToastPrimitive.Description className="af-toast__description">{entry.description}</ToastPrimitive.Description>
              ) : null}
            </div>
            <ToastPrimitive.Close className="af-toast__close" aria-label={closeLabel}>
              <CloseIcon />
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        ))}
        <ToastPrimitive.Viewport className="af-toast-viewport" />
      </ToastPrimitive.Provider>
    </ToastContext>
  );
}

/** Returns `toast({ title, description, tone })` and `dismiss(id)`. Needs a <ToastProvider> above. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast() needs a <ToastProvider> above it in the tree. Wrap your app in <ToastProvider>.');
  return api;
}
