// The support chat (Intercom). Nothing is downloaded unless VITE_INTERCOM_APP_ID is set; the
// widget is booted after sign-in with the user's id and the server-made identity hash
// (User.intercom_hmac) and shut down on logout (seed §4).

export interface SupportChatUser {
  userId: string;
  email: string | null;
  /** Intercom identity verification: HMAC-SHA256(user id), computed by the backend. */
  userHash: string | null;
}

type IntercomCall = (command: string, payload?: Record<string, unknown>) => void;
type IntercomHost = { Intercom?: IntercomCall & { q?: unknown[][] } };

export interface SupportChatOptions {
  appId?: string | undefined;
  /** Adds the widget script to the page (injected in tests). */
  loadScript?: (src: string) => void;
  win?: IntercomHost;
}

export interface SupportChat {
  readonly enabled: boolean;
  boot: (user: SupportChatUser) => void;
  shutdown: () => void;
}

const appendScript = (src: string): void => {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.appendChild(script);
};

export function createSupportChat(options: SupportChatOptions = {}): SupportChat {
  const { appId, loadScript = appendScript } = options;
  // Intercom's snippet lives on window; the page's window gains the property when it loads.
  const win: IntercomHost = options.win ?? (window as unknown as IntercomHost);
  let loaded = false;
  let booted = false;

  const intercom = (): IntercomCall => {
    if (win.Intercom === undefined) {
      // Intercom's own queueing stub: calls made before the script arrives are replayed by it.
      const queue: unknown[][] = [];
      const stub = ((...args: unknown[]) => {
        queue.push(args);
      }) as IntercomCall & { q?: unknown[][] };
      stub.q = queue;
      win.Intercom = stub;
    }
    if (!loaded && appId !== undefined) {
      loaded = true;
      loadScript(`https://widget.intercom.io/widget/${encodeURIComponent(appId)}`);
    }
    return win.Intercom;
  };

  return {
    enabled: appId !== undefined,
    boot(user) {
      if (appId === undefined) return;
      intercom()('boot', {
        app_id: appId,
        user_id: user.userId,
        ...(user.email === null ? {} : { email: user.email }),
        ...(user.userHash === null ? {} : { user_hash: user.userHash }),
      });
      booted = true;
    },
    shutdown() {
      if (appId === undefined || !booted) return;
      intercom()('shutdown');
      booted = false;
    },
  };
}
