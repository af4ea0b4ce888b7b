#!/usr/bin/env python3
"""The MinHash peer of the corpus job: datasketch's MinHashLSH, set up the way its users deduplicate text, grouping
the labelled families (bench/quality/families.ts) into a clusters file the scorer reads
(bench/quality/partition-metrics.ts: the columns of `simhash dedupe --clusters`).

datasketch is not a dependency of this repository, and none of its code is in it: give the path of a checkout of its
source (github.com/ekzhu/datasketch; this bench was run on its commit 8d4bda1), e.g. from a clone of it:

    mkdir /tmp/datasketch && git -C CLONE archive HEAD | tar -x -C /tmp/datasketch

It needs numpy and scipy (no install of datasketch: the checkout is put first on sys.path).

    python3 bench/quality/minhash_peer.py DATASKETCH_DIR families.jsonl out.csv [--threshold 0.7] [--verify 0.5]

Features: word 3-shingles of the lowercased text, words being runs of letters and digits (the tokenization of the
fingerprint and of packages/corpus/src/evaluation/shingle-jaccard.ts). 256 permutations, LSH threshold 0.7 unless
--threshold says otherwise (its bands and rows chosen by datasketch). Groups: the connected components of the LSH
candidate pairs, or with --verify J of the candidate pairs whose exact shingle Jaccard is at least J. Prints one
JSON line of counts and seconds.
"""
import json
import re
import sys
import time

NUM_PERM = 256
THRESHOLD = 0.7
WORD = re.compile(r"[^\W_]+")


def shingles(text, width=3):
    words = WORD.findall(text.lower())
    if len(words) < width:
        return {" ".join(words)} if words else set()
    return {" ".join(words[i : i + width]) for i in range(len(words) - width + 1)}


def components(n, edges):
    parent = list(range(n))

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for a, b in edges:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)
    return [find(i) for i in range(n)]


def csv_field(value):
    if re.search(r'[",\r\n]|^\s|\s$', value):
        return '"' + value.replace('"', '""') + '"'
    return value


def main(argv):
    if len(argv) < 3:
        sys.exit("usage: minhash_peer.py DATASKETCH_DIR families.jsonl out.csv [--threshold T] [--verify J]")
    datasketch_dir, families, out = argv[0], argv[1], argv[2]
    verify = float(argv[argv.index("--verify") + 1]) if "--verify" in argv else None
    threshold = float(argv[argv.index("--threshold") + 1]) if "--threshold" in argv else THRESHOLD
    sys.path.insert(0, datasketch_dir)
    from datasketch import MinHash, MinHashLSH  # noqa: E402 (from the checkout given)

    started = time.perf_counter()
    ids, sets = [], []
    with open(families, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                record = json.loads(line)
                ids.append(str(record["id"]))
                sets.append(shingles(record["text"]))
    hashes = MinHash.bulk([[s.encode("utf-8") for s in sh] for sh in sets], num_perm=NUM_PERM, seed=1)
    lsh = MinHashLSH(threshold=threshold, num_perm=NUM_PERM)
    with lsh.insertion_session() as session:
        for i, m in enumerate(hashes):
            session.insert(i, m)
    candidates = set()
    for i, m in enumerate(hashes):
        for j in lsh.query(m):
            if j != i:
                candidates.add((min(i, j), max(i, j)))
    edges = candidates
    if verify is not None:

        def jaccard(a, b):
            if not a and not b:
                return 1.0
            shared = len(a & b)
            return shared / (len(a) + len(b) - shared)

        edges = [(a, b) for a, b in candidates if jaccard(sets[a], sets[b]) >= verify]
    roots = components(len(ids), edges)
    sizes = {}
    for r in roots:
        sizes[r] = sizes.get(r, 0) + 1
    # Groups numbered from 1 in the order of their first member, as dedupe numbers them; the first member represents.
    numbers, first = {}, {}
    for i, r in enumerate(roots):
        if sizes[r] > 1 and r not in numbers:
            numbers[r] = len(numbers) + 1
            first[r] = i
    seconds = time.perf_counter() - started
    with open(out, "w", encoding="utf-8", newline="") as f:
        # distance: MinHash has no Hamming distance; 0 keeps the column numeric. The scorer reads id and cluster only.
        f.write("id,cluster,representative,distance,tier,kept\r\n")
        for i, r in enumerate(roots):
            grouped = sizes[r] > 1
            rep = first[r] if grouped else i
            cluster = str(numbers[r]) if grouped else ""
            tier = "near" if grouped else "unique"
            kept = "true" if rep == i else "false"
            f.write(f"{csv_field(ids[i])},{cluster},{csv_field(ids[rep])},0,{tier},{kept}\r\n")
    print(json.dumps({"documents": len(ids), "candidates": len(candidates), "edges": len(edges), "groups": len(numbers),
                      "bands": lsh.b, "rows": lsh.r, "seconds": round(seconds, 3)}))


if __name__ == "__main__":
    main(sys.argv[1:])
