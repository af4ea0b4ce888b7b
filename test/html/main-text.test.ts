// simhash-wasm/html htmlMainText: the article alone (Readability over linkedom), made text as htmlToText makes it;
// the visible text where no article is found; never a throw on bad markup.
import { describe, expect, it } from 'vitest';
import { htmlMainText, htmlToText } from '../../packages/corpus/src/html/index.js';
import { articlePage, forumPage, frontPage, PageWriter } from '../support/html-pages.js';

/** Sentences of at least three words: a short nav label could also occur inside an article sentence by chance. */
const sentences = (list: readonly string[]) => list.filter((s) => s.split(' ').length >= 3);
const kept = (text: string, list: readonly string[]) => list.filter((s) => text.includes(s));

describe('htmlMainText', () => {
  it('keeps the article of an article page and drops its navigation, related stories, comments and footer', () => {
    for (const seed of [1, 2, 3]) {
      const page = articlePage(seed);
      const main = htmlMainText(page.html);
      expect(kept(main, page.article)).toEqual(page.article);
      const furniture = sentences(page.furniture);
      expect(furniture.length).toBeGreaterThan(20);
      expect(kept(main, furniture)).toEqual([]);
    }
  });

  it('text keeps the article and the comments and teasers around it', () => {
    const page = articlePage(4);
    const text = htmlToText(page.html);
    expect(kept(text, page.article)).toEqual(page.article);
    // htmlToText drops <nav> and the page footer but not the comments or the related list: most furniture stays.
    expect(kept(text, sentences(page.furniture)).length).toBeGreaterThan(sentences(page.furniture).length / 2);
  });

  it('keeps every post of a forum thread and drops the site around it', () => {
    const page = forumPage(5);
    const main = htmlMainText(page.html);
    expect(kept(main, page.article)).toEqual(page.article);
    expect(kept(main, sentences(page.furniture))).toEqual([]);
  });

  it('makes text as htmlToText does: the same paragraphs, breaks and entities, no markup', () => {
    const w = new PageWriter(6);
    const paragraphs = Array.from({ length: 6 }, () => w.paragraph(4));
    const body = `<article><h1>A headline</h1>${paragraphs.map((p, i) => `<p>${i === 2 ? `${p} Fish &amp; chips<br>on a new line` : p}</p>`).join('')}</article>`;
    const html = `<html><head><title>T</title></head><body><nav><a href="/">Home</a> <a href="/a">About us</a></nav>${body}<footer>Copyright</footer></body></html>`;
    const main = htmlMainText(html);
    expect(main).toBe(htmlToText(body));
    expect(main).toContain('Fish & chips\non a new line');
    expect(main).not.toMatch(/[<>]/);
  });

  it('falls back to the visible text where Readability gives up: too many elements, no article, no markup', () => {
    const page = frontPage(7);
    // Readability refuses pages over maxElements (it throws): the visible text stands in.
    expect(htmlMainText(page.html, { maxElements: 50 })).toBe(htmlToText(page.html));
    expect(htmlMainText(page.html, { maxElements: 0 })).not.toBe(htmlToText(page.html)); // 0: no limit
    // No article at all (Readability returns null): the visible text, here nothing.
    expect(htmlMainText('<html><body><img src="a.png"><footer>Contact</footer></body></html>')).toBe('');
    expect(htmlMainText('just words, no markup at all')).toBe('just words, no markup at all');
    expect(htmlMainText('')).toBe('');
  });

  it('on a front page with no article it keeps less than the visible text, and something', () => {
    const page = frontPage(8);
    const main = htmlMainText(page.html);
    expect(main.length).toBeGreaterThan(0);
    expect(main.length).toBeLessThan(htmlToText(page.html).length);
  });

  it('never throws on malformed or hostile markup, and returns no markup', () => {
    const w = new PageWriter(9);
    const paragraph = w.paragraph(8);
    const broken = [
      '<<<>>><div', '</body></html><p>after the end</p>', '<html><head><title>unclosed', `<head><body><p>${paragraph}`,
      '<table><tr><td><p>cell<td>cell</table></p></td>', '<p>'.repeat(5000) + paragraph, '<div>'.repeat(3000) + paragraph + '</div>'.repeat(10),
      `<svg><script>alert(1)</script></svg><p>${paragraph}</p><!-- unclosed comment`, '<html><html><body><body><p>twice</p>',
      '\u0000\uffff<p>\ud800 lone surrogate</p>', '<head><head><head>'.repeat(100), `<p>${paragraph}</p><script>document.write("<p>x")`,
    ];
    for (const html of broken) {
      const main = htmlMainText(html);
      expect(typeof main).toBe('string');
      expect(main).not.toMatch(/<(?:p|div|td|html|body|script|svg)\b/);
      if (html.includes(paragraph)) expect(main).toContain(paragraph);
    }
  });

  it('takes UTF-8 bytes like a string', () => {
    const page = articlePage(10);
    expect(htmlMainText(new TextEncoder().encode(page.html))).toBe(htmlMainText(page.html));
  });

  it('bad arguments are TypeErrors and RangeErrors naming them', () => {
    expect(() => htmlMainText(42 as never)).toThrow(/html must be a string or a Uint8Array/);
    expect(() => htmlMainText('<p>x</p>', null as never)).toThrow(/options must be an object/);
    expect(() => htmlMainText('<p>x</p>', { maxElements: -1 })).toThrow(RangeError);
    expect(() => htmlMainText('<p>x</p>', { maxElements: 1.5 })).toThrow(/options.maxElements must be an integer/);
    const bytes = new TextEncoder().encode('<p>transferred</p>');
    structuredClone(bytes, { transfer: [bytes.buffer] });
    expect(() => htmlMainText(bytes)).toThrow(/html is a view of a detached ArrayBuffer/);
  });
});
