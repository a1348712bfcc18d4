// The development-only stand-in for Google/Facebook/Apple sign-in, clearly labelled as such.

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const PROVIDER_NAMES: Record<string, string> = { google: 'Google', facebook: 'Facebook', apple: 'Apple' };

export function renderDevIdentityPage(input: {
  flowId?: string;
  provider?: string;
  linking?: boolean;
  previous?: readonly { email: string; name: string }[];
  error?: string;
}): string {
  const providerName = PROVIDER_NAMES[input.provider ?? ''] ?? 'the provider';
  const title = `Local development sign-in — not ${providerName}`;
  const error = input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : '';
  const flowField = input.flowId ? `<input type="hidden" name="flow" value="${escapeHtml(input.flowId)}">` : '';
  const previous = (input.previous ?? [])
    .map(
      (identity) => `<li><form method="post" action="dev-identity">${flowField}
<input type="hidden" name="email" value="${escapeHtml(identity.email)}">
<input type="hidden" name="name" value="${escapeHtml(identity.name)}">
<button type="submit" class="identity"><strong>${escapeHtml(identity.name || identity.email)}</strong><span>${escapeHtml(identity.email)}</span></button>
</form></li>`,
    )
    .join('\n');
  const body = input.flowId
    ? `<p>${input.linking ? 'Link' : 'Sign in with'} a <strong>${escapeHtml(providerName)}</strong> identity. No request leaves this computer:
this page only exists while the backend runs in development mode, because ${escapeHtml(providerName)} sign-in is not configured
(set ${escapeHtml((input.provider ?? 'PROVIDER').toUpperCase())}_CLIENT_ID and ${escapeHtml((input.provider ?? 'PROVIDER').toUpperCase())}_CLIENT_SECRET to use the real one).</p>
${previous ? `<h2>Identities used before</h2><ul class="previous">${previous}</ul>` : ''}
<h2>${previous ? 'Or type another identity' : 'Type an identity'}</h2>
<form method="post" action="dev-identity" class="new">${flowField}
<label>E-mail <input type="email" name="email" required autocomplete="off" placeholder="ada@example.com"></label>
<label>Name <input type="text" name="name" autocomplete="off" placeholder="Ada Lovelace"></label>
<button type="submit">Continue as this identity</button>
</form>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f4f4f7;color:#1f2330;margin:0;padding:32px 16px}
main{max-width:480px;margin:0 auto;background:#fff;border-radius:12px;padding:28px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
.banner{background:#fff4ce;border:1px solid #e8c547;border-radius:8px;padding:10px 12px;font-weight:600;margin-bottom:16px}
h1{font-size:20px;margin:0 0 12px}h2{font-size:15px;margin:20px 0 8px}
label{display:block;margin:10px 0;font-size:14px}input{display:block;width:100%;box-sizing:border-box;padding:9px;margin-top:4px;border:1px solid #c9ccd6;border-radius:6px;font-size:15px}
button{background:#5b5bd6;color:#fff;border:0;border-radius:8px;padding:10px 16px;font-size:15px;cursor:pointer}
ul.previous{list-style:none;padding:0;margin:0}ul.previous li{margin:6px 0}
button.identity{width:100%;text-align:left;background:#f0f0fb;color:#1f2330;display:flex;flex-direction:column}
button.identity span{font-size:13px;color:#5d6272}.error{color:#b42318;font-weight:600}
</style></head>
<body><main>
<div class="banner">Appforge development mode — this is not ${escapeHtml(providerName)}</div>
<h1>${escapeHtml(title)}</h1>
${error}
${body}
</main></body></html>`;
}
