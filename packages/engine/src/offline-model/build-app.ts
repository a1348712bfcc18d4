import { parseAppSpec } from '../spec/app-spec';
import type { AppSpec } from '../spec/app-spec';
import { APP_TEMPLATES, DEFAULT_TEMPLATE_ID } from './catalogue';
import type { AppTemplate } from './catalogue';

export type TemplateMatch =
  | { readonly kind: 'keywords'; readonly keywords: readonly string[]; readonly score: number }
  | { readonly kind: 'default' };

export interface BuiltApp {
  readonly name: string;
  readonly description: string;
  readonly spec: AppSpec;
  readonly templateId: string;
  readonly matchedBy: TemplateMatch;
  /** For the version's change_summary: says plainly that the offline model picked a template. */
  readonly changeSummary: string;
}

const MAX_DESCRIPTION = 1_000;

function tokens(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((token) => token.length > 1);
}

/** Scores every template against a description: each distinct stem counts once, by its weight. */
export function scoreTemplates(description: string): { template: AppTemplate; score: number; keywords: string[] }[] {
  const words = tokens(description);
  return APP_TEMPLATES.map((template) => {
    const keywords: string[] = [];
    let score = 0;
    for (const [stem, weight] of template.keywords) {
      const hit = words.find((word) => word.startsWith(stem));
      if (hit !== undefined) {
        score += weight;
        if (!keywords.includes(hit)) keywords.push(hit);
      }
    }
    return { template, score, keywords };
  });
}

function templateSpec(template: AppTemplate): AppSpec {
  const parsed = parseAppSpec(template.spec);
  // The catalogue is fixed and covered by tests; a failure here is a programming error.
  if (!parsed.ok) throw new Error(`Template ${template.id} is invalid: ${parsed.error.message}`);
  return parsed.value;
}

export function getTemplate(id: string): AppTemplate | undefined {
  return APP_TEMPLATES.find((template) => template.id === id);
}

/**
 * The offline model's "build me an app": picks the catalogue template whose keywords best match
 * the description (first template wins a tie; the general assistant when nothing matches) and
 * returns it as a complete, valid app.
 */
export function buildAppFromDescription(description: string): BuiltApp {
  const text = description.replace(/\s+/g, ' ').trim().slice(0, MAX_DESCRIPTION);
  let best: { template: AppTemplate; score: number; keywords: string[] } | undefined;
  for (const candidate of scoreTemplates(text)) {
    if (candidate.template.id === DEFAULT_TEMPLATE_ID) continue;
    if (candidate.score > 0 && (best === undefined || candidate.score > best.score)) best = candidate;
  }
  const fallback = getTemplate(DEFAULT_TEMPLATE_ID) ?? APP_TEMPLATES[APP_TEMPLATES.length - 1];
  const template = best?.template ?? fallback;
  if (!template) throw new Error('The template catalogue is empty.');
  const matchedBy: TemplateMatch = best ? { kind: 'keywords', keywords: best.keywords, score: best.score } : { kind: 'default' };
  const changeSummary = best
    ? `Built by the offline model from the “${template.name}” template (it matched: ${best.keywords.join(', ')}).`
    : `Built by the offline model from the general “${template.name}” template (no template matched the description).`;
  return {
    name: template.name,
    description: text === '' ? template.description : text,
    spec: templateSpec(template),
    templateId: template.id,
    matchedBy,
    changeSummary,
  };
}
