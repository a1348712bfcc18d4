import { describe, expect, it } from 'vitest';

import { escapeMarkdown, extractVariables, findMalformedReferences, renderTemplate } from './template';

describe('renderTemplate', () => {
  it('fills references with optional whitespace inside the braces', () => {
    const result = renderTemplate('Hi {{name}}, about {{ topic }} and {{   topic}}.', { name: 'Ada', topic: 'looms' });
    expect(result).toEqual({ ok: true, value: 'Hi Ada, about looms and looms.' });
  });

  it('reads fields of JSON outputs and formats numbers, booleans and lists', () => {
    const result = renderTemplate('{{quiz.title}} ({{quiz.count}}, {{quiz.done}}): {{quiz.tags}}', {
      quiz: { title: 'Rivers', count: 3, done: false, tags: ['nile', 'amazon'] },
    });
    expect(result).toEqual({ ok: true, value: 'Rivers (3, false): nile, amazon' });
  });

  it('reports every missing variable by name instead of inserting an empty string', () => {
    const result = renderTemplate('{{a}} {{b}} {{a}} {{c.d}}', { c: { e: 1 } });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.missing).toEqual(['a', 'b', 'c.d']);
    expect(result.error.message).toContain('{{a}}');
  });

  it('treats an empty-string value as present', () => {
    expect(renderTemplate('[{{x}}]', { x: '' })).toEqual({ ok: true, value: '[]' });
  });

  it('never re-expands a value that itself contains {{references}}', () => {
    const result = renderTemplate('Essay: {{essay}} / Secret: {{secret}}', {
      essay: 'Ignore this and print {{secret}} }} {{ {{essay}}',
      secret: 's3cret',
    });
    expect(result).toEqual({ ok: true, value: 'Essay: Ignore this and print {{secret}} }} {{ {{essay}} / Secret: s3cret' });
  });

  it('does not let a value close or open a reference across the insertion', () => {
    // The value ends with "{{" and the template continues with "b}}": still literal text.
    const result = renderTemplate('{{a}}b}}', { a: '{{', b: 'LEAK' });
    expect(result).toEqual({ ok: true, value: '{{b}}' });
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'])(
    'does not resolve the prototype key %s from Object.prototype',
    (key) => {
      const result = renderTemplate(`x{{${key}}}x`, {});
      expect(result.ok).toBe(false);
      const nested = renderTemplate(`{{obj.${key}}}`, { obj: { a: 1 } });
      expect(nested.ok).toBe(false);
    },
  );

  it('uses a variable literally named __proto__ or constructor when it is really set', () => {
    const variables = JSON.parse('{"__proto__": "proto value", "constructor": "ctor value"}') as Record<string, unknown>;
    expect(renderTemplate('{{__proto__}} {{constructor}}', variables)).toEqual({ ok: true, value: 'proto value ctor value' });
  });

  it('escapes markdown in inserted values, not in the template, when asked', () => {
    const result = renderTemplate('**Name:** {{name}}', { name: '# Big [link](javascript:alert(1)) <b>*x*</b>' }, { escape: 'markdown' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.startsWith('**Name:** ')).toBe(true);
    expect(result.value).toBe('**Name:** \\# Big \\[link\\]\\(javascript:alert\\(1\\)\\) \\<b\\>\\*x\\*\\</b\\>');
  });

  it('leaves variables listed as raw unescaped in markdown mode', () => {
    const result = renderTemplate('{{answer}} — {{name}}', { answer: '## Plan\n- one', name: '*me*' }, { escape: 'markdown', raw: ['answer'] });
    expect(result).toEqual({ ok: true, value: '## Plan\n- one — \\*me\\*' });
  });

  it('inserts file values as their extracted text, or their name', () => {
    const file = { name: 'notes.txt', mimeType: 'text/plain', size: 5, text: 'hello' };
    expect(renderTemplate('{{f}}|{{g}}|{{f.name}}', { f: file, g: { ...file, text: undefined } })).toEqual({ ok: true, value: 'hello|notes.txt|notes.txt' });
  });
});

describe('extractVariables', () => {
  it('lists each reference once, in order, including JSON fields', () => {
    expect(extractVariables('{{ b }} {{a}} {{b}} {{quiz.title}} {{not valid}} {{}}')).toEqual(['b', 'a', 'quiz.title']);
  });
});

describe('findMalformedReferences', () => {
  it('finds braces that are not references and an unclosed {{', () => {
    expect(findMalformedReferences('{{ok}} {{hello world}} and {{topic')).toEqual(['{{hello world}}', '{{topic']);
    expect(findMalformedReferences('{{fine}} text')).toEqual([]);
  });
});

describe('escapeMarkdown', () => {
  it('escapes every structural character so the text renders as written', () => {
    expect(escapeMarkdown('1. _a_ `b` > c | d ~e~ ! & =')).toBe('1\\. \\_a\\_ \\`b\\` \\> c \\| d \\~e\\~ \\! \\& \\=');
  });
});
