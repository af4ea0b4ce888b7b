// JSON.stringify(value, null, 2), written a piece at a time: the reports' large arrays (a dedupe's groups, a member
// each) are walked a few hundred items at a time rather than held as one object tree and one string. A report of 1M
// documents was a 28 MB string made at once (a third of a second of its serial end, most of it the garbage
// collector's), and one of 10M would be near V8's longest string (about 512 MB), past which JSON.stringify throws.

/** An array value written item by item; `items` is walked once, when its turn comes. */
export class Streamed {
  constructor(readonly items: Iterable<unknown>) {}
}

/**
 * The pieces of JSON.stringify(object, null, 2), joined: the same text, with each Streamed field an array of its
 * items. Fields whose value is undefined, a function or a symbol are left out, as JSON.stringify leaves them out.
 */
export function* prettyJson(object: Readonly<Record<string, unknown>>): Generator<string> {
  // The fields JSON.stringify writes: not those whose value it cannot write (undefined, a function, a symbol).
  const keys = Object.keys(object).filter((key) => object[key] !== undefined && typeof object[key] !== 'function' && typeof object[key] !== 'symbol');
  if (keys.length === 0) {
    yield '{}';
    return;
  }
  yield '{';
  for (let k = 0; k < keys.length; k++) {
    const value = object[keys[k]];
    yield `${k === 0 ? '' : ','}\n  ${JSON.stringify(keys[k])}: `;
    if (value instanceof Streamed) yield* arrayPieces(value.items);
    else yield indented(JSON.stringify(value, null, 2), '  ');
  }
  yield '\n}';
}

/** Items of a streamed array stringified in one call: a call an item, re-indented, took 2.5 times as long. */
const ITEMS_A_PIECE = 256;
/**
 * JSON.stringify of { a: items }: the items at the depth and indentation of a second-level array's, between these
 * (JSON.stringify writes null for an item it cannot write, undefined or a function, as in any array).
 */
const WRAPPED_BEFORE = '{\n  "a": [\n    ', WRAPPED_AFTER = '\n  ]\n}';

/** An array at the second level: `[]`, or its items ITEMS_A_PIECE to a piece, indented as JSON.stringify indents them. */
function* arrayPieces(items: Iterable<unknown>): Generator<string> {
  let first = true;
  const piece: unknown[] = [];
  const flush = () => {
    const json = JSON.stringify({ a: piece }, null, 2);
    const text = `${first ? '[' : ','}\n    ${json.slice(WRAPPED_BEFORE.length, json.length - WRAPPED_AFTER.length)}`;
    first = false;
    piece.length = 0;
    return text;
  };
  for (const item of items) {
    piece.push(item);
    if (piece.length === ITEMS_A_PIECE) yield flush();
  }
  if (piece.length > 0) yield flush();
  yield first ? '[]' : '\n  ]';
}

/** A nested value's lines after its first, moved right by `by` (a JSON string holds no raw line break). */
function indented(json: string, by: string): string {
  return json.includes('\n') ? json.replaceAll('\n', `\n${by}`) : json;
}

/** Pieces joined into writes of about `size` characters: few writes, and none of the whole. */
export async function writePieces(pieces: Iterable<string>, write: (text: string) => Promise<void>, size = 1 << 20): Promise<void> {
  let buffer: string[] = [];
  let length = 0;
  for (const piece of pieces) {
    buffer.push(piece);
    length += piece.length;
    if (length < size) continue;
    await write(buffer.join(''));
    [buffer, length] = [[], 0];
  }
  if (buffer.length > 0) await write(buffer.join(''));
}
