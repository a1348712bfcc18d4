/**
 * Added time of the content check per message (`pnpm --filter @appforge/functions bench:safety`).
 * Goal: ≤ 5 ms per message locally (issue 19).
 *
 * For student prompts of 50–500 characters, AI answers of 500–4,000 and the longest text checked
 * (20,000 characters), the local check's p50/p99 against a baseline in the same run: a naive
 * filter (`String.prototype.includes` of the same phrases and a few swear words on the lower-cased text,
 * plus the JSON.stringify a run does anyway to store the message). Then a class of 40 students
 * sending at once, and check() with the moderation endpoint on a loopback fake (the endpoint's
 * own time is the network's, not ours).
 */
import { performance } from 'node:perf_hooks';

import { checkLocally, createContentChecker } from '../src/safety/index.ts';
import { startFakeModerationServer } from '../src/safety/fake-moderation-server.ts';
import { SELF_HARM_PHRASES, VIOLENCE_PHRASES } from '../src/safety/lists.ts';

const SHORT = [
  'Can you help me write a story about a dragon who loves pizza?',
  'What were the main causes of World War I? I need 3 points for my essay.',
  'explain photosynthesis like im 10 pls',
  'Is 1945 when the war ended? My teacher said 1944 lol',
  'Translate "the black cat sleeps" into Spanish',
  'I hate this homework so much, it is killing me',
  'my number is 415 555 2671, text me after school',
];
const PARAGRAPH =
  'The French Revolution began in 1789 and changed Europe for ever. Citizens wrote pamphlets, soldiers marched 20 miles down the road to Versailles, and the king was executed in 1793. Historians still argue about why it happened: debt, hunger, new ideas from the Enlightenment. ';
const fill = (length: number, salt: number) => `${salt}. ${PARAGRAPH.repeat(Math.ceil(length / PARAGRAPH.length))}`.slice(0, length);
// Realistic sizes (issue 19): a student's prompt of 50–500 characters, an AI answer of 500–4,000,
// and the longest text checked (20,000).
const sized = (length: number, count = 6) => Array.from({ length: count }, (_, index) => fill(length, index));
const SIZES: readonly (readonly [string, string[], number])[] = [
  ['student 50', SHORT.map((text) => text.slice(0, 50)), 3000],
  ['student 200', sized(200), 3000],
  ['student 500', sized(500), 2000],
  ['answer 1,000', sized(1_000), 1000],
  ['answer 2,000', sized(2_000), 600],
  ['answer 4,000', sized(4_000), 300],
  ['max 20,000', sized(20_000, 3), 60],
];
const MAX_LABEL = 'max 20,000';

const WORDS = ['fuck', 'shit', 'bitch', 'cunt', 'dick', 'piss', 'wank', 'twat', 'slut', 'whore', ...SELF_HARM_PHRASES, ...VIOLENCE_PHRASES];
function baseline(text: string): boolean {
  const lower = text.toLowerCase();
  const hit = WORDS.some((word) => lower.includes(word));
  return JSON.stringify({ text }).length > 0 && hit;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function measure(texts: string[], runs: number, call: (text: string) => unknown): { p50: number; p99: number; mean: number } {
  for (let index = 0; index < Math.min(runs, 50); index += 1) call(texts[index % texts.length] ?? '');
  const times: number[] = [];
  for (let index = 0; index < runs; index += 1) {
    const text = texts[index % texts.length] ?? '';
    const started = performance.now();
    call(text);
    times.push(performance.now() - started);
  }
  const mean = times.reduce((sum, time) => sum + time, 0) / times.length;
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), mean };
}

const ms = (value: number) => `${value.toFixed(3)} ms`.padStart(11);

const coldStart = performance.now();
checkLocally('warm up the lists');
console.log(`first use (builds the lists)   ${ms(performance.now() - coldStart)}`);
console.log('');
console.log('message            chars   baseline p50  check p50    check p99    added p50    ratio   goal ≤ 5 ms');
let worst = 0;
for (const [label, texts, runs] of SIZES) {
  const base = measure(texts, runs, baseline);
  const checked = measure(texts, runs, (text) => checkLocally(text));
  const added = checked.p50 - base.p50;
  const chars = Math.round(texts.reduce((sum, text) => sum + text.length, 0) / texts.length);
  const meets = checked.p50 <= 5 ? 'yes' : 'no';
  if (label !== MAX_LABEL) worst = Math.max(worst, checked.p50);
  console.log(
    `${label.padEnd(17)} ${String(chars).padStart(6)} ${ms(base.p50)} ${ms(checked.p50)} ${ms(checked.p99)} ${ms(added)} ${(checked.p50 / base.p50).toFixed(1).padStart(7)}×   ${meets}`,
  );
}

// A class of 40 students sending at once: the checks of one process run one after another.
const CLASS = Array.from({ length: 40 }, (_, index) => SHORT[index % SHORT.length] ?? '');
const rounds: number[] = [];
for (let round = 0; round < 50; round += 1) {
  const started = performance.now();
  await Promise.all(CLASS.map((text) => createContentChecker().check(text)));
  rounds.push(performance.now() - started);
}
rounds.sort((a, b) => a - b);
console.log('');
console.log(`40 students at once (short)    p50 ${ms(percentile(rounds, 50))}  p99 ${ms(percentile(rounds, 99))}  (the last message's wait)`);

// With the moderation endpoint: the local pass overlaps the request, so the added time is the endpoint's.
const fake = await startFakeModerationServer();
const withApi = createContentChecker({ moderation: { url: fake.url, timeoutMs: 1500 } });
const localOnly = createContentChecker();
const timesWith: number[] = [];
const timesWithout: number[] = [];
for (let index = 0; index < 300; index += 1) {
  const text = SHORT[index % SHORT.length] ?? '';
  let started = performance.now();
  await localOnly.check(text);
  timesWithout.push(performance.now() - started);
  started = performance.now();
  await withApi.check(text);
  timesWith.push(performance.now() - started);
}
timesWith.sort((a, b) => a - b);
timesWithout.sort((a, b) => a - b);
console.log(
  `check() local only             p50 ${ms(percentile(timesWithout, 50))}  p99 ${ms(percentile(timesWithout, 99))}`,
);
console.log(
  `check() + loopback moderation  p50 ${ms(percentile(timesWith, 50))}  p99 ${ms(percentile(timesWith, 99))}  (ratio ${(percentile(timesWith, 50) / percentile(timesWithout, 50)).toFixed(1)}×)`,
);
await fake.close();
console.log('');
console.log(`student prompts (50–500) and AI answers (500–4,000) within the goal: ${worst <= 5 ? 'yes' : 'no'} (worst p50 ${worst.toFixed(3)} ms)`);
if (worst > 5) process.exitCode = 1;
