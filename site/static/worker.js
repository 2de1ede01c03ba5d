// The rules engine in a Web Worker: Pyodide runs the same tutor package as the build.
// Messages in:  {type: "init", wheel}          → out: {type: "stage"|"ready"|"failed", …}
//               {type: "call", id, request}    → out: {type: "reply", id, response}
// The page never touches Python directly: every request goes through tutor.api.handle_json.

let handle = null;

function post(message) {
  self.postMessage(message);
}

async function boot(wheel) {
  post({ type: "stage", stage: "runtime" });
  const base = new URL("../pyodide/", import.meta.url).href;
  const { loadPyodide } = await import(new URL("pyodide.mjs", base).href);
  const pyodide = await loadPyodide({ indexURL: base });
  post({ type: "stage", stage: "tutor" });
  const response = await fetch(new URL(`../py/${wheel}`, import.meta.url));
  if (!response.ok) throw new Error(`wheel ${wheel}: HTTP ${response.status}`);
  const buffer = new Uint8Array(await response.arrayBuffer());
  const purelib = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  pyodide.unpackArchive(buffer, "wheel", { extractDir: purelib });
  const api = pyodide.pyimport("tutor.api");
  handle = (text) => api.handle_json(text);
  post({ type: "ready" });
}

self.onmessage = async (event) => {
  const message = event.data;
  if (message.type === "init") {
    try {
      await boot(message.wheel);
    } catch (error) {
      post({ type: "failed", error: String(error && error.message ? error.message : error) });
    }
    return;
  }
  if (message.type === "call") {
    let response;
    if (!handle) {
      response = { ok: false, error: "engine not ready" };
    } else {
      try {
        response = JSON.parse(handle(JSON.stringify(message.request)));
      } catch (error) {
        response = { ok: false, error: String(error) };
      }
    }
    post({ type: "reply", id: message.id, response });
  }
};
