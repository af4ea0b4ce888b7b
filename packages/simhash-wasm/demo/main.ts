// The demo page: two or more texts in; out come their fingerprints as bit grids (bits that differ
// from the reference text marked), the pairwise Hamming distances and the near-duplicate groups.
// Runs on the WASM engine; under a CSP that refuses WebAssembly, 'auto' takes the pure engine, and the badge says so.
import { createSimHash, hamming, init, SimHashIndex, type SimHash } from '../src/index.js';
import { bitGrid } from './bit-grid.js';
import { distanceTable } from './distance-table.js';
import { onDroppedTexts } from './drop.js';
import { EXAMPLES } from './examples.js';

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const shingleInput = byId<HTMLSelectElement>('shingle');
const thresholdInput = byId<HTMLInputElement>('threshold');
const textsBox = byId<HTMLDivElement>('texts');

const texts: string[] = [...EXAMPLES];
let reference = 0;
let hasher: SimHash | undefined;

const label = (i: number) => (i < 26 ? String.fromCharCode(65 + i) : `T${i + 1}`);
const threshold = () => Math.min(32, Math.max(0, Math.trunc(Number(thresholdInput.value)) || 0));

/** One card per text; rebuilt only when texts are added or removed, so typing keeps its focus. */
function renderCards(): void {
  textsBox.replaceChildren(...texts.map((text, i) => {
    const card = document.createElement('section');
    card.className = `text-card${i === reference ? ' reference' : ''}`;
    card.innerHTML = `<header><span class="label"></span>
      <label><input type="radio" name="reference"> reference</label>
      <button type="button" class="remove">remove</button></header>
      <textarea spellcheck="false"></textarea><div class="fingerprint"></div>`;
    card.querySelector('.label')!.textContent = `Text ${label(i)}`;
    const area = card.querySelector('textarea')!;
    area.value = text;
    area.setAttribute('aria-label', `Text ${label(i)}`);
    area.addEventListener('input', () => { texts[i] = area.value; renderResults(); });
    const radio = card.querySelector<HTMLInputElement>('input[type=radio]')!;
    radio.checked = i === reference;
    radio.addEventListener('change', () => { reference = i; renderCards(); });
    const remove = card.querySelector<HTMLButtonElement>('.remove')!;
    remove.disabled = texts.length <= 2;
    remove.addEventListener('click', () => {
      texts.splice(i, 1);
      reference = Math.min(reference === i ? 0 : reference > i ? reference - 1 : reference, texts.length - 1);
      renderCards();
    });
    return card;
  }));
  renderResults();
}

function renderResults(): void {
  if (!hasher) return;
  const fingerprints = Array.from(hasher.fingerprintMany(texts));
  textsBox.querySelectorAll('.text-card').forEach((card, i) => {
    const hex = Object.assign(document.createElement('code'), { className: 'hex', textContent: hasher!.fingerprintHex(texts[i]) });
    card.querySelector('.fingerprint')!.replaceChildren(bitGrid(fingerprints[i], i === reference ? null : fingerprints[reference]), hex);
  });
  const k = threshold();
  const labels = texts.map((_, i) => label(i));
  byId('distances').replaceChildren(distanceTable(labels, fingerprints, k));
  byId('distance').textContent = texts.length === 2
    ? `${labels[0]} and ${labels[1]}: ${hamming(fingerprints[0], fingerprints[1])} of 64 bits differ`
    : `${texts.length} texts: the marked bits differ from Text ${label(reference)}`;
  const index = new SimHashIndex({ maxDistance: k, pipelineVersion: hasher.version });
  index.addMany(BigUint64Array.from(fingerprints));
  const groups = index.clusters();
  byId('groups').replaceChildren(...(groups.length === 0
    ? [Object.assign(document.createElement('li'), { textContent: `none within ${k} bits` })]
    : groups.map((group) => Object.assign(document.createElement('li'), { textContent: group.map((id) => `Text ${labels[id]}`).join(', ') }))));
}

function useHasher(): void {
  hasher = createSimHash({ engine: 'auto', shingle: Number(shingleInput.value) });
  const badge = byId('engine');
  badge.textContent = hasher.engine === 'wasm' ? 'engine: WebAssembly' : 'engine: pure TypeScript (WebAssembly unavailable here)';
  badge.dataset.engine = hasher.engine;
  badge.classList.toggle('pure', hasher.engine === 'pure');
  renderResults();
}

shingleInput.addEventListener('change', useHasher);
thresholdInput.addEventListener('input', renderResults);
byId('add').addEventListener('click', () => { texts.push(''); renderCards(); });
onDroppedTexts(byId('drop-veil'), (dropped) => {
  // dropped files fill the empty boxes first
  for (const text of dropped) {
    const empty = texts.indexOf('');
    if (empty >= 0) texts[empty] = text;
    else texts.push(text);
  }
  renderCards();
});

renderCards();
// Asynchronous compile where the platform allows; 'auto' then takes what loaded.
void init().catch(() => undefined).then(useHasher);
