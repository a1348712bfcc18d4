// Profanity, self-harm and violence in one pass of `obscenity`'s RegExpMatcher: the upstream
// English dataset (profanity) plus our phrase lists, all through the recommended transformers
// (look-alike letters, leetspeak, lower case, repeated letters).
import {
  DataSet,
  RegExpMatcher,
  englishDataset,
  englishRecommendedTransformers,
  parseRawPattern,
} from 'obscenity';
import type { LexicalCategory } from './lists.ts';
import { withoutCovered } from './spans.ts';
import { INTENT_BEFORE, INTENT_HARM_PHRASES, PROFANITY_DROPPED, PROFANITY_WHITELIST, SELF_HARM_PHRASES, VIOLENCE_PHRASES } from './lists.ts';

interface PhraseMeta {
  originalWord: string;
  category?: LexicalCategory;
  /** Counts only right after a first-person intent (INTENT_BEFORE). */
  needsIntent?: boolean;
}

export interface LexicalMatch {
  category: LexicalCategory;
  /** Offsets in the text given to `findLexical`, `end` exclusive. */
  start: number;
  end: number;
}

// The upstream matcher collapses a run of one letter to one, except these (kept up to two), so a
// phrase is written the same way before it becomes a pattern: "kill" stays, "commit" → "comit".
const KEEP_TWO = new Set(['b', 'e', 'o', 'l', 's', 'g']);

function collapse(phrase: string): string {
  return phrase.replace(/(.)\1+/g, (run, char: string) => char.repeat(Math.min(run.length, KEEP_TWO.has(char) ? 2 : 1)));
}

/** "don't want to live" → `|don[?]t[?]want[?]to[?]live|`: any one separator or none between words. */
function toPattern(phrase: string): string {
  const escaped = collapse(phrase.toLowerCase()).replace(/[[\]?|\\]/g, '\\$&');
  return `|${escaped.replace(/[ '-]/g, '[?]')}|`;
}

function buildMatcher(): { matcher: RegExpMatcher; dataset: DataSet<PhraseMeta> } {
  const dataset = new DataSet<PhraseMeta>()
    .addAll(englishDataset)
    .removePhrasesIf((phrase) => PROFANITY_DROPPED.has(phrase.metadata?.originalWord ?? ''));
  const lists: [LexicalCategory, readonly string[]][] = [
    ['self_harm', SELF_HARM_PHRASES],
    ['violence', VIOLENCE_PHRASES],
  ];
  for (const [category, phrases] of lists) {
    for (const phrase of new Set(phrases)) {
      dataset.addPhrase((builder) => builder.setMetadata({ originalWord: phrase, category }).addPattern(parseRawPattern(toPattern(phrase))));
    }
  }
  for (const phrase of new Set(INTENT_HARM_PHRASES)) {
    dataset.addPhrase((builder) =>
      builder.setMetadata({ originalWord: phrase, category: 'violence', needsIntent: true }).addPattern(parseRawPattern(toPattern(phrase))),
    );
  }
  const built = dataset.build();
  const matcher = new RegExpMatcher({
    ...built,
    whitelistedTerms: [...(built.whitelistedTerms ?? []), ...PROFANITY_WHITELIST],
    ...englishRecommendedTransformers,
  });
  return { matcher, dataset };
}

let compiled: ReturnType<typeof buildMatcher> | undefined;

/** Built on first use (a few milliseconds), then shared. */
function lexicon(): ReturnType<typeof buildMatcher> {
  compiled ??= buildMatcher();
  return compiled;
}

/** Where the first-person intent before `start` begins, or -1 when there is none. */
function intentStart(text: string, start: number): number {
  const before = text.slice(Math.max(0, start - 40), start);
  const found = INTENT_BEFORE.exec(before);
  return found ? start - before.length + found.index : -1;
}

function matchesIn(text: string): LexicalMatch[] {
  const { matcher, dataset } = lexicon();
  const found: LexicalMatch[] = [];
  for (const payload of matcher.getAllMatches(text, true)) {
    const meta = dataset.getPayloadWithPhraseMetadata(payload).phraseMetadata;
    // obscenity's endIndex is the last UTF-16 unit of the match (inclusive).
    const match: LexicalMatch = { category: meta?.category ?? 'profanity', start: payload.startIndex, end: payload.endIndex + 1 };
    if (meta?.needsIntent) {
      // "hurt him" alone is everyday speech; with the intent before it, the alert shows both.
      const start = intentStart(text, match.start);
      if (start < 0) continue;
      match.start = start;
    }
    found.push(match);
  }
  return found;
}

// Runs of single characters with separators between them: "f u c k", "k.i.l.l  m.y.s.e.l.f".
const SPACED = /(?<![\p{L}\p{N}])(?:[\p{L}\p{N}@$!][ .\-_*|,]{1,3}){2,}[\p{L}\p{N}@$!](?![\p{L}\p{N}])/gu;
const SPELT = /[\p{L}\p{N}@$!]/u;

/** Words spelt out letter by letter, joined and matched again; offsets point at the spaced text. */
function spacedMatches(text: string): LexicalMatch[] {
  const found: LexicalMatch[] = [];
  for (const run of text.matchAll(SPACED)) {
    const offsets: number[] = [];
    let joined = '';
    for (let index = 0; index < run[0].length; index += 1) {
      const char = run[0][index] ?? '';
      if (SPELT.test(char)) {
        joined += char;
        offsets.push(run.index + index);
      }
    }
    for (const match of matchesIn(joined)) {
      found.push({ category: match.category, start: offsets[match.start] ?? run.index, end: (offsets[match.end - 1] ?? run.index) + 1 });
    }
  }
  return found;
}

/** Every listed word or phrase in `text` (already normalised), in text order, without overlaps of one category. */
export function findLexical(text: string): LexicalMatch[] {
  const direct = matchesIn(text);
  const spaced = text.length >= 5 ? spacedMatches(text) : [];
  const all = [...direct, ...spaced].sort((a, b) => a.start - b.start || b.end - a.end);
  return withoutCovered(all, (match) => match.category);
}
