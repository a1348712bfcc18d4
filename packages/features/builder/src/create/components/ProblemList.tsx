export interface ProblemItem {
  readonly stepId?: string | null;
  readonly field: string;
  readonly message: string;
  readonly severity?: 'error' | 'warning';
}

export interface ProblemListProps {
  readonly problems: readonly ProblemItem[];
  /** Step id → "2. Write the plan", to group messages under the step they are about. */
  readonly stepNames: Readonly<Record<string, string>>;
  /** Heading id prefix, so two lists on one page keep distinct ids. */
  readonly id: string;
  readonly title: string;
}

interface Group {
  readonly key: string;
  readonly name: string;
  readonly items: ProblemItem[];
}

function groupByStep(problems: readonly ProblemItem[], stepNames: Readonly<Record<string, string>>): Group[] {
  const groups = new Map<string, Group>();
  for (const problem of problems) {
    const key = problem.stepId ?? '';
    const name = key === '' ? 'The whole app' : (stepNames[key] ?? `Step “${key}”`);
    const group = groups.get(key) ?? { key, name, items: [] };
    group.items.push(problem);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** Every problem, grouped under the step it is in, with the field it is about. */
export function ProblemList({ problems, stepNames, id, title }: ProblemListProps) {
  if (problems.length === 0) return null;
  return (
    <section className="bc-problems" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="bc-problems__title">
        {title}
      </h3>
      {groupByStep(problems, stepNames).map((group) => (
        <div key={group.key} className="bc-problems__group">
          <h4 className="bc-problems__step">{group.name}</h4>
          <ul>
            {group.items.map((problem, i) => (
              <li key={i} className={problem.severity === 'warning' ? 'bc-problem bc-problem--warning' : 'bc-problem'}>
                {problem.severity === 'warning' ? <span className="bc-problem__tag">Warning: </span> : null}
                {problem.message} <span className="bc-problem__field">({problem.field})</span>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
