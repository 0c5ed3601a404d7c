// How members' names are searched (decision 013): case and accents folded, every word typed starting one of the
// names. The database stores each name folded with the same letters (apps/api/src/db/schema/fold.ts).

export const FOLD_FROM = 'áàâäãåāçćčéèêëēėęíìîïīñńóòôöõøōúùûüūýÿžźż';
export const FOLD_TO = 'aaaaaaaccceeeeeeeiiiiinnooooooouuuuuyyzzz';

/** What the member types, folded as the stored names are. */
export function foldText(text: string): string {
  let out = text.toLowerCase();
  for (let i = 0; i < FOLD_FROM.length; i++) out = out.replaceAll(FOLD_FROM[i]!, FOLD_TO[i]!);
  return out;
}

/**
 * The smallest text after every text that starts with `prefix`, in the byte order of `text_pattern_ops` (UTF-8 byte
 * order is code point order): the prefix with its last character's code point one higher. Undefined when there is
 * none (the last character is U+10FFFF).
 */
export function afterPrefix(prefix: string): string | undefined {
  const chars = [...prefix];
  const last = chars.pop()?.codePointAt(0);
  if (last === undefined || last >= 0x10ffff) return undefined;
  // Surrogates are not characters: U+D7FF is followed by U+E000.
  const next = last === 0xd7ff ? 0xe000 : last + 1;
  return chars.join('') + String.fromCodePoint(next);
}

/** The words of a search text. */
export const wordsOf = (text: string | undefined): string[] => (text ?? '').split(/\s+/).filter(Boolean);

/** Escapes LIKE's wildcards so a member's search text matches literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
