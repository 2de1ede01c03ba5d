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
