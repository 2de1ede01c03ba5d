// Makes the site's memory snapshot at build time (build.py runs it with Node):
//   node tools/make_snapshot.mjs RUNTIME_DIR WHEEL OUT [--modules]
// (--modules: writes instead, as JSON, the standard library's modules Python has imported by
// then: what tools/slim_stdlib.py keeps at the least)
// Boots the vendored Pyodide, installs the tutor's slim wheel, imports the bridge and lets every
// game deal and list its first moves (so the modules and data they load lazily are in memory),
// then writes Pyodide's memory snapshot, with the runtime's own static data taken out
// (site/static/snapshot-codec.js), to OUT. A first visit restores it instead of booting Python:
// the boot is most of a bare Pyodide start (bench/site_perf.py). The file system is not in a
// snapshot, so the worker writes the wheel again after restoring (site/static/wheel-install.js).
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const listModules = process.argv.includes("--modules");
const [runtime, wheel, out] = process.argv.slice(2).filter((a) => a !== "--modules").map((p) => resolve(p));
if (!out) {
  console.error("usage: node tools/make_snapshot.mjs RUNTIME_DIR WHEEL OUT");
  process.exit(2);
}
// The same inputs give the same bytes (so a new build of an unchanged engine leaves the file, and
// a returning visitor's download, alone): while the snapshot is made, the clock moves by a fixed
// step each time it is read (it must move: importlib sees a new folder by its time) and the "random" bytes Python asks for at start-up come from a fixed sequence. Nothing restored from
// it relies on either: the tutor deals from its own seeded generator (tutor/rng.py).
let tick = 0;
Date.now = () => 1_700_000_000_000 + (tick += 1);
performance.now = () => (tick += 1);
let state = 0x2545f491;
const fixedRandom = (array) => {
  const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
  for (let i = 0; i < bytes.length; i++) {
    state ^= state << 13; state ^= state >>> 17; state ^= state << 5;
    bytes[i] = state & 0xff;
  }
  return array;
};
Object.defineProperty(globalThis.crypto, "getRandomValues", { value: fixedRandom, configurable: true });
const { loadPyodide } = await import(pathToFileURL(join(runtime, "pyodide.mjs")).href);
const { pack, xorSegments } = await import(new URL("../site/static/snapshot-codec.js", import.meta.url).href);
const { installWheel } = await import(new URL("../site/static/wheel-install.js", import.meta.url).href);

// a fixed hash seed: the same wheel gives the same snapshot, so a new build of an unchanged
// engine leaves the file (and a returning visitor's download) alone
const pyodide = await loadPyodide({ indexURL: runtime + "/", _makeSnapshot: true, env: { PYTHONHASHSEED: "0" } });
// the same steps as the worker's boot (site/static/worker.js), then a warm-up of every game
installWheel(pyodide, new Uint8Array(readFileSync(wheel)));
pyodide.runPython(`
import gc, json
import tutor.api as api
for game in api.handle({"op": "games"})["games"]:
    name = game["name"] if isinstance(game, dict) else game
    for lang in ("en", "ja"):
        made = api.handle({"op": "new", "game": name, "seed": 1, "lang": lang})
        if made.get("ok"):
            api.handle({"op": "legal", "state": made["state"], "lang": lang})
api._STATES.clear()  # no position of the warm-up is kept
import random
# the same bytes every build: every generator seeded alike (random's own, tempfile's names); the
# tutor deals from its own seeded generator (tutor/rng.py), never from these
for thing in gc.get_objects():
    if isinstance(thing, random.Random):
        thing.seed(0)
gc.collect()
`);
/**
 * Zeros the memory nobody uses any more, which still holds what was there (freed heap chunks, the
 * stack below its pointer, the heap past its break): the served file drops all-zero pages and
 * gzip all but drops zeros (snapshot-codec.js), while stale bytes cost a download on every first
 * visit. The free heap chunks are found by asking malloc for blocks, largest first, until it
 * would have to grow the heap; each block it gives is zeroed, and all are freed at the end (free
 * writes only its chunk headers). No wasm code runs meanwhile, so the stack below the pointer is free.
 */
function zeroUnusedMemory(m) {
  const heap = m.HEAPU8;
  const brk = m._sbrk(0);
  const taken = [];
  for (let size = 1 << 22; size >= 16; size >>= 1) {
    // a block that may need the heap to grow must fit below the memory's end (no memory.grow)
    if (size + (1 << 20) > heap.length - m._sbrk(0)) continue;
    for (;;) {
      const at = m._malloc(size);
      if (!at) break;
      if (at + size > brk) {  // past the old break: the heap grew for it, nothing stale there
        m._free(at);
        break;
      }
      heap.fill(0, at, at + size);
      taken.push(at);
    }
  }
  for (const at of taken) m._free(at);
  if (m.HEAPU8.length !== heap.length) throw new Error("zeroing the free heap grew the memory");
  heap.fill(0, m._sbrk(0), heap.length);
  heap.fill(0, m._emscripten_stack_get_end(), m._emscripten_stack_get_current() - 1024);
}

if (listModules) {
  writeFileSync(out, pyodide.runPython(`
import json, sys
json.dumps(sorted(name for name, module in sys.modules.items()
                  if ".zip/" in (getattr(module, "__file__", None) or "")))`));
  process.exit(0);
}
zeroUnusedMemory(pyodide._module);
const snapshot = pyodide.makeMemorySnapshot();
xorSegments(snapshot, new Uint8Array(readFileSync(join(runtime, "pyodide.asm.wasm"))));
const packed = pack(snapshot);
writeFileSync(out, packed);
console.log(`snapshot ${out}: ${snapshot.length} bytes, ${packed.length} stored`);
