// The rules engine in a Web Worker: Pyodide runs the same tutor package as the build.
// Messages in:  {type: "init", wheel, stamp, snapshot}  → out: {type: "stage"|"ready"|"failed", …}
//               {type: "request", id, text}       → out: {type: "reply", id, response}
//               (``text``: the request as JSON text; an older page's ``request`` object works too)
// The page never touches Python directly: every request goes through tutor.api.handle_json.
//
// Started as a shared worker (templates/boot.html), one engine serves every page of this build
// in the browser, and outlives a page for a while (``extendedLifetime``): a reload, the next
// lesson or the practice table find Python up and the tutor loaded, and the engine is "ready"
// at once (bench/site_perf.py). Where there is no shared worker it is a page's own worker, as
// before. Each page talks through its own port; replies go to the port that asked.

let handle = null;
let ready = null;    // the "ready" message, once the engine is up (sent again to each later page)
let stage = null;    // the latest "stage" message, for a page that connects during the start-up
const waiting = new Set();  // the ports of pages waiting for the start-up (every page, once: see post)
const pages = new Set();    // every port that sent "init" (the own-snapshot note goes to all)

/** A start-up message, to every page waiting for the engine. */
function post(message) {
  if (message.type === "stage") stage = message;
  for (const port of message.type === "snapshot-stored" ? pages : waiting) port.postMessage(message);
  if (message.type === "ready" || message.type === "failed") waiting.clear();
  // a start-up that failed (a network error) is tried again by the next page that asks: a shared
  // engine must not keep telling every later page of a failure it may no longer have
  if (message.type === "failed") stage = null;
}

// Python comes up from a memory snapshot with the tutor already imported: the build's (a file
// under py/, tools/make_snapshot.mjs), or, on a site built without one, the one this runtime
// made on the first visit and kept in Cache Storage under the build's stamp (Pyodide version +
// wheel hash). Restoring takes a fraction of a boot; a snapshot the runtime refuses (another
// build of Pyodide) means a normal boot. The file system is not in a snapshot, so the wheel is
// written again either way (site/static/wheel-install.js).
const SNAPSHOTS = "pyodide-snapshots";

async function readSnapshot(key) {
  try {
    const hit = await (await caches.open(SNAPSHOTS)).match(key);
    return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
  } catch {
    return null; // no Cache Storage here: boot as usual
  }
}

async function storeSnapshot(key, bytes) {
  try {
    const cache = await caches.open(SNAPSHOTS);
    for (const old of await cache.keys()) await cache.delete(old);
    await cache.put(key, new Response(bytes));
    post({ type: "snapshot-stored" });
  } catch {
    /* storage full or unavailable: the next visit boots as usual */
  }
}

const networkFetch = self.fetch.bind(self);

/**
 * A big file read straight from the service worker's cache when it is there, else fetched: the
 * snapshot (31 MB) and the wasm (10 MB) passed through the service worker took 0.4 s of a reload
 * (bench/site_perf.py, "worker start-up"); read here they skip that hop. Only for files whose
 * address names their content (the snapshot's name is its hash; the wasm is Pyodide's, the same
 * for one Pyodide version): a file a new build changes under the same name (the wheel, the
 * standard library) must come as the service worker serves it, with the page that asked.
 */
async function cacheFirst(url) {
  try {
    const hit = await caches.match(url);
    if (hit) return hit;
  } catch {
    /* no Cache Storage here: the network */
  }
  return networkFetch(url);
}

/**
 * The build's snapshot (``snapshot``: its file under py/, made by tools/make_snapshot.mjs):
 * fetched beside the runtime, its static data put back from the wasm bytes the runtime fetches
 * anyway (snapshot-codec.js). The runtime's own fetch of the wasm is answered with a copy of
 * this one (``fetch`` wrapped while Pyodide loads), so the file comes down once.
 * Resolves to the snapshot's bytes, or null when it cannot be had (the boot goes on without).
 */
function buildSnapshot(snapshot, base) {
  const wasmURL = new URL("pyodide.asm.wasm", base).href;
  const wasm = cacheFirst(wasmURL);
  const realFetch = self.fetch;
  self.fetch = (input, init) => (String(input) === wasmURL ? wasm.then((r) => r.clone()) : realFetch(input, init));
  const bytes = (async () => {
    try {
      const [{ unpack, xorSegments }, image, code] = await Promise.all([
        import("./snapshot-codec.js"),
        cacheFirst(new URL(`../py/${snapshot}`, import.meta.url).href).then((r) => {
          if (!r.ok) throw new Error(`snapshot ${snapshot}: HTTP ${r.status}`);
          return r.arrayBuffer();
        }),
        wasm.then((r) => r.clone().arrayBuffer()),
      ]);
      return xorSegments(unpack(new Uint8Array(image)), new Uint8Array(code));
    } catch {
      return null;
    }
  })();
  return { bytes, done: () => { self.fetch = realFetch; } };
}

async function boot(wheel, stamp, snapshotFile) {
  const started = performance.now();
  const timings = {};
  const mark = (name) => { timings[name] = Math.round(performance.now() - started); };
  post({ type: "stage", stage: "runtime" });
  const base = new URL("../pyodide/", import.meta.url).href;
  const key = new URL(`../py/snapshot-${stamp}`, import.meta.url).href;
  // always the build's snapshot when there is one: on a slow link its 5 MB cost more than the boot
  // they save (bench/site_perf.py, 10 Mbit/s), but the browser's own estimate of the link cannot
  // tell (a fresh profile says 1.5 Mbit/s on any link), so the worker does not guess
  const built = snapshotFile ? buildSnapshot(snapshotFile, base) : null;
  const snapshot = built ? built.bytes : stamp ? readSnapshot(key) : Promise.resolve(null);
  const wheelBytes = fetch(new URL(`../py/${wheel}`, import.meta.url)).then((response) => {
    if (!response.ok) throw new Error(`wheel ${wheel}: HTTP ${response.status}`);
    return response.arrayBuffer();
  });
  wheelBytes.catch(() => {});  // awaited below, after the runtime: its failure is reported there
  const [{ loadPyodide }, { installWheel }] = await Promise.all([
    import(new URL("pyodide.mjs", base).href), import("./wheel-install.js")]);
  let pyodide = null;
  let restored = false;
  // Pyodide takes the snapshot as a promise: its own script and the wasm load while the snapshot
  // is read and decoded (a reload: 0.1 s sooner). No snapshot, or one this runtime refuses (its
  // build id is checked), means a normal boot.
  const restoring = snapshot.then((bytes) => {
    mark("fetched");
    if (!bytes) throw new Error("no snapshot");
    return bytes;
  });
  try {
    pyodide = await loadPyodide({ indexURL: base, _loadSnapshot: restoring });
    restored = true;
  } catch {
    pyodide = null;
  }
  if (built) built.done();
  if (!pyodide) pyodide = await loadPyodide(snapshotFile || !stamp ? { indexURL: base } : { indexURL: base, _makeSnapshot: true });
  mark("runtime");
  post({ type: "stage", stage: "tutor" });
  installWheel(pyodide, new Uint8Array(await wheelBytes));
  mark("unpacked");
  const api = pyodide.pyimport("tutor.api");
  handle = (text) => api.handle_json(text);
  mark("imported");
  // where the start-up went (ms from the worker's first line; bench/site_perf.py reports them)
  ready = { type: "ready", snapshot: restored, timings: { ...timings, origin: performance.timeOrigin } };
  post(ready);
  if (!restored && !snapshotFile && stamp) {
    // no snapshot from the build (a site built without one): this runtime makes one and keeps it
    // for the next visits, a little later, between the page's questions: the first answers come first
    setTimeout(() => {
      let made = null;
      try {
        pyodide.runPython("import tutor.games\ntutor.api.handle({'op': 'games'})");
        made = pyodide.makeMemorySnapshot();
      } catch {
        made = null; // this runtime cannot snapshot: later visits boot as usual
      }
      if (made) storeSnapshot(key, made);
    }, 4000);
  }
}

/** A page's "init": the engine starts on the first; a later page hears where it stands. */
function init(port, message) {
  pages.add(port);
  if (ready) return port.postMessage({ ...ready, reused: true });
  waiting.add(port);
  if (stage) port.postMessage(stage);
  if (waiting.size > 1 || stage) return;  // already starting, for an earlier page
  boot(message.wheel, message.stamp, message.snapshot).catch((error) => {
    post({ type: "failed", error: String(error && error.message ? error.message : error) });
  });
}

function receive(port, message) {
  if (!message || typeof message !== "object") return; // nothing to answer: no id to answer to
  if (message.type === "init") {
    init(port, message);
    return;
  }
  if (message.type === "request") {
    // every request gets a reply, whatever happens on the way (tutor.api.handle_json answers
    // all input itself; this catches what would break before or after it)
    let response;
    if (!handle) {
      response = { ok: false, error: "engine not ready" };
    } else {
      try {
        const text = typeof message.text === "string" ? message.text : JSON.stringify(message.request);
        response = JSON.parse(handle(text));
      } catch (error) {
        response = { ok: false, error: String(error && error.message ? error.message : error) };
      }
    }
    port.postMessage({ type: "reply", id: message.id, response });
  }
}

if (typeof SharedWorkerGlobalScope !== "undefined" && self instanceof SharedWorkerGlobalScope) {
  self.onconnect = (event) => {
    const port = event.ports[0];
    port.onmessage = (e) => receive(port, e.data);
  };
} else {
  self.onmessage = (event) => receive(self, event.data);
}
