// postal-mime parses with ConcatBlob as its Blob (io/formats/concat-blob.ts): the messages decode to what they decode
// to with Node's own Blob (the test fixtures, sent every way mail sends text, and every 8th SpamAssassin message:
// multipart, base64, quoted-printable, charsets, attachments), and the global Blob is Node's again once the parses,
// overlapping ones included, are over.
import { readFileSync } from 'node:fs';
import PostalMime from 'postal-mime';
import { describe, expect, it } from 'vitest';
import { ConcatBlob, withConcatBlob } from '../../packages/corpus/src/io/formats/concat-blob.js';
import { koi8rMessage, latin1Message, MESSAGES, RUSSIAN, spamAssassinMessages } from '../support/mail-fixtures.js';

const spam = spamAssassinMessages()
  .filter((_, i) => i % 8 === 0);
const encoder = new TextEncoder();
const messages: Uint8Array[] = [
  ...Object.values(MESSAGES).map((message) => encoder.encode(message)),
  latin1Message('8bit'),
  latin1Message('quoted-printable'),
  koi8rMessage(RUSSIAN),
  ...spam.map((path) => readFileSync(path)),
];

/** What the mail reader takes from a message, and the attachments' bytes (decoded through Blob too). */
async function decoded(message: Uint8Array) {
  const { text, html, attachments } = await PostalMime.parse(message);
  return { text, html, attachments: attachments.map((a) => Buffer.from(a.content as ArrayBuffer).toString('base64')) };
}

describe('ConcatBlob', () => {
  it('decodes every message to what Node\'s Blob decodes it to', async () => {
    expect(spam.length).toBeGreaterThan(700);
    const native = Blob;
    let attachments = 0;
    for (const message of messages) {
      const want = await decoded(message);
      const got = await withConcatBlob(() => decoded(message));
      expect(got).toEqual(want);
      attachments += want.attachments.length;
      expect(globalThis.Blob).toBe(native);
    }
    expect(attachments).toBeGreaterThan(20);
  }, 60_000);

  it('joins bytes, views of a larger buffer, strings as UTF-8 and other blobs, as Blob does', async () => {
    const whole = Uint8Array.of(1, 2, 3, 4, 5, 6);
    const parts = [new Uint8Array([9]).buffer, whole.subarray(2, 4), 'é\n', new ConcatBlob(['x', Uint8Array.of(7)]), 42];
    const want = new Uint8Array(await new Blob(parts.map((p) => (p instanceof ConcatBlob ? new Blob(['x', Uint8Array.of(7)]) : p)) as BlobPart[]).arrayBuffer());
    const got = new Uint8Array(await new ConcatBlob(parts).arrayBuffer());
    expect([...got]).toEqual([...want]);
    expect(new ConcatBlob(parts).size).toBe(want.length);
  });

  it('puts Node\'s Blob back once the last of overlapping parses ends, also when one fails', async () => {
    const native = Blob;
    const failing = withConcatBlob(async () => {
      await Promise.resolve();
      throw new Error('a parse that fails');
    });
    const parses = messages.slice(0, 12).map((message) => withConcatBlob(() => decoded(message)));
    expect(globalThis.Blob).toBe(ConcatBlob);
    await expect(failing).rejects.toThrow('a parse that fails');
    await Promise.all(parses);
    expect(globalThis.Blob).toBe(native);
  });
});
