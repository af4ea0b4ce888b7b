// Every key an index uses, in one place. All but the metadata key carry the index's generation, a random tag made
// when the index is created, so an index created again under a dropped one's name never reads its leftovers.
//   <name>:meta                      the metadata (metadata.ts): format, k, layout, pipeline version, generation
//   <name>:<gen>:t<table>:<key bits> a table key: the records (records.ts) of every fingerprint with those key bits;
//                                    no hash tag, so the keys spread over every slot of the cluster
//   <name>:<gen>:i:{g<group>}        an id group: a hash from each of its ids to the id's fingerprint (and those it
//                                    replaced, until cleaned); size() sums the groups' HLEN
//   <name>:<gen>:p:{g<group>}        a payload group: a hash from each of its ids to a value stored beside it (payloads.ts)
//   <name>:<gen>:m:{<tag>}           one slot marker per slot (slot-markers.ts)
//   <name>:<gen>:journal             the write-ahead journal of unfinished batches (journal.ts)
//   <name>:<gen>:barrier:<phase>     the parties that arrived at a phase (barrier.ts)
import calculateSlot from 'cluster-key-slot';
import type { Layout } from 'simhash-wasm/internal';

/**
 * Ids hash into this many groups, each one Redis hash: about 60 ids a group at a million, so every group stays a
 * listpack (Redis's compact encoding, up to 128 entries by default) until about two million ids: some 25 bytes an
 * id, where a key of its own cost about 150.
 */
export const ID_GROUPS = 16384;
export const SLOTS = 16384;

export class IndexKeys {
  readonly meta: string;
  readonly journal: string;
  private readonly prefix: string;

  constructor(readonly name: string, readonly generation: string) {
    this.meta = metaKey(name);
    this.prefix = `${name}:${generation}:`;
    this.journal = `${this.prefix}journal`;
  }

  /** The key of table t for a fingerprint given as 32-bit halves: its key bits, the rest zero, in hex. */
  table(layout: Layout, t: number, hi: number, lo: number): string {
    return `${this.prefix}t${t}:${hex8((hi & layout.maskHi[t]) >>> 0)}${hex8((lo & layout.maskLo[t]) >>> 0)}`;
  }

  /** The hash holding `id` (its group's). */
  idGroupKey(id: string): string {
    return this.groupKey(idGroup(id));
  }

  groupKey(group: number): string {
    return `${this.prefix}i:{g${group}}`;
  }

  /** The hash holding `id`'s payload (payloads.ts), in its id group's slot. */
  payloadKey(id: string): string {
    return `${this.prefix}p:{g${idGroup(id)}}`;
  }

  /** The marker key in `slot` (cluster), or the one marker of a single server (slot -1). */
  marker(slot: number): string {
    return slot < 0 ? `${this.prefix}m` : `${this.prefix}m:{${slotTag(slot)}}`;
  }

  barrier(phase: string): string {
    return `${this.prefix}barrier:${phase}`;
  }

  /** Every key of this generation matches this pattern (for drop()'s SCAN). */
  get pattern(): string {
    return `${escapeGlob(this.prefix)}*`;
  }
}

export function metaKey(name: string): string {
  return `${name}:meta`;
}

export function keySlot(key: string): number {
  return calculateSlot(key);
}

/** FNV-1a over the id's UTF-16 code units, folded into ID_GROUPS groups. */
export function idGroup(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return (h >>> 0) % ID_GROUPS;
}

function hex8(x: number): string {
  return x.toString(16).padStart(8, '0');
}

function escapeGlob(s: string): string {
  return s.replace(/[*?[\]\\]/g, (c) => `\\${c}`);
}

let tags: string[] | null = null;

/** A short string whose hash slot is `slot`: found once for all slots by counting up (about 160k tries, ~40 ms). */
function slotTag(slot: number): string {
  if (tags === null) {
    const found: string[] = new Array(SLOTS);
    let missing = SLOTS;
    for (let i = 0; missing > 0; i++) {
      const tag = i.toString(36);
      const s = calculateSlot(tag);
      if (found[s] === undefined) {
        found[s] = tag;
        missing--;
      }
    }
    tags = found;
  }
  return tags[slot];
}
