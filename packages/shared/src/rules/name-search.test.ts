// The name search's word ranges (issue 8): a word's range holds exactly the texts that start with it.
import { describe, expect, it } from 'vitest';
import { afterPrefix } from './name-search';

/** Byte order of UTF-8, which `text_pattern_ops` compares by: the order of the code points. */
const compare = (a: string, b: string) => {
  const [x, y] = [[...a].map((c) => c.codePointAt(0)!), [...b].map((c) => c.codePointAt(0)!)];
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
};
const inRange = (text: string, prefix: string) => compare(text, prefix) >= 0 && compare(text, afterPrefix(prefix)!) < 0;

describe('afterPrefix', () => {
  it('is the prefix with its last character one higher', () => {
    expect(afterPrefix('ada')).toBe('adb');
    expect(afterPrefix('o')).toBe('p');
    expect(afterPrefix('zz')).toBe('z{');
    expect(afterPrefix('ñ')).toBe('ò');
    expect(afterPrefix('a😀')).toBe('a😁');
  });

  it('skips the surrogates, and has no answer after the last code point', () => {
    expect(afterPrefix('\uD7FF')).toBe('\uE000');
    expect(afterPrefix('a\u{10FFFF}')).toBeUndefined();
    expect(afterPrefix('')).toBeUndefined();
  });

  it('bounds exactly the texts that start with the prefix, in byte order', () => {
    const texts = [
      'ad',
      'ada',
      'adam',
      'adb',
      'adaz',
      'ad\u00e1',
      'adaé',
      'ada\u{10FFFF}',
      'ad`',
      'ac',
      'b',
      'lovelace',
      'lo',
      'l',
      'lö',
      'lp',
    ];
    for (const prefix of ['ada', 'lo', 'ad', 'l']) {
      for (const text of texts) expect(inRange(text, prefix), `${text} for ${prefix}`).toBe(text.startsWith(prefix));
    }
  });
});
