// What a teacher would notice: the exchanges that raise an alert, the school work that must not,
// and where in the text the alert points.
import { describe, expect, it } from 'vitest';
import { checkLocally, createContentChecker, MAX_CHECKED_CHARS, safetyExcerpt } from './index.ts';
import type { SafetyCategory } from './index.ts';

/** [text, the flagged words as written] for each category, plain and disguised. */
const FLAGGED: Record<Exclude<SafetyCategory, 'moderation'>, [string, string][]> = {
  profanity: [
    ['you are a fucking idiot', 'fuck'],
    ['this is bullsh1t', 'sh1t'],
    ['shut up b1tch', 'b1tch'],
    ['FUUUUCK this homework', 'FUUUUCK'],
    ['f u c k you', 'f u c k'],
    ['f.u.c.k off', 'f.u.c.k'],
    ['fu\u200Bck off', 'fu\u200Bck'],
    ['ｆｕｃｋ', 'ｆｕｃｋ'],
    ['what a f*cking mess', 'f*ck'],
  ],
  self_harm: [
    ['I want to kill myself', 'kill myself'],
    ['sometimes i wanna die', 'wanna die'],
    ["I don't want to live anymore", "don't want to live"],
    ['I have been cutting myself again', 'cutting myself'],
    ['how do I commit suicide', 'commit suicide'],
    ['i w4nt t0 d1e', 'w4nt t0 d1e'],
    ['k i l l  m y s e l f', 'k i l l  m y s e l f'],
    ['kiiiill myself', 'kiiiill myself'],
    // Cyrillic і in "kill"
    ['k\u0456ll myself', 'k\u0456ll myself'],
    ['just kys', 'kys'],
    ['go kill-yourself', 'kill-yourself'],
  ],
  violence: [
    ['I will kill you', 'kill you'],
    ['im gonna stab him tomorrow', 'stab him'],
    ["I'm going to shoot up the school", 'shoot up the school'],
    ['I will bring a gun to school', 'bring a gun to school'],
    ['how to make a bomb at home', 'make a bomb'],
    ['we will beat him up after class', 'beat him up'],
    ['lets beat them up', 'beat them up'],
    ['k1ll u', 'k1ll u'],
    ['I am going to murder my brother', 'murder my brother'],
    // Issue 27: missed with no moderation service configured.
    ['I hate my classmate and want to hurt him.', 'want to hurt him'],
    ["I'm gonna punch her after school", "I'm gonna punch her"],
    ['i wanna hurt u', 'wanna hurt u'],
    ['Im going to attack that kid tomorrow', 'Im going to attack that kid'],
    ['I want to kill my classmate', 'kill my classmate'],
    ['i will hurt\u200B you', 'i will hurt\u200B you'],
  ],
  personal_data: [
    ['call me on 415-555-2671 after school', '415-555-2671'],
    ['my number is +44 20 7946 0958', '+44 20 7946 0958'],
    ['text me (415) 555 2671', '(415) 555 2671'],
    ['email me at kid.name@gmail.com', 'kid.name@gmail.com'],
    ['write to kid (at) gmail (dot) com', 'kid (at) gmail (dot) com'],
    ['it is jane at gmail dot com', 'jane at gmail dot com'],
    ['I live at 42 Oak Street', '42 Oak Street'],
    ['i live at 12 elm st, springfield', '12 elm st'],
    ['my postcode is SW1A 1AA', 'SW1A 1AA'],
    ['Springfield, IL 62704', 'IL 62704'],
    ['０２０ ７９４６ ０９５８', '０２０ ７９４６ ０９５８'],
  ],
};

/** School work and AI answers that must raise no alert. */
const CLEAN: string[] = [
  'kill the process and restart the server',
  'we will shoot a photo of the volcano model',
  "I'm dying to see the results!",
  'Practice: shoot a basketball from the free-throw line ten times.',
  'The soldiers were killed in the Battle of the Somme in 1916.',
  'World War II lasted from 1939 to 1945; World War I from 1914-1918.',
  'Romeo killed himself after he saw Juliet.',
  'Brutus stabbed Caesar on the Ides of March.',
  'Hitler committed suicide in his bunker in 1945.',
  'The atomic bomb was dropped on Hiroshima in August 1945.',
  'The assassination of Archduke Franz Ferdinand started the war.',
  'Sex chromosomes determine whether an embryo develops as male or female.',
  'The penis and vagina are reproductive organs (Year 8 biology).',
  'Moby Dick is a novel by Herman Melville.',
  'A blue tit sat on the branch next to a great tit.',
  'The cock crowed at dawn.',
  'Fire retardant foam slows the flames.',
  'El gato negro duerme.',
  'Scunthorpe is a town in Lincolnshire.',
  'Analyse the passage and assess its argument.',
  'Killer whales hunt in pods.',
  'This joke kills me.',
  'White blood cells find the bacteria and kill them.',
  'Kill them with kindness.',
  'Shoot them with the camera from a low angle.',
  'My mom will kill me if I fail.',
  'To Kill a Mockingbird is set in Alabama.',
  'We need to kill time before the bus comes.',
  "I'll shoot you an email with the worksheet.",
  "Don't worry, the spider will not hurt you.",
  // Near misses of the first-person intent rule (issue 27).
  'It will hurt you if you touch the hot stove.',
  'The injection is going to hurt him a little.',
  "I don't want to hurt his feelings.",
  'I hate my classmate for copying my homework.',
  "I'll hit you up after practice.",
  'We want to attack the problem from both sides.',
  'Did the fall hurt her knee?',
  "I'll kick you out of the game if you cheat.",
  'Words can hurt people, so choose them carefully.',
  'I walked 5 miles down the road to school.',
  'The White House is at 1600 Pennsylvania Avenue.',
  'Harry lived at 4 Privet Drive.',
  '3 patients saw Dr Smith this morning.',
  "We visited St Paul's Cathedral.",
  'The population was 1234567 in 2010.',
  'ISBN 978-3-16-148410-0',
  'Pi is 3.14159265358979.',
  'Meet @ school. Then we go to the park.',
  'The suicide rate is a topic in the health unit.',
  'A cocktail of chemicals reacted in the flask.',
  'Mix 250 ml water with 30 g salt; heat to 100 °C.',
  '',
  '   \n\t ',
];

describe('the local checker flags each category, plain and disguised', () => {
  for (const [category, cases] of Object.entries(FLAGGED) as [SafetyCategory, [string, string][]][]) {
    it.each(cases)(`${category}: %j`, (text, word) => {
      const verdict = checkLocally(text);
      expect(verdict.flagged).toBe(true);
      expect(verdict.categories).toEqual([category]);
      expect(verdict.source).toBe('local');
      const match = verdict.matches.find((candidate) => candidate.category === category);
      expect(match?.text).toBe(word);
      // The position points at the words as the student wrote them.
      expect(text.slice(match?.start, match?.end)).toBe(word);
    });
  }
});

describe('school work is not flagged', () => {
  it.each(CLEAN)('%j', (text) => {
    const verdict = checkLocally(text);
    expect(verdict.matches).toEqual([]);
    expect(verdict).toEqual({ flagged: false, categories: [], matches: [], source: 'none' });
  });
});

describe('options and mixed texts', () => {
  const mixed = 'fuck this, I want to kill myself, call 415-555-2671';

  it('reports every category of a mixed text, in order, with positions', () => {
    const verdict = checkLocally(mixed);
    expect(verdict.categories).toEqual(['profanity', 'self_harm', 'personal_data']);
    expect(verdict.matches.map(({ category, text, start }) => [category, text, start])).toEqual([
      ['profanity', 'fuck', 0],
      ['self_harm', 'kill myself', 21],
      ['personal_data', '415-555-2671', 39],
    ]);
  });

  it('a check switched off is not reported; the others still are', () => {
    expect(checkLocally(mixed, { profanity: false }).categories).toEqual(['self_harm', 'personal_data']);
    expect(checkLocally(mixed, { self_harm: false, personal_data: false }).categories).toEqual(['profanity']);
    expect(checkLocally('I will kill you', { violence: false }).flagged).toBe(false);
  });

  it('all checks off: nothing is flagged', () => {
    const verdict = checkLocally(mixed, { profanity: false, self_harm: false, violence: false, personal_data: false });
    expect(verdict).toEqual({ flagged: false, categories: [], matches: [], source: 'none' });
  });

  it('without a moderation endpoint the checker answers the local verdict', async () => {
    await expect(createContentChecker().check(mixed)).resolves.toEqual(checkLocally(mixed));
  });
});

describe('hostile input', () => {
  it('only the first MAX_CHECKED_CHARS characters are checked, and the verdict says so', () => {
    const padding = 'a'.repeat(MAX_CHECKED_CHARS);
    const late = checkLocally(`${padding} I want to kill myself`);
    expect(late).toEqual({ flagged: false, categories: [], matches: [], source: 'none', truncated: true });
    const early = checkLocally(`I want to kill myself ${padding}`);
    expect(early.flagged).toBe(true);
    expect(early.truncated).toBe(true);
  });

  it('a megabyte of text is checked (its head) without throwing', () => {
    const verdict = checkLocally('fuck '.repeat(200_000));
    expect(verdict.truncated).toBe(true);
    expect(verdict.matches.length).toBe(MAX_CHECKED_CHARS / 5);
    expect(verdict.matches.every((match) => match.end <= MAX_CHECKED_CHARS)).toBe(true);
  });

  it('does not cut an emoji in half at the limit', () => {
    const text = `${'a'.repeat(MAX_CHECKED_CHARS - 1)}😀 kill myself`;
    expect(checkLocally(text).truncated).toBe(true);
  });

  it('invisible characters, bidi overrides and accents do not hide a word, and positions stay in the original', () => {
    const text = 'ok \u202Ek\u200Bi\u200Dl\u2060l\u00AD m\u0079s\u0065lf\u202C now';
    const verdict = checkLocally(text);
    expect(verdict.categories).toEqual(['self_harm']);
    const [match] = verdict.matches;
    expect(match?.start).toBe(4);
    expect(text.slice(match?.start, match?.end)).toBe(match?.text);
    expect(checkLocally('fúck').categories).toEqual(['profanity']);
  });

  it('text made only of invisible characters, emoji or control characters is clean', () => {
    expect(checkLocally('\u200B\u200C\u200D\uFEFF').flagged).toBe(false);
    expect(checkLocally('😀🔥💯'.repeat(1000)).flagged).toBe(false);
    expect(checkLocally('\u0000\u0007\u001b[31m').flagged).toBe(false);
  });

  it('a value that is not text is clean, not an exception (callers outside TypeScript)', async () => {
    expect(checkLocally(undefined as unknown as string).flagged).toBe(false);
    await expect(createContentChecker().check(42 as unknown as string)).resolves.toEqual({ flagged: false, categories: [], matches: [], source: 'none' });
  });

  it('lone surrogates and combining marks alone do not throw', () => {
    expect(() => checkLocally('\uD800 \uDC00 \u0301\u0301\u0301')).not.toThrow();
  });

  it('many e-mail look-alikes and digits finish and stay correct', () => {
    const text = 'a.'.repeat(5000) + ' 1 '.repeat(2000);
    expect(checkLocally(text).flagged).toBe(false);
  });
});

describe('safetyExcerpt (what an alert keeps)', () => {
  it('keeps a short text whole', () => {
    const text = 'I want to kill myself';
    expect(safetyExcerpt(text, checkLocally(text))).toBe(text);
  });

  it('keeps the context around the first match of a long text, within the limit', () => {
    const text = `${'Once upon a time. '.repeat(100)}I want to kill myself.${' The end.'.repeat(100)}`;
    const excerpt = safetyExcerpt(text, checkLocally(text));
    expect(excerpt.length).toBeLessThanOrEqual(500);
    expect(excerpt).toContain('kill myself');
    expect(excerpt.startsWith('…')).toBe(true);
    expect(excerpt.endsWith('…')).toBe(true);
  });

  it('keeps the head of a long text that only the moderation endpoint flagged', () => {
    const text = 'x'.repeat(1000);
    const excerpt = safetyExcerpt(text, { flagged: true, categories: ['moderation'], matches: [], source: 'moderation_api' });
    expect(excerpt).toBe(`${'x'.repeat(499)}…`);
  });
});
