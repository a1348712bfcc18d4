// Imported first by main.tsx, before any zod schema exists (the SDK's schemas load later, with the
// full client). The pages' Content-Security-Policy forbids eval (issue 26); zod's schema compiler
// otherwise probes `new Function('')` once, which the browser blocks and reports as a CSP violation
// even though zod catches it. Zod reads this global when it loads; setting it here needs no import
// of zod, so the first download stays as small as it was.
const scope = globalThis as typeof globalThis & { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };

export {};
