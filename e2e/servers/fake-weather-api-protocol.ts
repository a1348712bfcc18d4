// What the fake weather API (servers/fake-weather-api.ts), playwright.config.ts and the "Your APIs"
// test share: its key, its port (picked from the OS by the config, passed on in FAKE_API_PORT) and
// the answer it gives, so the test knows what a visitor must see.
import { z } from 'zod';

/** The key the fake demands in X-API-Key. Not a secret: a test fixture. */
export const FAKE_API_KEY = 'e2e-weather-key-7f3a';

const portSchema = z.coerce.number({ error: 'FAKE_API_PORT is not set (playwright.config.ts sets it)' }).int().min(1024).max(65535);

/** The fake's loopback port, as the config chose it (the one place FAKE_API_PORT is read). */
export function fakeApiPort(): number {
  // eslint-disable-next-line no-restricted-syntax -- set by playwright.config.ts for its servers and workers; parsed here, once.
  return portSchema.parse(process.env.FAKE_API_PORT);
}

/** The `current.summary` the fake answers for a city. */
export function weatherSummary(city: string): string {
  return `Sunny and 21 °C in ${city}`;
}
