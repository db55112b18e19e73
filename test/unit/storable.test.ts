import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasUnstorable, storableJsonText, storableText } from '../../context/storable.js';

describe('what PostgreSQL can store', () => {
  it('finds NUL and unpaired surrogates, and only them', () => {
    for (const bad of ['a\u0000b', '\ud800', 'x\udc00', '\ud83d', '\udc00\ud800'])
      expect(hasUnstorable(bad), bad).toBe(true);
    for (const good of ['', 'plain', '😀', '\ud83d\ude00', '\ufeff\u0001\u001f', '\\u0000']) {
      expect(hasUnstorable(good), good).toBe(false);
    }
    expect(storableText('a\u0000b\ud800😀')).toBe('a\ufffdb\ufffd😀');
  });

  it('keeps storable JSON as JSON.stringify writes it, and replaces the rest in keys and strings', () => {
    expect(storableJsonText({ b: 1, a: ['x', '\\u0000'] })).toBe('{"b":1,"a":["x","\\\\u0000"]}');
    expect(JSON.parse(storableJsonText({ 'k\u0000': ['\ud800', { n: 'a\u0000' }] }))).toEqual({
      'k\ufffd': ['\ufffd', { n: 'a\ufffd' }],
    });
  });

  it('always yields text that has no unstorable character and parses back', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string({ unit: 'binary' }), (value, text) => {
        const json = storableJsonText({ value, text });
        expect(hasUnstorable(JSON.parse(json).text)).toBe(false);
        expect(json).not.toMatch(/(?<!\\)(?:\\\\)*\\u(?:0000|d[89a-f][0-9a-f]{2})/);
        if (!hasUnstorable(text)) expect(JSON.parse(json).text).toBe(text);
      }),
    );
  });
});
