// What "the output has the shape the README shows" means, for the two ways README.md shows output:
// - under a `$ ` prompt, an excerpt: its lines must appear in the output in that order (lines may be left out
//   between them: an excerpt), each with the same words where the README has words and any value where it has a
//   number, a count or a file name (any word holding a digit); `...` lines mark what the excerpt left out.
// - in a comment, a quoted line with <placeholders>: `# prints "<id>  <16 hex>  <file>" per input` means every
//   line printed has that form; a trailing ` ...` repeats the element before it zero or more times.

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A shown output line as a pattern: words with a digit match any word, runs of spaces any run of spaces. */
export function excerptLinePattern(shown: string): RegExp {
  const words = shown.trim().split(/\s+/).map((word) => (/\d/.test(word) ? '\\S+' : escape(word)));
  return new RegExp(`^\\s*${words.join('\\s+')}\\s*$`);
}

const isGap = (line: string) => /^\s*(\.\.\.|…)\s*$/.test(line);

/** The first shown line (README text) that has no match in `actual` after the previous one's; undefined if all do. */
export function missingExcerptLine(shown: string[], actual: string[]): string | undefined {
  let at = 0;
  for (const line of shown) {
    if (line.trim() === '' || isGap(line)) continue;
    const pattern = excerptLinePattern(line);
    while (at < actual.length && !pattern.test(actual[at])) at++;
    if (at === actual.length) return line;
    at++;
  }
  return undefined;
}

/** The quoted `"…<placeholder>…"` line form in a comment, if it has one, as a pattern. */
export function commentLinePattern(comment: string): RegExp | undefined {
  const quoted = /"([^"]*<[^"<>]+>[^"]*)"/.exec(comment)?.[1];
  if (!quoted) return undefined;
  let body = quoted;
  let repeated = '';
  const tail = /\s+(\S+)\s+(\.\.\.|…)$/.exec(body);
  if (tail) {
    body = body.slice(0, tail.index);
    repeated = tail[1];
  }
  const toPattern = (text: string) => text.split(/(<[^<>]+>)/).map((part) => {
    if (!part.startsWith('<')) return escape(part).replace(/ +/g, ' +');
    return /16 hex/.test(part) ? '[0-9a-f]{16}' : /hex/.test(part) ? '[0-9a-f]+' : '\\S+';
  }).join('');
  return new RegExp(`^${toPattern(body)}${repeated ? `(?: +${toPattern(repeated)})*` : ''}$`);
}
