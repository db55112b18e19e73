import { describe, expect, it } from 'vitest';
import { estimateMessageChars, estimateStringChars } from '../../context/index.js';

describe('estimateStringChars', () => {
  it('counts a Latin character as 1 and a CJK character as 4', () => {
    expect(estimateStringChars('abc')).toBe(3);
    expect(estimateStringChars('上下文')).toBe(12);
    expect(estimateStringChars('한글')).toBe(8);
  });

  it('counts a surrogate pair as one code point', () => {
    expect(estimateStringChars('😀')).toBe(1);
    expect(estimateStringChars('𠀀')).toBe(4);
  });

  it('measures malformed blocks as empty instead of throwing', () => {
    const malformed = { role: 'assistant', content: [null, { type: 'text' }, { type: 'thinking' }] };
    expect(estimateMessageChars(malformed as never)).toBe(0);
  });
});
