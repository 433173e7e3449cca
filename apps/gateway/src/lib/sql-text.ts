/** Escapes LIKE's wildcards (and its escape character) so user text matches only itself. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`);
