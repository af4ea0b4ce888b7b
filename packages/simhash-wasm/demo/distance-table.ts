// The pairwise Hamming distances as a matrix; pairs within the threshold are highlighted.
import { hamming } from '../src/index.js';

export function distanceTable(labels: readonly string[], fingerprints: readonly bigint[], threshold: number): HTMLTableElement {
  const table = document.createElement('table');
  table.className = 'distances';
  const head = table.createTHead().insertRow();
  head.append(document.createElement('th'));
  for (const label of labels) head.append(Object.assign(document.createElement('th'), { textContent: label }));
  const body = table.createTBody();
  fingerprints.forEach((a, i) => {
    const row = body.insertRow();
    row.append(Object.assign(document.createElement('th'), { textContent: labels[i] }));
    fingerprints.forEach((b, j) => {
      const cell = row.insertCell();
      const distance = hamming(a, b);
      cell.textContent = String(distance);
      cell.dataset.pair = `${Math.min(i, j)}-${Math.max(i, j)}`;
      cell.title = `${labels[i]} and ${labels[j]} differ in ${distance} of 64 bits`;
      if (i === j) cell.className = 'self';
      else if (distance <= threshold) cell.className = 'near';
    });
  });
  return table;
}
