/** Escapes LIKE's wildcards so a member's search text matches literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
