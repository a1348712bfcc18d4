import { useState } from 'react';
import type { FormEvent } from 'react';
import { parseCapRuns } from '../bundle-rows';
import type { AllowedItem, UsageCapInput } from '../bundle-rows';
import { useRemoveUsageCap } from './use-remove-usage-cap-mutation';
import { useSetUsageCap } from './use-set-usage-cap-mutation';
import { useUsageCaps } from './use-usage-caps-query';

/**
 * The run-limit form of a bundle or an app, whatever it looks like: the caps set, the form's
 * values ("each person, 20, a day"), the typed number checked before anything is sent, and
 * setting or removing a cap. The bundles feature and the builder's app settings render it.
 */
export function useUsageCapForm(item: AllowedItem) {
  const caps = useUsageCaps(item);
  const set = useSetUsageCap();
  const remove = useRemoveUsageCap();
  const [scope, setScope] = useState<UsageCapInput['scope']>('each_person');
  const [period, setPeriod] = useState<UsageCapInput['period']>('day');
  const [runs, setRuns] = useState('20');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const maxRuns = parseCapRuns(runs);
    if (maxRuns === null) {
      setProblem('Enter a whole number of runs from 1 to 1,000,000.');
      return;
    }
    setProblem(null);
    set.mutate({ item, cap: { scope, period, max_runs: maxRuns } });
  };
  return { caps, set, remove, scope, setScope, period, setPeriod, runs, setRuns, problem, submit };
}
