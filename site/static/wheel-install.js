// How the tutor's wheel goes into Python's file system, the same way everywhere the site's engine
// starts: the worker (site/static/worker.js), the build's memory snapshot (tools/make_snapshot.mjs)
// and the test that plays the games on the site's runtime (tests/pyodide/run_site_runtime.mjs).
//
// Python imports the tutor straight from the wheel (a wheel is a zip: zipimport, as it imports the
// standard library from python_stdlib.zip), so a start writes one file instead of unpacking some
// 120 (40-70 ms of a reload, bench/site_perf.py). A memory snapshot holds sys.path and the
// tutor's own __path__, both naming WHEEL_PATH, but not the file system: after a restore the
// worker writes the same wheel to the same place (the build names the snapshot after the wheel it
// was made with, build.py: make_snapshot).

/** The wheel's place in Python's file system (a snapshot remembers it: never change it alone). */
export const WHEEL_PATH = "/lib/cardtutor.whl";

/**
 * Writes the wheel's bytes to WHEEL_PATH and puts it on sys.path (already there after a restore).
 * Import caches are dropped, so a module imported later reads this file's directory, not one
 * remembered from the snapshot's.
 */
export function installWheel(pyodide, bytes) {
  pyodide.FS.writeFile(WHEEL_PATH, bytes);
  pyodide.runPython(`
import importlib, sys
sys.dont_write_bytecode = True  # a fresh file system every visit: nobody would read them
if ${JSON.stringify(WHEEL_PATH)} not in sys.path:
    sys.path.insert(0, ${JSON.stringify(WHEEL_PATH)})
importlib.invalidate_caches()
`);
}
