// Prints the anon and service_role keys the backend would use with this environment, as JSON
// on one line: `npm start` builds or serves the web app against them before the backend is up.
import { ConfigError, loadConfig } from './env.js';
import { createJwtService } from './jwt.js';

const apiUrl = process.argv[2];
if (apiUrl === undefined) {
  process.stderr.write('usage: keys-cli <public API URL>\n');
  process.exit(2);
}
try {
  const config = loadConfig();
  const keys = await createJwtService(config.jwtSecret, `${apiUrl}/auth/v1`);
  process.stdout.write(`${JSON.stringify({ anonKey: keys.anonKey, serviceRoleKey: keys.serviceRoleKey })}\n`);
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(
      `Appforge backend: fix these environment variables:\n${error.problems.map((p) => `  ${p.name}: ${p.message}`).join('\n')}\n`,
    );
    process.exit(1);
  }
  throw error;
}
