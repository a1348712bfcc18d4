// App tests (issue 30) in the fake client: not modelled yet. Lists are empty and every change or
// run is refused with a plain message, so a story or test that relies on them fails visibly.
import type { AppTestsApi } from '../app-tests';
import { AppforgeError } from '../errors';

function unavailable(): Promise<never> {
  return Promise.reject(new AppforgeError({ code: 'unavailable', message: 'App tests are not part of the fake client yet; test them against the real backend.' }));
}

export function createFakeAppTests(): AppTestsApi {
  return {
    listCases: () => Promise.resolve([]),
    createCase: unavailable,
    updateCase: unavailable,
    deleteCase: unavailable,
    saveRunAsCase: unavailable,
    run: () => ({
      [Symbol.asyncIterator]: () => ({ next: unavailable }),
    }),
    listRuns: () => Promise.resolve([]),
    getRun: unavailable,
    listDeploys: () => Promise.resolve([]),
  };
}
