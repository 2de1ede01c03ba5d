// Run a Python snippet inside Pyodide (same setup as run_pytest.mjs: wheels
// unpacked, host repo and ../shared mounted at the same paths, cwd = repo root).
//
//   node tests/pyodide/run_python.mjs --pyodide DIR --wheels DIR --root REPO_ROOT < snippet.py
//
// The snippet is read from standard input; its stdout/stderr go to ours.
// Exit code: 0 on success, 1 if the snippet raised (traceback on stderr),
// or the code given to SystemExit.

import fs from "node:fs";
import { parseArgs, setupPyodide, exitWith } from "./run_pytest.mjs";

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const code = fs.readFileSync(0, "utf8");
  const pyodide = await setupPyodide(opts);
  pyodide.globals.set("_snippet", code);
  const rc = pyodide.runPython(`
import sys, traceback
def _run(src):
    try:
        exec(compile(src, "<snippet>", "exec"), {"__name__": "__main__"})
        return 0
    except SystemExit as e:
        c = e.code
        if c is None:
            return 0
        if isinstance(c, int):
            return c
        print(c, file=sys.stderr)
        return 1
    except BaseException:
        traceback.print_exc()
        return 1
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
_run(_snippet)
`);
  exitWith(rc);
}

main().catch((err) => {
  console.error(err && err.stack ? err.stack : err);
  exitWith(99);
});
