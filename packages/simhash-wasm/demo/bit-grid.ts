// A fingerprint as an 8x8 grid of bits, most significant first (the order its hex digits read),
// with the bits that differ from a reference fingerprint marked.

export function bitGrid(fingerprint: bigint, reference: bigint | null): HTMLElement {
  const grid = document.createElement('div');
  grid.className = 'bit-grid';
  grid.setAttribute('role', 'img');
  const diff = reference === null ? 0n : fingerprint ^ reference;
  for (let bit = 63; bit >= 0; bit--) {
    const cell = document.createElement('span');
    const one = (fingerprint >> BigInt(bit)) & 1n;
    const differs = (diff >> BigInt(bit)) & 1n;
    cell.className = `bit${one ? ' one' : ''}${differs ? ' diff' : ''}`;
    cell.title = `bit ${bit}: ${one}${differs ? ' (differs from the reference)' : ''}`;
    grid.append(cell);
  }
  grid.setAttribute('aria-label', reference === null ? 'fingerprint bits' : `fingerprint bits, ${popcount(diff)} differ from the reference`);
  return grid;
}

function popcount(x: bigint): number {
  let n = 0;
  for (; x; x &= x - 1n) n++;
  return n;
}
