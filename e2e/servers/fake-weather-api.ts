// A protocol-true fake of an outside HTTP API for the "Your APIs" end-to-end test: a small weather
// service with an OpenAPI 3.0 document, on loopback, on the port playwright.config.ts picked from
// the OS (FAKE_API_PORT). It demands its key in `X-API-Key`, as real services do.
//
//   GET /openapi.json             the document (servers[0] is this server)
//   GET /weather/{city}?units=    200 {city, units, current: {temperature, summary}}; 401 without the key
//   GET /health                   200 once listening
import { createServer } from 'node:http';
import type { ServerResponse } from 'node:http';
import { FAKE_API_KEY, fakeApiPort, weatherSummary } from './fake-weather-api-protocol';

const port = fakeApiPort();
const base = `http://127.0.0.1:${port}`;

const document = {
  openapi: '3.0.3',
  info: { title: 'Fake Weather', version: '1.0.0', description: 'Current weather by city (end-to-end fake).' },
  servers: [{ url: base }],
  components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-API-Key' } } },
  security: [{ key: [] }],
  paths: {
    '/weather/{city}': {
      get: {
        operationId: 'currentWeather',
        summary: 'Current weather',
        parameters: [
          { name: 'city', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'units', in: 'query', required: false, schema: { type: 'string', enum: ['metric', 'imperial'] } },
        ],
        responses: {
          '200': {
            description: 'The weather now',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    city: { type: 'string' },
                    current: { type: 'object', properties: { temperature: { type: 'number' }, summary: { type: 'string' } } },
                  },
                },
              },
            },
          },
          '401': { description: 'Missing or wrong key' },
        },
      },
    },
  },
};

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', base);
  if (req.method !== 'GET') return send(res, 405, { error: 'method_not_allowed' });
  if (url.pathname === '/health') return send(res, 200, { ok: true });
  if (url.pathname === '/openapi.json') return send(res, 200, document);
  const match = /^\/weather\/([^/]{1,100})$/.exec(url.pathname);
  if (!match?.[1]) return send(res, 404, { error: 'not_found' });
  if (req.headers['x-api-key'] !== FAKE_API_KEY) return send(res, 401, { error: 'invalid_key', message: 'Send your key in X-API-Key' });
  const city = decodeURIComponent(match[1]);
  const units = url.searchParams.get('units') === 'imperial' ? 'imperial' : 'metric';
  return send(res, 200, { city, units, current: { temperature: units === 'metric' ? 21 : 70, summary: weatherSummary(city) } });
});

server.listen(port, '127.0.0.1', () => console.log(`fake weather API on ${base}`));
const stop = (): void => {
  server.close();
  server.closeAllConnections();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
