// simhash-wasm/html: visible text only (no scripts, styles, navigation, page header/footer), blocks kept apart.
import { describe, expect, it } from 'vitest';
import { htmlToText } from '../../packages/corpus/src/html/index.js';

describe('htmlToText', () => {
  it('drops head, scripts, styles, navigation, asides, hidden elements and page-level header/footer', () => {
    const html = `<!doctype html><html><head><title>Tab title</title><style>p{}</style><script>var x = "<p>no</p>";</script></head>
      <body><header><nav>Home | About</nav><h1>Site name</h1></header><div role="navigation">Menu</div>
      <main><p>First paragraph.</p><p hidden>hidden one</p><p style="display: none">styled away</p><noscript>enable js</noscript></main>
      <aside>Related links</aside><footer>Copyright</footer></body></html>`;
    expect(htmlToText(html)).toBe('First paragraph.');
  });

  it('keeps an article\'s own header and footer (its byline and notes)', () => {
    expect(htmlToText('<article><header>By Ann</header><p>Body.</p><footer>Filed under news</footer></article>')).toBe('By Ann\n\nBody.\n\nFiled under news');
  });

  it('keepBoilerplate keeps navigation and page furniture, never scripts', () => {
    expect(htmlToText('<nav>Home</nav><p>Body</p><script>x()</script><footer>End</footer>', { keepBoilerplate: true })).toBe('Home\n\nBody\n\nEnd');
  });

  it('separates blocks, cells and line breaks, but not inline elements inside a word', () => {
    expect(htmlToText('<p>one<br>two</p><ul><li>a<li>b</ul><table><tr><td>c1<td>c2<tr><td>d</table><p>in<b>line</b>word</p>')).toBe('one\ntwo\n\na\nb\n\nc1 c2\nd\n\ninlineword');
  });

  it('decodes entities and collapses whitespace; forgiving with broken markup', () => {
    expect(htmlToText('<p>Fish &amp; chips&nbsp;&lt;3 &#x263A;</p>')).toBe('Fish & chips\u00a0<3 \u263a');
    expect(htmlToText('<div><p>unclosed <b>bold <i>both</div> after </span></p>')).toBe('unclosed bold both\n\nafter');
    expect(htmlToText('  spaced \n\t out  ')).toBe('spaced out');
  });

  it('takes UTF-8 bytes like a string', () => {
    expect(htmlToText(new TextEncoder().encode('<p>Grüße</p>'))).toBe('Grüße');
  });

  it('bad arguments are TypeErrors naming them', () => {
    expect(() => htmlToText(42 as never)).toThrow(/html must be a string or a Uint8Array/);
    expect(() => htmlToText('<p>x</p>', null as never)).toThrow(/options must be an object/);
  });

  it('refuses the bytes of a transferred (detached) buffer instead of reading them as empty', () => {
    const bytes = new TextEncoder().encode('<p>transferred</p>');
    structuredClone(bytes, { transfer: [bytes.buffer] });
    expect(() => htmlToText(bytes)).toThrow(/html is a view of a detached ArrayBuffer/);
    expect(htmlToText(new Uint8Array(0))).toBe('');
  });
});
