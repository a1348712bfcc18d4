import { err, ok } from '../result';
import type { Result } from '../result';

/**
 * A regular-expression matcher that cannot stall: patterns are compiled to a small automaton and
 * run by breadth-first simulation (every position visits each state at most once), so the time is
 * bounded by pattern size × input length whatever the pattern. JavaScript's own RegExp backtracks
 * and has no timeout, which lets a pattern like `(a+)+$` hang a server.
 *
 * Supported: literals, `.`, classes `[a-z]` `[^…]`, escapes `\d \w \s \D \W \S \b`-free, anchors
 * `^ $` (at the start and end of any line of the output), groups `( )` `(?: )`, alternation `|`, quantifiers `* + ? {m} {m,} {m,n}` (lazy `?`
 * suffixes accepted and treated as greedy, since only "does it match" matters), flag `i`.
 * Refused with a message: back-references, look-arounds, named groups, word boundaries.
 */

export const SAFE_REGEX_LIMITS = {
  patternLength: 500,
  /** States after expanding counted repeats: keeps pattern × input bounded. */
  states: 5_000,
  /** A `{m,n}` larger than this is refused. */
  repeat: 1_000,
  /** Longer inputs are not searched: the caller says so instead of answering slowly or wrongly. */
  inputLength: 100_000,
} as const;

type CharTest = (c: string) => boolean;

type Node =
  | { type: 'char'; test: CharTest }
  | { type: 'seq'; items: Node[] }
  | { type: 'alt'; options: Node[] }
  | { type: 'repeat'; node: Node; min: number; max: number | null }
  | { type: 'bol' }
  | { type: 'eol' };

export interface SafeRegex {
  readonly source: string;
  readonly ignoreCase: boolean;
  /** True when the pattern matches somewhere in `input` (like `RegExp.prototype.test`); false beyond the input limit. */
  test(input: string): boolean;
}

class ParseError extends Error {}

const isDigit: CharTest = (c) => c >= '0' && c <= '9';
const isWord: CharTest = (c) => isDigit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_';
const isSpace: CharTest = (c) => /\s/.test(c);

class Parser {
  private pos = 0;
  constructor(
    private readonly src: string,
    private readonly ignoreCase: boolean,
  ) {}

  parse(): Node {
    const node = this.alternation();
    if (this.peek() === ')') throw new ParseError(`A ) at position ${this.pos + 1} closes no group.`);
    if (this.pos < this.src.length) throw new ParseError(`Unexpected “${this.src[this.pos] ?? ''}” at position ${this.pos + 1}.`);
    return node;
  }

  private peek(): string | undefined {
    return this.src[this.pos];
  }

  private alternation(): Node {
    const options = [this.sequence()];
    while (this.peek() === '|') {
      this.pos++;
      options.push(this.sequence());
    }
    return options.length === 1 && options[0] ? options[0] : { type: 'alt', options };
  }

  private sequence(): Node {
    const items: Node[] = [];
    while (this.pos < this.src.length && this.peek() !== '|' && this.peek() !== ')') {
      items.push(this.quantified());
    }
    return { type: 'seq', items };
  }

  private quantified(): Node {
    const atom = this.atom();
    const c = this.peek();
    let min: number;
    let max: number | null;
    if (c === '*') [min, max] = [0, null];
    else if (c === '+') [min, max] = [1, null];
    else if (c === '?') [min, max] = [0, 1];
    else if (c === '{') {
      const m = /^\{(\d{1,6})(,(\d{0,6}))?\}/.exec(this.src.slice(this.pos));
      if (!m) return atom;
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] === '' || m[3] === undefined ? null : Number(m[3]);
      if (max !== null && max < min) throw new ParseError(`The repeat ${m[0]} has its numbers out of order.`);
      if (min > SAFE_REGEX_LIMITS.repeat || (max ?? 0) > SAFE_REGEX_LIMITS.repeat) {
        throw new ParseError(`A repeat count is at most ${SAFE_REGEX_LIMITS.repeat}.`);
      }
      this.pos += m[0].length - 1;
    } else return atom;
    this.pos++;
    if (this.peek() === '?') this.pos++;
    if (atom.type === 'bol' || atom.type === 'eol') throw new ParseError('An anchor (^ or $) cannot be repeated.');
    const next = this.peek();
    if (next === '*' || next === '+' || next === '{') throw new ParseError(`Two repeats in a row at position ${this.pos + 1}.`);
    return { type: 'repeat', node: atom, min, max };
  }

  private literal(ch: string): Node {
    if (!this.ignoreCase) return { type: 'char', test: (c) => c === ch };
    const lower = ch.toLowerCase();
    return { type: 'char', test: (c) => c.toLowerCase() === lower };
  }

  private atom(): Node {
    const c = this.peek();
    if (c === undefined) throw new ParseError('The pattern ends too early.');
    this.pos++;
    switch (c) {
      case '(': {
        if (this.peek() === '?') {
          if (this.src[this.pos + 1] !== ':') {
            throw new ParseError('Look-arounds and named groups are not supported; use a plain group ( ) or (?: ).');
          }
          this.pos += 2;
        }
        const inner = this.alternation();
        if (this.peek() !== ')') throw new ParseError('A group opened with ( is never closed.');
        this.pos++;
        return inner;
      }
      case ')':
        throw new ParseError(`A ) at position ${this.pos} closes no group.`);
      case '*':
      case '+':
      case '?':
        throw new ParseError(`“${c}” at position ${this.pos} repeats nothing.`);
      case '^':
        return { type: 'bol' };
      case '$':
        return { type: 'eol' };
      case '.':
        return { type: 'char', test: (ch) => ch !== '\n' && ch !== '\r' };
      case '[':
        return this.charClass();
      case '\\':
        return this.escape(false) as Node;
      default:
        return this.literal(c);
    }
  }

  /** In a class, returns a test; outside, a node. */
  private escape(inClass: boolean): Node | CharTest {
    const c = this.peek();
    if (c === undefined) throw new ParseError('The pattern ends with a lone backslash.');
    this.pos++;
    const wrap = (test: CharTest): Node | CharTest => (inClass ? test : { type: 'char', test });
    switch (c) {
      case 'd':
        return wrap(isDigit);
      case 'D':
        return wrap((x) => !isDigit(x));
      case 'w':
        return wrap(isWord);
      case 'W':
        return wrap((x) => !isWord(x));
      case 's':
        return wrap(isSpace);
      case 'S':
        return wrap((x) => !isSpace(x));
      case 'n':
        return wrap((x) => x === '\n');
      case 't':
        return wrap((x) => x === '\t');
      case 'r':
        return wrap((x) => x === '\r');
      case 'b':
      case 'B':
        throw new ParseError('Word boundaries (\\b) are not supported; match the characters around the word instead.');
      case 'k':
        throw new ParseError('Named back-references are not supported.');
      default:
        if (/[1-9]/.test(c)) throw new ParseError('Back-references such as \\1 are not supported.');
        if (/[a-zA-Z0-9]/.test(c)) throw new ParseError(`The escape \\${c} is not supported.`);
        if (inClass) {
          const node = this.literal(c);
          return node.type === 'char' ? node.test : () => false;
        }
        return this.literal(c);
    }
  }

  private charClass(): Node {
    let negate = false;
    if (this.peek() === '^') {
      negate = true;
      this.pos++;
    }
    const tests: CharTest[] = [];
    let first = true;
    while (this.peek() !== ']' || first) {
      first = false;
      const c = this.peek();
      if (c === undefined) throw new ParseError('A class opened with [ is never closed.');
      this.pos++;
      if (c === '\\') {
        tests.push(this.escape(true) as CharTest);
        continue;
      }
      if (this.peek() === '-' && this.src[this.pos + 1] !== undefined && this.src[this.pos + 1] !== ']') {
        const end = this.src[this.pos + 1] ?? '';
        this.pos += 2;
        if (end < c) throw new ParseError(`The range ${c}-${end} is out of order.`);
        const lo = this.ignoreCase ? c.toLowerCase() : c;
        const hi = this.ignoreCase ? end.toLowerCase() : end;
        tests.push(
          this.ignoreCase
            ? (x) => (x >= c && x <= end) || (x.toLowerCase() >= lo && x.toLowerCase() <= hi) || (x.toUpperCase() >= c && x.toUpperCase() <= end)
            : (x) => x >= c && x <= end,
        );
        continue;
      }
      const lower = c.toLowerCase();
      tests.push(this.ignoreCase ? (x) => x.toLowerCase() === lower : (x) => x === c);
    }
    this.pos++;
    return { type: 'char', test: (x) => tests.some((t) => t(x)) !== negate };
  }
}

/** Automaton instructions (Thompson construction). */
type Inst =
  | { op: 'char'; test: CharTest; next: number }
  | { op: 'split'; a: number; b: number }
  | { op: 'jmp'; to: number }
  | { op: 'bol'; next: number }
  | { op: 'eol'; next: number }
  | { op: 'match' };

class Compiler {
  readonly prog: Inst[] = [];

  private emit(inst: Inst): number {
    if (this.prog.length >= SAFE_REGEX_LIMITS.states) {
      throw new ParseError(`The pattern is too large once its repeats are counted out (at most ${SAFE_REGEX_LIMITS.states} steps).`);
    }
    this.prog.push(inst);
    return this.prog.length - 1;
  }

  private patch(at: number, field: 'next' | 'a' | 'b' | 'to', target: number): void {
    const inst = this.prog[at] as Record<string, unknown> | undefined;
    if (inst) inst[field] = target;
  }

  /** Emits code for `node`; execution continues at the instruction after it. */
  compile(node: Node): void {
    switch (node.type) {
      case 'char': {
        const at = this.emit({ op: 'char', test: node.test, next: -1 });
        this.patch(at, 'next', at + 1);
        return;
      }
      case 'bol':
      case 'eol': {
        const at = this.emit({ op: node.type, next: -1 });
        this.patch(at, 'next', at + 1);
        return;
      }
      case 'seq':
        for (const item of node.items) this.compile(item);
        return;
      case 'alt': {
        const jumps: number[] = [];
        node.options.forEach((option, index) => {
          const last = index === node.options.length - 1;
          const split = last ? -1 : this.emit({ op: 'split', a: -1, b: -1 });
          if (split !== -1) this.patch(split, 'a', split + 1);
          this.compile(option);
          if (!last) {
            jumps.push(this.emit({ op: 'jmp', to: -1 }));
            this.patch(split, 'b', this.prog.length);
          }
        });
        for (const j of jumps) this.patch(j, 'to', this.prog.length);
        return;
      }
      case 'repeat': {
        for (let i = 0; i < node.min; i++) this.compile(node.node);
        if (node.max === null) {
          const split = this.emit({ op: 'split', a: -1, b: -1 });
          this.patch(split, 'a', split + 1);
          this.compile(node.node);
          this.emit({ op: 'jmp', to: split });
          this.patch(split, 'b', this.prog.length);
          return;
        }
        const splits: number[] = [];
        for (let i = node.min; i < node.max; i++) {
          const split = this.emit({ op: 'split', a: -1, b: -1 });
          this.patch(split, 'a', split + 1);
          splits.push(split);
          this.compile(node.node);
        }
        for (const s of splits) this.patch(s, 'b', this.prog.length);
        return;
      }
    }
  }
}

function run(prog: readonly Inst[], input: string): boolean {
  const n = prog.length;
  let current: number[] = [];
  let next: number[] = [];
  const seen = new Int32Array(n).fill(-1);
  let generation = 0;

  // Follows jumps, splits and anchors from `pc` at input position `pos`, collecting char states.
  const add = (list: number[], start: number, pos: number): boolean => {
    const stack = [start];
    while (stack.length > 0) {
      const pc = stack.pop() as number;
      if (pc < 0 || pc >= n || seen[pc] === generation) continue;
      seen[pc] = generation;
      const inst = prog[pc];
      if (!inst) continue;
      switch (inst.op) {
        case 'match':
          return true;
        case 'jmp':
          stack.push(inst.to);
          break;
        case 'split':
          stack.push(inst.b, inst.a);
          break;
        case 'bol':
          if (pos === 0 || input[pos - 1] === '\n') stack.push(inst.next);
          break;
        case 'eol':
          if (pos === input.length || input[pos] === '\n') stack.push(inst.next);
          break;
        case 'char':
          list.push(pc);
          break;
      }
    }
    return false;
  };

  for (let pos = 0; pos <= input.length; pos++) {
    generation++;
    // Every position is a possible start (an unanchored search).
    for (const pc of current) {
      const inst = prog[pc];
      if (inst?.op === 'char' && pos > 0 && inst.test(input[pos - 1] ?? '')) {
        if (add(next, inst.next, pos)) return true;
      }
    }
    if (add(next, 0, pos)) return true;
    [current, next] = [next, current];
    next.length = 0;
  }
  return false;
}

/**
 * Compiles `pattern` (flags: only `i`) into a matcher whose running time is linear in the input.
 * A pattern this matcher cannot run safely is refused with a message a person can act on.
 */
export function compileSafeRegex(pattern: string, flags = ''): Result<SafeRegex, string> {
  if (pattern.length === 0) return err('The pattern is empty.');
  if (pattern.length > SAFE_REGEX_LIMITS.patternLength) {
    return err(`A pattern has at most ${SAFE_REGEX_LIMITS.patternLength} characters.`);
  }
  if (!/^i?$/.test(flags)) return err('The only flag supported is i (ignore case).');
  const ignoreCase = flags === 'i';
  try {
    const ast = new Parser(pattern, ignoreCase).parse();
    const compiler = new Compiler();
    compiler.compile(ast);
    compiler.prog.push({ op: 'match' });
    const prog = compiler.prog;
    return ok({
      source: pattern,
      ignoreCase,
      test: (input: string) => input.length <= SAFE_REGEX_LIMITS.inputLength && run(prog, input),
    });
  } catch (error) {
    if (error instanceof ParseError) return err(`The pattern cannot be used: ${error.message}`);
    throw error;
  }
}
