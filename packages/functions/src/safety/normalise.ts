// What the local lists look at: the text without invisible characters (zero-width spaces and
// joiners, bidi controls, soft hyphens, variation selectors), with compatibility forms folded
// (full-width ｆｕｃｋ and ０２０ → fuck, 020) and accents dropped (fück → fuck), plus a map back to
// the original offsets so every match is reported where the user wrote it.

/** Format characters (Cf: ZWSP, ZWJ, word joiner, bidi overrides, soft hyphen, BOM …) and variation selectors. */
const INVISIBLE = /^[\p{Cf}\u{FE00}-\u{FE0F}\u{E0100}-\u{E01EF}\u{180B}-\u{180F}\u{115F}\u{1160}\u{3164}\u{FFA0}]$/u;
const MARKS = /\p{M}/gu;
// eslint-disable-next-line no-control-regex -- the whole ASCII range, control characters included
const ASCII = /^[\x00-\x7F]*$/;

export interface NormalisedText {
  text: string;
  /** For each UTF-16 unit of `text`: where the code point it came from starts in the original. */
  starts: Int32Array;
  /** …and where it ends (exclusive). */
  ends: Int32Array;
}

const folded = new Map<string, string>();

function fold(char: string): string {
  let result = folded.get(char);
  if (result === undefined) {
    result = INVISIBLE.test(char) ? '' : char.normalize('NFKD').replace(MARKS, '');
    // Marks alone (a combining accent typed separately) vanish; keep the map small on hostile input.
    if (folded.size < 4096) folded.set(char, result);
  }
  return result;
}

export function normalise(original: string): NormalisedText {
  if (ASCII.test(original)) {
    const starts = new Int32Array(original.length);
    const ends = new Int32Array(original.length);
    for (let index = 0; index < original.length; index += 1) {
      starts[index] = index;
      ends[index] = index + 1;
    }
    return { text: original, starts, ends };
  }
  const parts: string[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  let offset = 0;
  for (const char of original) {
    const end = offset + char.length;
    const code = char.charCodeAt(0);
    const out = code < 0x80 ? char : fold(char);
    for (let unit = 0; unit < out.length; unit += 1) {
      starts.push(offset);
      ends.push(end);
    }
    if (out) parts.push(out);
    offset = end;
  }
  return { text: parts.join(''), starts: Int32Array.from(starts), ends: Int32Array.from(ends) };
}

/** The original span of the normalised span [start, end). */
export function originalSpan(normalised: NormalisedText, start: number, end: number): { start: number; end: number } {
  return { start: normalised.starts[start] ?? 0, end: normalised.ends[end - 1] ?? 0 };
}
