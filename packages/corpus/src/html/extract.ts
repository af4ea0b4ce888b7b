// Visible text of an HTML document, with htmlparser2's tokenizer (a real, forgiving HTML parser) doing the parsing:
// scripts, styles, navigation and page headers/footers are dropped; blocks become lines and paragraphs.
import { Parser } from 'htmlparser2';
import { describe } from 'simhash-wasm/internal';
import { assertAttached } from 'simhash-wasm/internal';
import { FURNITURE, FURNITURE_ROLES, INVISIBLE, LINE_BREAK, PARAGRAPH_BREAK, SECTIONING, WORD_BREAK } from './elements.js';

export interface HtmlTextOptions {
  /** Keep navigation, sidebars and page-level headers and footers (scripts and styles still go). Default false. */
  keepBoilerplate?: boolean;
}

interface Open {
  readonly name: string;
  /** This element starts a dropped subtree. */
  readonly drops: boolean;
  readonly sectioning: boolean;
}

/**
 * The text a reader sees in `html`: entities decoded, whitespace runs collapsed to one space (inside `pre` too:
 * the words, not the layout, are what fingerprints compare), a line break between block elements and a blank line
 * between paragraphs. `<title>` and everything else in `<head>` is dropped, as are hidden elements.
 */
export function htmlToText(html: string | Uint8Array, options: HtmlTextOptions = {}): string {
  if (typeof html !== 'string' && !(html instanceof Uint8Array)) throw new TypeError(`html must be a string or a Uint8Array, got ${describe(html)}`);
  if (typeof html !== 'string') assertAttached(html, 'html');
  if (options === null || typeof options !== 'object') throw new TypeError(`options must be an object, got ${describe(options)}`);
  const keepBoilerplate = options.keepBoilerplate === true;
  const source = typeof html === 'string' ? html : new TextDecoder().decode(html);
  const out = new TextBuilder();
  const stack: Open[] = [];
  let dropDepth = 0; // open elements that drop their subtree
  let sectioningDepth = 0;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const sectioning = SECTIONING.has(name);
        const drops = INVISIBLE.has(name) || isHidden(attributes) || (!keepBoilerplate && isFurniture(name, attributes, sectioningDepth));
        stack.push({ name, drops, sectioning });
        if (drops) dropDepth++;
        if (sectioning) sectioningDepth++;
        if (dropDepth === 0) out.open(name);
      },
      onclosetag(name) {
        const top = stack.pop();
        if (top === undefined) return; // a stray end tag the parser did not pair: nothing was opened
        if (dropDepth === 0) out.close(name);
        if (top.drops) dropDepth--;
        if (top.sectioning) sectioningDepth--;
      },
      ontext(text) {
        if (dropDepth === 0) out.text(text);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true },
  );
  parser.end(source);
  return out.result();
}

function isHidden(attributes: Record<string, string>): boolean {
  if ('hidden' in attributes || attributes['aria-hidden'] === 'true') return true;
  const style = attributes.style;
  return style !== undefined && /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\b/i.test(style);
}

function isFurniture(name: string, attributes: Record<string, string>, sectioningDepth: number): boolean {
  if (FURNITURE.has(name)) return true;
  const role = attributes.role?.trim().toLowerCase();
  if (role !== undefined && FURNITURE_ROLES.has(role)) return true;
  return (name === 'header' || name === 'footer') && sectioningDepth === 0;
}

/** Accumulates text with at most one pending break (word, line or paragraph) between runs of words. */
class TextBuilder {
  #parts: string[] = [];
  /** 0 none, 1 space, 2 newline, 3 blank line; written only before the next word. */
  #pending = 0;

  open(name: string): void {
    this.#break(name);
  }

  close(name: string): void {
    this.#break(name);
  }

  text(text: string): void {
    const words = text.split(/[\t\n\f\r ]+/);
    for (let i = 0; i < words.length; i++) {
      if (i > 0) this.#want(1);
      if (words[i] === '') continue;
      if (this.#parts.length > 0 && this.#pending > 0) this.#parts.push(this.#pending === 1 ? ' ' : this.#pending === 2 ? '\n' : '\n\n');
      this.#pending = 0;
      this.#parts.push(words[i]);
    }
  }

  result(): string {
    return this.#parts.join('');
  }

  #break(name: string): void {
    if (PARAGRAPH_BREAK.has(name)) this.#want(3);
    else if (LINE_BREAK.has(name)) this.#want(2);
    else if (WORD_BREAK.has(name)) this.#want(1);
  }

  #want(level: number): void {
    if (level > this.#pending) this.#pending = level;
  }
}
