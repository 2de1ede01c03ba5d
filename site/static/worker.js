// The rules engine in a Web Worker: Pyodide runs the same tutor package as the build.
// Messages in:  {type: "init", wheel, stamp, snapshot, snapshotSize}  → out: {type: "stage"|"ready"|"failed", …}
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
let attempts = 0;    // start-ups begun (one that is given up on must not take over from a later one)
let ready = null;    // the "ready" message, once the engine is up (sent again to each later page)
let stage = null;    // the latest "stage" message, for a page that connects during the start-up
const waiting = new Set();  // the ports of pages waiting for the start-up (every page, once: see post)
const pages = new Set();    // the latest pages' ports (the own-snapshot note goes to them): PAGES_KEPT
const PAGES_KEPT = 50;

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
 * A big file read straight from the service worker's cache when it is there, else fetched:
 * ``{response, cached}``. The snapshot and the wasm passed through the service worker took 0.4 s
 * of a reload (bench/site_perf.py, "worker start-up"); read here they skip that hop. Only for files
 * whose address names their content (the snapshot's name is its hash; the wasm is Pyodide's, the
 * same for one Pyodide version): a file a new build changes under the same name (the wheel, the
 * standard library) must come as the service worker serves it, with the page that asked.
 */
async function cacheFirst(url) {
  try {
    const hit = await caches.match(url);
    if (hit) return { response: hit, cached: true };
  } catch {
    /* no Cache Storage here: the network */
  }
  return { response: await networkFetch(url), cached: false };
}

// Whether the snapshot is worth its download (issue 24, slow network): restoring it saves a
// Python boot with the tutor imported, about BOOT_MS on a laptop, and costs its bytes. After
// JUDGE_AFTER_MS from the first byte the worker measures the link (the snapshot and the wasm together)
// and, if the rest of the snapshot would take longer than the boot it saves, stops it and boots
// (the next visit restores it from the offline copy). On a 10 Mbit/s line it boots; from about
// 30 Mbit/s, and always from the cache, it restores. A chosen figure, not a measured one: a phone
// boots slower, so there the snapshot would pay from a slower link already.
const BOOT_MS = 1500;
const JUDGE_AFTER_MS = 300;

/** ``response``'s body, its bytes counted in ``meter`` as they come, each piece handed to ``take``
 * (else kept and returned whole); ``goOn()``, asked after each piece, may stop it (then null). */
async function readCounting(response, meter, { take = null, goOn = () => true } = {}) {
  const reader = response.body.getReader();
  const pieces = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (take) take(value);
    else pieces.push(value);
    size += value.length;
    if (!meter.start) meter.start = performance.now();  // the link's pace counts from its first byte
    meter.bytes += value.length;
    if (!goOn(size)) {
      reader.cancel().catch(() => {});
      return null;
    }
  }
  if (take) return true;
  const out = new Uint8Array(size);
  let at = 0;
  for (const piece of pieces) {
    out.set(piece, at);
    at += piece.length;
  }
  return out;
}

/** Zeros the Pyodide build id in a snapshot's image (words 4 to 12, after Pyodide's header
 * words; tests/browser/test_startup.py makes a refused snapshot the same way): Pyodide refuses it. */
function spoilImage(image) {
  image.fill(0, 16, 48);
}

/**
 * The build's snapshot (``snapshot``: its file under py/, made by tools/make_snapshot.mjs, of
 * ``size`` bytes; 0: not known, always wanted), fetched beside the runtime. ``image`` resolves to
 * the memory image; read from the cache, as soon as the file's header is in (zeros yet, its length
 * final: Pyodide sets its memory up by it while the rest comes, a return visit 60 ms sooner);
 * the pieces are copied in as they arrive (snapshot-codec.js: Unpacker), and the runtime's static data put back from the wasm
 * bytes it fetches anyway (xorSegments). The runtime's own fetch of the wasm is answered with a
 * copy of this one (``fetch`` wrapped until ``done()``, a normal boot after a refused or skipped
 * snapshot included), so the file comes down once. Until ``booting()`` (the restore is over) that
 * answer waits for the image to be complete, so Pyodide restores nothing half-made. ``image``
 * resolves to null when there is none to restore (the file cannot be had, or the link is too slow
 * for it: ``skipped()``); the boot goes on without.
 */
function buildSnapshot(snapshot, base, size) {
  const wasmURL = new URL("pyodide.asm.wasm", base).href;
  const meter = { bytes: 0, start: 0 };
  const wasm = cacheFirst(wasmURL);
  wasm.catch(() => {});  // its failure is met where it is read (complete, and Pyodide's own fetch)
  let skipped = false;
  let judged = false;
  const worthIt = (read) => {
    if (judged || !size) return true;
    const spent = performance.now() - meter.start;
    if (spent < JUDGE_AFTER_MS) return true;
    judged = true;
    skipped = (size - read) / (meter.bytes / spent) > BOOT_MS;
    return !skipped;
  };
  let showImage;
  let shown = null;
  const image = new Promise((resolve) => { showImage = (bytes) => { shown = shown || bytes; resolve(bytes); }; });
  const complete = (async () => {
    const [codec, file] = await Promise.all([
      import("./snapshot-codec.js"), cacheFirst(new URL(`../py/${snapshot}`, import.meta.url).href)]);
    if (!file.response.ok) throw new Error(`snapshot ${snapshot}: HTTP ${file.response.status}`);
    const unpacker = new codec.Unpacker();
    // read from the cache (no link to judge, nothing to stop), the image is shown as soon as its
    // length is known; from the network, once complete (a download stopped half-way must not
    // leave a restore set up around it)
    const take = (piece) => {
      unpacker.push(piece);
      if (file.cached && unpacker.image) showImage(unpacker.image);
    };
    const uncounted = { bytes: 0, start: 0 };  // a cached file says nothing of the link
    const [, code] = await Promise.all([
      readCounting(file.response, file.cached ? uncounted : meter, { take, goOn: file.cached ? undefined : worthIt })
        .then((read) => { if (!read) throw new Error("snapshot skipped: the link is too slow for it"); }),
      wasm.then((w) => readCounting(w.response.clone(), w.cached ? uncounted : meter)),
    ]);
    codec.xorSegments(unpacker.finish(), code);
    showImage(unpacker.image);
  })();
  // an image shown early that could not be completed (a cache read that broke off) is made one
  // Pyodide refuses: the restore already set up around it fails cleanly, and the worker boots
  const settled = complete.catch(() => {
    if (shown) spoilImage(shown);
    showImage(null);
  });
  const realFetch = self.fetch;
  let restoring = true;
  self.fetch = (input, init) => {
    if (String(input) !== wasmURL) return realFetch(input, init);
    const answer = wasm.then((w) => w.response.clone());
    return restoring ? settled.then(() => answer) : answer;
  };
  return {
    image, complete, skipped: () => skipped,
    booting: () => { restoring = false; },  // the restore is over (done or failed): the wasm as it is
    done: () => { self.fetch = realFetch; },
  };
}

async function boot(wheel, stamp, snapshotFile, snapshotSize = 0) {
  const attempt = attempts;
  const started = performance.now();
  const timings = {};
  const mark = (name) => { timings[name] = Math.round(performance.now() - started); };
  post({ type: "stage", stage: "runtime" });
  const base = new URL("../pyodide/", import.meta.url).href;
  const key = new URL(`../py/snapshot-${stamp}`, import.meta.url).href;
  // the build's snapshot when there is one, unless the link proves too slow for it (BOOT_MS: the
  // worker times the download itself; the browser's own estimate of the link cannot tell, a fresh
  // profile saying 1.5 Mbit/s on any link)
  const built = snapshotFile ? buildSnapshot(snapshotFile, base, Number(snapshotSize) || 0) : null;
  let pyodide = null;
  let restored = false;
  try {
    const snapshot = built ? built.image : stamp ? readSnapshot(key) : Promise.resolve(null);
    const wheelBytes = fetch(new URL(`../py/${wheel}`, import.meta.url)).then((response) => {
      if (!response.ok) throw new Error(`wheel ${wheel}: HTTP ${response.status}`);
      return response.arrayBuffer();
    });
    wheelBytes.catch(() => {});  // awaited below, after the runtime: its failure is reported there
    const [{ loadPyodide }, { installWheel }] = await Promise.all([
      import(new URL("pyodide.mjs", base).href), import("./wheel-install.js")]);
    // Pyodide takes the build's snapshot as a promise: its own script loads while the snapshot is
    // read (a reload: 0.1 s sooner), and from the cache it comes as soon as its length is known
    // (buildSnapshot). The runtime's own snapshot is read first (it is quick), so a missing one
    // does not start Pyodide twice. No snapshot, or one this runtime refuses (its build id is
    // checked), means a normal boot.
    const restoring = built
      ? snapshot.then((bytes) => {
        if (!bytes) throw new Error("no snapshot");
        return bytes;
      })
      : await snapshot;
    (built ? built.complete : snapshot).then(() => mark("fetched"), () => {});
    if (restoring) {
      try {
        pyodide = await loadPyodide({ indexURL: base, _loadSnapshot: restoring });
        restored = true;
      } catch {
        pyodide = null;
      }
    }
    if (built) built.booting();
    if (!pyodide) pyodide = await loadPyodide(snapshotFile || !stamp ? { indexURL: base } : { indexURL: base, _makeSnapshot: true });
    if (built && built.skipped()) timings.skipped = true;  // the link was too slow for the snapshot
    if (attempt !== attempts) return;  // given up on (START_LIMIT_MS): a later start serves the pages
    mark("runtime");
    post({ type: "stage", stage: "tutor" });
    installWheel(pyodide, new Uint8Array(await wheelBytes));
  } finally {
    if (built) built.done();
  }
  mark("unpacked");
  const api = pyodide.pyimport("tutor.api");
  if (attempt !== attempts) return;
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
  if (pages.size > PAGES_KEPT) pages.delete(pages.values().next().value);  // a page long gone
  if (ready) return port.postMessage({ ...ready, reused: true });
  waiting.add(port);
  if (stage) port.postMessage(stage);
  if (waiting.size > 1 || stage) return;  // already starting, for an earlier page
  attempts += 1;
  const attempt = attempts;
  // a start-up that never ends (Pyodide waits for ever on a wasm download cut off half-way) is
  // given up on, so that a reload (which joins this shared engine) starts it again
  const limit = setTimeout(() => {
    if (attempt !== attempts || ready) return;
    attempts += 1;
    post({ type: "failed", error: `the engine did not start within ${START_LIMIT_MS / 1000} s` });
  }, START_LIMIT_MS);
  boot(message.wheel, message.stamp, message.snapshot, message.snapshotSize).catch((error) => {
    if (attempt === attempts) post({ type: "failed", error: String(error && error.message ? error.message : error) });
  }).finally(() => clearTimeout(limit));
}

/** How long a start-up may take before it is given up on (a 0.5 Mbit/s line needs about 80 s). */
const START_LIMIT_MS = 180_000;

/** The engine broke (an error no Python answer caught: memory, a fatal runtime error): this page
 * hears of it with each answer, and the next page to ask starts the engine afresh. */
function broke() {
  ready = null;
  stage = null;
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
        broke();
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
