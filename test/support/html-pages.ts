// Generated web pages shaped like real ones, seeded so a failure reproduces: an article page (site navigation, the
// article, a teaser list, comments, a footer), a news front page (teasers only, no article) and a forum thread
// (posts of similar weight, breadcrumbs, signatures). Each page says which of its sentences are the article and
// which are site furniture, so tests can check what an extractor kept. The benchmarks read the same pages.
import { lcgUniform } from './random.js';

export interface GeneratedPage {
  readonly html: string;
  /** The article's paragraphs (for the front page: none). */
  readonly article: readonly string[];
  /** Text around the article: navigation, teasers, comments, footer. */
  readonly furniture: readonly string[];
}

const SYLLABLES = ['ka', 'lo', 'mi', 'ten', 'sar', 'ub', 'vel', 'dri', 'an', 'fos', 'pre', 'quo', 'rin', 'sta', 'tum', 'wex', 'yor', 'zel'];

export class PageWriter {
  readonly #random: () => number;
  constructor(seed: number) {
    this.#random = lcgUniform(seed);
  }

  below(n: number): number {
    return Math.floor(this.#random() * n);
  }

  word(): string {
    let word = '';
    for (let i = 1 + this.below(3); i > 0; i--) word += SYLLABLES[this.below(SYLLABLES.length)];
    return word;
  }

  words(n: number): string {
    return Array.from({ length: n }, () => this.word()).join(' ');
  }

  /** A sentence with a comma or two, as prose has (Readability counts commas as a sign of prose). */
  sentence(): string {
    const parts = Array.from({ length: 1 + this.below(3) }, () => this.words(4 + this.below(6)));
    const text = parts.join(', ');
    return `${text[0].toUpperCase()}${text.slice(1)}.`;
  }

  paragraph(sentences: number): string {
    return Array.from({ length: sentences }, () => this.sentence()).join(' ');
  }
}

function head(title: string): string {
  return `<head><meta charset="utf-8"><title>${title}</title><link rel="stylesheet" href="/site.css">
<style>body { font-family: serif } .teaser { float: left }</style>
<script>window.dataLayer = window.dataLayer || []; function track(e) { dataLayer.push({ event: e, at: "<p>not text</p>" }); }</script></head>`;
}

function siteHeader(w: PageWriter, furniture: string[]): string {
  const items = Array.from({ length: 8 }, () => w.words(1 + w.below(2)));
  furniture.push(...items);
  return `<header class="site-header"><a class="logo" href="/">${w.word()}</a>
<nav class="main-nav"><ul>${items.map((item) => `<li><a href="/${item.replace(/ /g, '-')}">${item}</a></li>`).join('')}</ul></nav>
<form class="search" action="/search"><input name="q" placeholder="Search"><button>Go</button></form></header>`;
}

function siteFooter(w: PageWriter, furniture: string[]): string {
  const links = Array.from({ length: 10 }, () => w.words(2));
  const legal = `Copyright ${w.words(3)}, all rights reserved.`;
  furniture.push(...links, legal);
  return `<footer class="site-footer"><div class="links">${links.map((l) => `<a href="#">${l}</a>`).join(' | ')}</div><p class="legal">${legal}</p></footer>`;
}

function teaserList(w: PageWriter, count: number, furniture: string[], withSummary: boolean): string {
  const teasers = Array.from({ length: count }, () => {
    const title = w.words(4 + w.below(5));
    const summary = withSummary ? w.sentence() : '';
    furniture.push(title, ...(withSummary ? [summary] : []));
    return `<div class="teaser"><h3><a href="/story/${w.below(1e6)}">${title}</a></h3>${withSummary ? `<p class="summary">${summary}</p>` : ''}</div>`;
  });
  return teasers.join('\n');
}

/** An article page: the article between navigation, a related-stories list, comments and a footer. */
export function articlePage(seed: number, paragraphs = 10): GeneratedPage {
  const w = new PageWriter(seed);
  const furniture: string[] = [];
  const article = Array.from({ length: paragraphs }, () => w.paragraph(3 + w.below(4)));
  const title = w.words(6);
  const top = siteHeader(w, furniture);
  const related = teaserList(w, 8, furniture, false);
  const comments = Array.from({ length: 12 }, () => {
    const text = w.paragraph(1 + w.below(2));
    furniture.push(text);
    return `<li class="comment"><div class="comment-author">${w.word()}</div><div class="comment-body"><p>${text}</p></div><a class="reply" href="#">Reply</a></li>`;
  });
  const bottom = siteFooter(w, furniture);
  const html = `<!DOCTYPE html><html lang="en">${head(title)}<body>${top}
<div class="layout"><main><article class="post"><h1>${title}</h1><p class="byline">By ${w.words(2)}</p>
<div class="post-body">${article.map((p) => `<p>${p}</p>`).join('\n')}
<figure><img src="/photo.jpg" alt=""><figcaption>${w.words(5)}</figcaption></figure></div></article>
<section class="comments" id="comments"><h2>Comments</h2><ol>${comments.join('\n')}</ol></section></main>
<div class="sidebar related"><h2>Related stories</h2>${related}</div></div>
${bottom}<script>track("view")</script></body></html>`;
  return { html, article, furniture };
}

/** A news front page: teasers in sections, no article. */
export function frontPage(seed: number, sections = 6): GeneratedPage {
  const w = new PageWriter(seed);
  const furniture: string[] = [];
  const top = siteHeader(w, furniture);
  const blocks = Array.from({ length: sections }, () => {
    const name = w.words(1);
    furniture.push(name);
    return `<section class="front-section"><h2>${name}</h2>${teaserList(w, 6 + w.below(5), furniture, true)}</section>`;
  });
  const bottom = siteFooter(w, furniture);
  const html = `<!DOCTYPE html><html>${head(w.words(3))}<body>${top}<div id="front">${blocks.join('\n')}</div>${bottom}</body></html>`;
  return { html, article: [], furniture };
}

/** A forum thread: the opening post and replies (the article), among breadcrumbs, signatures and a footer. */
export function forumPage(seed: number, posts = 15): GeneratedPage {
  const w = new PageWriter(seed);
  const furniture: string[] = [];
  const article: string[] = [];
  const top = siteHeader(w, furniture);
  const crumbs = Array.from({ length: 3 }, () => w.words(2));
  furniture.push(...crumbs);
  const rows = Array.from({ length: posts }, (_, i) => {
    const body = w.paragraph(2 + w.below(5));
    // A signature is part of its post (neither article nor site furniture): no check depends on it.
    const signature = w.words(5);
    article.push(body);
    return `<tr class="post" id="p${i}"><td class="user"><b>${w.word()}</b><br>Posts: ${w.below(5000)}</td>
<td class="message"><div class="post-text">${body}</div><div class="signature">${signature}</div></td></tr>`;
  });
  const bottom = siteFooter(w, furniture);
  const html = `<!DOCTYPE html><html>${head(w.words(4))}<body>${top}
<div class="breadcrumbs">${crumbs.map((c) => `<a href="#">${c}</a>`).join(' &raquo; ')}</div>
<table class="thread">${rows.join('\n')}</table>${bottom}</body></html>`;
  return { html, article, furniture };
}
