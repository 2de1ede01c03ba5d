// Run pytest inside Pyodide under Node.js.
//
//   node tests/pyodide/run_pytest.mjs --pyodide DIR --wheels DIR --root REPO_ROOT -- <pytest args...>
//
// * loads Pyodide from DIR (pyodide.mjs + runtime files, see tools/vendor_pyodide.py);
// * unpacks every *.whl in the wheels dir into Python's purelib (no micropip);
// * mounts the host filesystem with NODEFS so the repo AND its sibling ../shared
//   appear at the same absolute paths inside Pyodide;
// * chdirs to the repo root (removing it from sys.path, so the project is
//   imported from its wheel), runs pytest.main(args + ["-p", "no:cacheprovider"])
//   with sys.dont_write_bytecode = True, and exits with pytest's exit code.
//
// It also exports setupPyodide() for tests/pyodide/run_python.mjs.

import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

export function parseArgs(argv) {
  const opts = { pyodide: null, wheels: null, root: null, rest: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--") {
      opts.rest = argv.slice(i + 1);
      break;
    }
    const m = /^--(pyodide|wheels|root)(?:=(.*))?$/.exec(a);
    if (!m) throw new Error(`unknown argument: ${a}`);
    const val = m[2] !== undefined ? m[2] : argv[++i];
    if (val === undefined) throw new Error(`missing value for --${m[1]}`);
    opts[m[1]] = path.resolve(val);
  }
  for (const k of ["pyodide", "wheels", "root"]) {
    if (!opts[k]) throw new Error(`--${k} DIR is required`);
  }
  return opts;
}

function writer(stream) {
  // Raw byte writer: Python's stdout/stderr bytes go straight to the Node stream.
  return {
    write(buf) {
      stream.write(Buffer.from(buf));
      return buf.length;
    },
  };
}

// Mount host directories into the Emscripten FS at identical paths.
function mountHost(pyodide, root) {
  const FS = pyodide.FS;
  const NODEFS = FS.filesystems.NODEFS;
  const exists = (p) => {
    try {
      FS.stat(p);
      return true;
    } catch {
      return false;
    }
  };
  const mount = (hostDir) => {
    FS.mkdirTree(hostDir);
    FS.mount(NODEFS, { root: hostDir }, hostDir);
  };
  const parent = path.dirname(root);
  // Mounting the parent shows the repo and ../shared (and anything else beside
  // them) in one go.  Not if the parent is "/" or a folder Pyodide itself uses
  // (/home, /tmp, /lib, ...): then mount the repo and ../shared one by one.
  if (parent !== "/" && !exists(parent)) {
    mount(parent);
    return [parent];
  }
  const mounted = [];
  for (const dir of [root, path.join(parent, "shared")]) {
    if (fs.existsSync(dir) && fs.statSync(dir).isDirectory()) {
      mount(dir);
      mounted.push(dir);
    }
  }
  return mounted;
}

export async function setupPyodide({ pyodide: pyodideDir, wheels, root }) {
  const mod = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
  const pyodide = await mod.loadPyodide({ indexURL: pyodideDir + path.sep });
  pyodide.setStdout(writer(process.stdout));
  pyodide.setStderr(writer(process.stderr));

  pyodide.runPython("import sys; sys.dont_write_bytecode = True");
  const purelib = pyodide.runPython('import sysconfig; sysconfig.get_paths()["purelib"]');

  const whls = fs
    .readdirSync(wheels)
    .filter((f) => f.endsWith(".whl"))
    .sort();
  for (const f of whls) {
    const buf = new Uint8Array(fs.readFileSync(path.join(wheels, f)));
    pyodide.unpackArchive(buf, "wheel", { extractDir: purelib });
  }
  pyodide.runPython("import importlib; importlib.invalidate_caches()");

  mountHost(pyodide, root);
  pyodide.FS.chdir(root);
  // Drop "" (the cwd, i.e. the repo root) from sys.path so `import tutor`
  // finds the installed wheel, as the browser will, not the source tree:
  // a module or data file missing from the wheel then fails here too.
  pyodide.runPython(`
import os, sys
os.chdir(${JSON.stringify(root)})
sys.path[:] = [p for p in sys.path if p not in ("", ".", ${JSON.stringify(root)})]
`);
  return pyodide;
}

// Exit only after stdout/stderr have been flushed (they may be pipes).
export function exitWith(code) {
  process.stdout.write("", () => process.stderr.write("", () => process.exit(code)));
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const pyodide = await setupPyodide(opts);
  pyodide.globals.set("_pytest_args", pyodide.toPy([...opts.rest, "-p", "no:cacheprovider"]));
  const rc = pyodide.runPython(`
import sys
import pytest
try:
    _rc = int(pytest.main(list(_pytest_args)))
finally:
    sys.stdout.flush()
    sys.stderr.flush()
_rc
`);
  exitWith(rc);
}

const invokedDirectly =
  process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (invokedDirectly) {
  main().catch((err) => {
    console.error(err && err.stack ? err.stack : err);
    exitWith(99); // not a pytest exit code: the harness itself failed
  });
}
