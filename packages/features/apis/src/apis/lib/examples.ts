import type { ApiInput } from '@appforge/sdk';

export interface ApiExample {
  readonly id: string;
  readonly title: string;
  readonly summary: string;
  readonly api: ApiInput;
}

/** Public APIs that need no account, offered on the empty list as a starting point. */
export const API_EXAMPLES: readonly ApiExample[] = [
  {
    id: 'weather',
    title: 'Weather (Open-Meteo)',
    summary: 'Current temperature and wind for a place, by latitude and longitude. No key needed.',
    api: {
      name: 'Open-Meteo weather',
      description: 'Free weather forecasts (open-meteo.com).',
      base_url: 'https://api.open-meteo.com/v1',
      auth_kind: 'none',
      endpoints: [
        {
          name: 'Current weather',
          method: 'GET',
          path: '/forecast',
          parameters: [
            { name: 'latitude', in: 'query', type: 'number', required: true },
            { name: 'longitude', in: 'query', type: 'number', required: true },
            { name: 'current', in: 'query', type: 'string', required: false, description: 'e.g. temperature_2m,wind_speed_10m' },
          ],
          response_path: '$.current',
        },
      ],
    },
  },
  {
    id: 'countries',
    title: 'Countries (REST Countries)',
    summary: 'Capital, population and languages of a country by name.',
    api: {
      name: 'REST Countries',
      description: 'Facts about the world’s countries (restcountries.com).',
      base_url: 'https://restcountries.com/v3.1',
      auth_kind: 'none',
      endpoints: [
        {
          name: 'Country by name',
          method: 'GET',
          path: '/name/{name}',
          parameters: [{ name: 'name', in: 'path', type: 'string', required: true }],
          response_path: '$[0]',
        },
      ],
    },
  },
  {
    id: 'dictionary',
    title: 'Dictionary (Free Dictionary API)',
    summary: 'Meanings and examples of an English word.',
    api: {
      name: 'Free Dictionary',
      description: 'English definitions (dictionaryapi.dev).',
      base_url: 'https://api.dictionaryapi.dev/api/v2',
      auth_kind: 'none',
      endpoints: [
        {
          name: 'Define a word',
          method: 'GET',
          path: '/entries/en/{word}',
          parameters: [{ name: 'word', in: 'path', type: 'string', required: true }],
          response_path: '$[0].meanings',
        },
      ],
    },
  },
];

export function findExample(id: string | null): ApiExample | undefined {
  return API_EXAMPLES.find((example) => example.id === id);
}
