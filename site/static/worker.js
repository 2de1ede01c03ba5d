// The rules engine in a Web Worker: Pyodide runs the same tutor package as the build.
// Messages in:  {type: "init", wheel, stamp}          → out: {type: "stage"|"ready"|"failed", …}
//               {type: "request", id, text}       → out: {type: "reply", id, response}
//               (``text``: the request as JSON text; an older page's ``request`` object works too)
// The page never touches Python directly: every request goes through tutor.api.handle_json.

let handle = null;

function post(message) {
  self.postMessage(message);
}

// Warm visits restore a memory snapshot of Python with the tutor already imported, made on the
// first visit and kept in Cache Storage under the build's stamp (Pyodide version + wheel hash):
// restoring takes a fraction of a boot. The file system is not in the snapshot, so the wheel
// is unpacked again either way (its data files are read lazily).
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

async function boot(wheel, stamp) {
  post({ type: "stage", stage: "runtime" });
  const base = new URL("../pyodide/", import.meta.url).href;
  const key = new URL(`../py/snapshot-${stamp}`, import.meta.url).href;
  const [{ loadPyodide }, snapshot, wheelBytes] = await Promise.all([
    import(new URL("pyodide.mjs", base).href),
    stamp ? readSnapshot(key) : null,
    fetch(new URL(`../py/${wheel}`, import.meta.url)).then((response) => {
      if (!response.ok) throw new Error(`wheel ${wheel}: HTTP ${response.status}`);
      return response.arrayBuffer();
    }),
  ]);
  const options = { indexURL: base };
  if (snapshot) options._loadSnapshot = snapshot;
  else if (stamp) options._makeSnapshot = true;
  const pyodide = await loadPyodide(options);
  post({ type: "stage", stage: "tutor" });
  // site-packages from sys.path: importing sysconfig for it cost ~35 ms of the cold boot;
  // no __pycache__ writes either (a fresh file system every visit: nobody would read them)
  const purelib = pyodide.runPython(
    "import sys\nsys.dont_write_bytecode = True\nnext(p for p in sys.path if p.endswith('site-packages'))");
  pyodide.unpackArchive(new Uint8Array(wheelBytes), "wheel", { extractDir: purelib });
  const api = pyodide.pyimport("tutor.api");
  handle = (text) => api.handle_json(text);
  post({ type: "ready", snapshot: Boolean(snapshot) });
  if (!snapshot && stamp) {
    // made and stored a little later, between the page's questions: the first answers come first
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

self.onmessage = async (event) => {
  const message = event.data;
  if (!message || typeof message !== "object") return; // nothing to answer: no id to answer to
  if (message.type === "init") {
    try {
      await boot(message.wheel, message.stamp);
    } catch (error) {
      post({ type: "failed", error: String(error && error.message ? error.message : error) });
    }
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
    post({ type: "reply", id: message.id, response });
  }
};
