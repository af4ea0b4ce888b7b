// A gzipped WARC file with a damaged member (io/formats/warc-members.ts, warc-documents.ts): the records of the
// members after it are read, each named by its own offset, and the damage is reported once, with the bytes not read;
// a damaged last member is reported as before (nothing after it to read). The search for the next member skips the
// gzip header's bytes where they turn up inside compressed data, and reads a header with a file name.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { deflateRawSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { readDocuments } from '../../packages/corpus/src/io/index.js';
import { nextWarcMember } from '../../packages/corpus/src/io/formats/warc-members.js';
import { conversionRecord, warcinfoRecord } from '../support/format-fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'simhash-warc-members-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const text = (i: number) => `Page ${i} reads ${Array.from({ length: 60 }, (_, j) => `word${(i * 7 + j) % 97}`).join(' ')}`;
const members = [warcinfoRecord(), ...Array.from({ length: 10 }, (_, i) => conversionRecord(`https://example.org/${i}`, text(i)))].map((record) => gzipSync(record));
const offsets = members.map((_, i) => members.slice(0, i).reduce((sum, m) => sum + m.length, 0));

/** The members, member `i` damaged by `how`. */
function damagedFile(name: string, i: number, how: (member: Buffer) => Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, Buffer.concat(members.map((member, m) => (m === i ? how(Buffer.from(member)) : member))));
  return path;
}
const scrambled = (member: Buffer) => {
  for (let j = 20; j < 40; j++) member[j] ^= 0x5a;
  return member;
};
const noHeader = (member: Buffer) => {
  member[0] = 0;
  return member;
};

async function read(path: string): Promise<string[]> {
  const out: string[] = [];
  for await (const event of readDocuments([{ kind: 'file', path, size: 0 }], new PassThrough(), { html: 'off', mail: false, invalidUtf8: 'replace' })) {
    if (event.kind === 'document') out.push(`${event.document.source.slice(path.length + 1)} ${event.document.id}`);
    if (event.kind === 'skipped') out.push(`skipped ${event.source.slice(path.length + 1)}: ${event.reason}`);
  }
  return out;
}

const record = (i: number) => `offset ${offsets[i + 1]} https://example.org/${i}`;

describe('a gzipped WARC file with a damaged member', () => {
  it.each([['its data scrambled', scrambled], ['its header gone', noHeader]] as const)('reads the records after it (%s), naming each by its offset, and reports the damage once', async (_name, how) => {
    const path = damagedFile(`middle-${how.name}.warc.gz`, 5, how);
    expect(await read(path)).toEqual([
      ...[0, 1, 2, 3].map(record),
      `skipped offset ${offsets[5]}: damaged WARC data: ${members[5].length} bytes up to the next record, at offset ${offsets[6]}, not read`,
      ...[5, 6, 7, 8, 9].map(record),
    ]);
  });

  it('damaged twice, and in its first member: each stretch reported, every other record read', async () => {
    const path = join(dir, 'twice.warc.gz');
    writeFileSync(path, Buffer.concat(members.map((member, m) => (m === 0 || m === 3 || m === 4 ? scrambled(Buffer.from(member)) : member))));
    expect(await read(path)).toEqual([
      `skipped offset 0: damaged WARC data: ${members[0].length} bytes up to the next record, at offset ${offsets[1]}, not read`,
      ...[0, 1].map(record),
      `skipped offset ${offsets[3]}: damaged WARC data: ${members[3].length + members[4].length} bytes up to the next record, at offset ${offsets[5]}, not read`,
      ...[4, 5, 6, 7, 8, 9].map(record),
    ]);
  });

  it('no WARC record in any member (gzipped other data under the name): one report, as before', async () => {
    const path = join(dir, 'other.warc.gz');
    writeFileSync(path, Buffer.concat([gzipSync('{"not": "a WARC record"}\n'), gzipSync('{"nor": "this"}\n')]));
    expect(await read(path)).toEqual(['skipped offset 0: not a WARC record (its header has no WARC-Type)']);
  });

  it('damaged in its last member: the bytes are reported as before, nothing after them to read', async () => {
    const path = damagedFile('last.warc.gz', 10, scrambled);
    expect(await read(path)).toEqual([...[0, 1, 2, 3, 4, 5, 6, 7, 8].map(record), `skipped offset ${offsets[10]}: ${members[10].length} bytes after the last whole record are a record cut short, not read`]);
  });
});

describe('nextWarcMember', () => {
  async function* chunked(bytes: Buffer, size: number) {
    for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
  }

  it('passes over the header\'s bytes inside compressed data and over members that are no WARC record, in chunks of any size', async () => {
    // Compressed data holding 1f 8b 08 (a stored block copies its bytes as they are), then a member of other data.
    const decoy = Buffer.concat([Buffer.from([0x1f, 0x8b, 0x08, 0x00]), Buffer.alloc(40, 0x41)]);
    const file = Buffer.concat([gzipSync(decoy, { level: 0 }), gzipSync(Buffer.from('not a record')), members[1], members[2]]);
    const want = file.length - members[1].length - members[2].length;
    expect(file.indexOf(Buffer.from([0x1f, 0x8b, 0x08]), 1)).toBeLessThan(want);
    for (const size of [1, 7, 64, 1 << 20]) expect(await nextWarcMember(chunked(file.subarray(1), size), 1), `chunks of ${size}`).toBe(want);
    expect(await nextWarcMember(chunked(file.subarray(want + 1, want + members[1].length), 5), want + 1)).toBeUndefined();
  });

  it('reads a member whose header carries a file name and a comment', async () => {
    const raw = deflateRawSync(conversionRecord('https://example.org/named', text(1)));
    const header = Buffer.concat([Buffer.from([0x1f, 0x8b, 0x08, 0x18, 0, 0, 0, 0, 0, 0xff]), Buffer.from('page.warc\0a comment\0')]);
    const member = Buffer.concat([header, raw, Buffer.alloc(8)]);
    const file = Buffer.concat([Buffer.from('damage'), member]);
    expect(await nextWarcMember(chunked(file, 3), 0)).toBe(6);
  });
});
