// The dedupe building blocks: both grouping modes. (Walking, UTF-8 checks and mail bodies: test/io.)
import { describe, expect, it } from 'vitest';
import { DIGEST_BYTES } from '../../packages/corpus/src/analysis/analyze-document.js';
import { groupDocuments } from '../../packages/corpus/src/grouping/group.js';

describe('groupDocuments', () => {
  // Distinct digests unless given; fingerprints chosen so that 0~1 and 1~2 are within k = 2 but 0 and 2 are not.
  const input = (fps: bigint[], digestOf: number[] = fps.map((_, i) => i), tokens = fps.map(() => 50)) => {
    const digests = new Uint8Array(fps.length * DIGEST_BYTES);
    digestOf.forEach((d, i) => (digests[i * DIGEST_BYTES] = d + 1));
    return { fingerprints: BigUint64Array.from(fps), tokens: Uint32Array.from(tokens), digests, maxDistance: 2, minTokens: 20 };
  };
  const chain = [0b0000n, 0b0011n, 0b1111n, 0xffff0000n];

  it('leader: a chain splits where it leaves the first member\'s radius; connected: it stays one group', () => {
    const leader = groupDocuments({ ...input(chain), mode: 'leader' });
    expect(leader.groups.map((g) => g.members.map((m) => [m.doc, m.tier, m.distance]))).toEqual([[[0, 'first', 0], [1, 'near', 2]]]);
    const connected = groupDocuments({ ...input(chain), mode: 'connected' });
    expect(connected.groups.map((g) => g.members.map((m) => [m.doc, m.distance]))).toEqual([[[0, 0], [1, 2], [2, 4]]]);
  });

  it('exact copies join their class\'s group and name the member they copy; empty documents never match', () => {
    const fps = [0b1n, 0xf0f0n, 0b1n, 0xf0f0n, 0n, 0n];
    const result = groupDocuments({ ...input(fps, [0, 1, 0, 1, 2, 2], [50, 50, 50, 50, 0, 0]), mode: 'leader' });
    expect(result.groups.map((g) => [g.tier, g.members.map((m) => [m.doc, m.tier, m.copyOf])])).toEqual([
      ['exact', [[0, 'first', undefined], [2, 'exact', 0]]],
      ['exact', [[1, 'first', undefined], [3, 'exact', 0]]],
    ]);
    expect(result.tooShort).toEqual([4, 5]);
  });

  it('short documents: exact copies only, no near matches', () => {
    const result = groupDocuments({ ...input([0b0n, 0b1n, 0b0n], [0, 1, 0], [5, 50, 5]), mode: 'leader' });
    expect(result.groups.map((g) => g.members.map((m) => [m.doc, m.tier]))).toEqual([[[0, 'first'], [2, 'exact']]]);
    expect(result.tooShort).toEqual([0, 2]);
  });
});
