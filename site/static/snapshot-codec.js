// The build's memory snapshot of Python with the tutor imported, as it is served (py/*.snap):
// Pyodide's snapshot with the runtime's own initial memory taken out. The wasm file already
// carries its static data (data segments, 3.2 MB); where the snapshot's memory still equals
// them, the served file holds zeros instead (memory XOR segments), which gzip all but drops:
// about 1.2 MB less to download on a first visit. ``undo`` puts them back from the wasm bytes
// the runtime fetches anyway. The build (tools/make_snapshot.mjs) and the worker (worker.js)
// share this file, so the two directions cannot drift apart.

/** Pyodide's snapshot header: word 1 is where the memory image starts (site of ``HEAP8.set``). */
function memoryStart(snapshot) {
  return new DataView(snapshot.buffer, snapshot.byteOffset, 8).getUint32(4, true);
}

function leb(bytes, at) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if (byte < 0x80) return [value, at];
  }
}

/** The active data segments of a wasm module: [{offset, start, length}] (``start``: where the
 * bytes lie in ``wasm``). Throws on anything else (a passive segment, an offset not a constant):
 * the build then makes no snapshot and the worker boots as usual. */
export function dataSegments(wasm) {
  if (wasm[0] !== 0 || wasm[1] !== 0x61 || wasm[2] !== 0x73 || wasm[3] !== 0x6d) throw new Error("not a wasm module");
  let at = 8;
  while (at < wasm.length) {
    const id = wasm[at];
    const [size, body] = leb(wasm, at + 1);
    if (id === 11) {
      let [count, p] = leb(wasm, body);
      const segments = [];
      while (count-- > 0) {
        let kind;
        [kind, p] = leb(wasm, p);
        if (kind !== 0 || wasm[p] !== 0x41) throw new Error(`data segment of kind ${kind}`);
        let offset;
        [offset, p] = leb(wasm, p + 1);  // i32.const offset (unsigned here: offsets are below 2 GB)
        if (wasm[p] !== 0x0b) throw new Error("data segment offset is not a constant");
        let length;
        [length, p] = leb(wasm, p + 1);
        segments.push({ offset, start: p, length });
        p += length;
      }
      return segments;
    }
    at = body + size;
  }
  return [];
}

/** XORs the data segments of ``wasm`` into the memory image of ``snapshot``, in place: the
 * same call encodes (build) and decodes (worker). */
export function xorSegments(snapshot, wasm) {
  const base = memoryStart(snapshot);
  for (const { offset, start, length } of dataSegments(wasm)) {
    const into = base + offset;
    if (into + length > snapshot.length) throw new Error("data segment past the snapshot's memory");
    for (let i = 0; i < length; i++) snapshot[into + i] ^= wasm[start + i];
  }
  return snapshot;
}

// The served file leaves out the image's all-zero stretches (the unused stack and the memory past
// the heap: 13 of its 31 MB), so that reading it back from the cache on every visit is quicker.
// Format: "CTS1", the image's length, the count of stored blocks, then per block its offset and
// length (little-endian 32-bit) and its bytes. A block is a run of non-zero 64 KB pages.
const MAGIC = 0x31535443; // "CTS1"
const PAGE = 65536;

function isZero(bytes, from, to) {
  for (let i = from; i < to; i++) if (bytes[i] !== 0) return false;
  return true;
}

/** ``image`` without its all-zero pages (see above). */
export function pack(image) {
  const blocks = [];
  for (let at = 0; at < image.length; at += PAGE) {
    const end = Math.min(at + PAGE, image.length);
    if (isZero(image, at, end)) continue;
    const last = blocks[blocks.length - 1];
    if (last && last[1] === at) last[1] = end;
    else blocks.push([at, end]);
  }
  const size = 12 + blocks.reduce((n, [from, to]) => n + 8 + (to - from), 0);
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, image.length, true);
  view.setUint32(8, blocks.length, true);
  let p = 12;
  for (const [from, to] of blocks) {
    view.setUint32(p, from, true);
    view.setUint32(p + 4, to - from, true);
    out.set(image.subarray(from, to), p + 8);
    p += 8 + (to - from);
  }
  return out;
}

/**
 * ``pack``'s image rebuilt piece by piece, as the file comes: ``push(piece)`` for each piece, in
 * order; ``image`` is there (all zeros yet, its length final) as soon as the file's first 12
 * bytes are in, so the runtime can be set up around it while the rest is still coming
 * (site/static/worker.js); ``finish()`` returns it once complete. Throws on anything else.
 */
export class Unpacker {
  constructor() {
    this.head = new Uint8Array(12);  // the file's header, then each block's (offset, length)
    this.headSize = 12;
    this.headFill = 0;
    this.image = null;
    this.blocks = 0;  // blocks still to come
    this.to = 0;      // where the block being copied goes on
    this.left = 0;    // and how much of it is still to come
  }

  push(piece) {
    let at = 0;
    while (at < piece.length) {
      if (this.left > 0) {
        const n = Math.min(this.left, piece.length - at);
        this.image.set(piece.subarray(at, at + n), this.to);
        this.to += n;
        this.left -= n;
        at += n;
        continue;
      }
      const n = Math.min(this.headSize - this.headFill, piece.length - at);
      this.head.set(piece.subarray(at, at + n), this.headFill);
      this.headFill += n;
      at += n;
      if (this.headFill < this.headSize) return;
      const view = new DataView(this.head.buffer);
      if (this.image === null) {
        if (view.getUint32(0, true) !== MAGIC) throw new Error("not a packed snapshot");
        this.image = new Uint8Array(view.getUint32(4, true));
        this.blocks = view.getUint32(8, true);
      } else {
        if (this.blocks === 0) throw new Error("damaged snapshot");
        this.to = view.getUint32(0, true);
        this.left = view.getUint32(4, true);
        this.blocks -= 1;
        if (this.to + this.left > this.image.length) throw new Error("damaged snapshot");
      }
      this.headFill = 0;
      this.headSize = 8;
    }
  }

  finish() {
    if (this.image === null || this.blocks !== 0 || this.left !== 0 || this.headFill !== 0) throw new Error("damaged snapshot");
    return this.image;
  }
}

/** The image ``pack`` left out the zeros of. Throws on anything else. */
export function unpack(bytes) {
  const unpacker = new Unpacker();
  unpacker.push(bytes);
  return unpacker.finish();
}
