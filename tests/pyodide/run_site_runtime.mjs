// Plays every game through the bridge on the runtime a built site serves (its cut-down standard
// library, tools/slim_stdlib.py), started as the worker starts it: from the build's memory
// snapshot (decoded with the worker's own codec), or with --boot by a normal boot (the worker's
// fallback). Prints one JSON line: {restored, games: {name: {moves, over}}, problems: [...]}.
//   node tests/pyodide/run_site_runtime.mjs SITE_DIR [--boot]
import { readFileSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const site = resolve(process.argv[2]);
const boot = process.argv.includes("--boot");
const runtime = join(site, "pyodide");
const { loadPyodide } = await import(pathToFileURL(join(runtime, "pyodide.mjs")).href);
const { unpack, xorSegments } = await import(pathToFileURL(join(site, "assets", "snapshot-codec.js")).href);
const { installWheel } = await import(pathToFileURL(join(site, "assets", "wheel-install.js")).href);
const py = join(site, "py");
const wheel = readdirSync(py).find((f) => f.endsWith(".whl"));
const snap = readdirSync(py).find((f) => f.endsWith(".snap"));
const options = { indexURL: runtime + "/" };
if (!boot) {
  if (!snap) throw new Error("this site has no snapshot");
  options._loadSnapshot = xorSegments(unpack(new Uint8Array(readFileSync(join(py, snap)))),
    new Uint8Array(readFileSync(join(runtime, "pyodide.asm.wasm"))));
}
const pyodide = await loadPyodide(options);
installWheel(pyodide, new Uint8Array(readFileSync(join(py, wheel))));
const result = pyodide.runPython(`
import json
import tutor.api as api
problems, games = [], {}
def ask(request):
    answer = api.handle(request)
    if answer.get("internal") or "ModuleNotFound" in json.dumps(answer):
        problems.append({"request": request.get("op"), "answer": answer})
    return answer
for game in ask({"op": "games"})["games"]:
    name = game["name"]
    for lang in ("en", "ja"):
        made = ask({"op": "new", "game": name, "seed": 7, "lang": lang})
        state, moves, over = made["state"], 0, False
        ask({"op": "rule_changes", "state": state, "lang": lang})
        ask({"op": "share", "state": state, "lang": lang})
        ask({"op": "quiz", "game": name, "seed": 3, "lang": lang})
        ask({"op": "playout", "state": state, "lang": lang})
        while moves < 400:
            view = ask({"op": "view", "state": state, "lang": lang})
            if view.get("over") or view.get("view", {}).get("over"):
                over = True
                break
            legal = ask({"op": "legal", "state": state, "lang": lang})
            ask({"op": "hint", "state": state, "lang": lang})
            acts = legal.get("actions") or []
            if acts:
                ask({"op": "explain", "state": state, "action": acts[-1], "lang": lang})
            ask({"op": "bot", "state": state, "lang": lang})
            if not acts:
                ask({"op": "next_hand", "state": state, "lang": lang})
                over = True
                break
            applied = ask({"op": "apply", "state": state, "action": acts[moves % len(acts)], "lang": lang})
            if not applied.get("ok"):
                problems.append({"request": "apply", "answer": applied})
                break
            state = applied["state"]
            moves += 1
        games[f"{name}/{lang}"] = {"moves": moves, "over": over}
json.dumps({"games": games, "problems": problems[:5]})
`);
console.log(JSON.stringify({ restored: !boot, ...JSON.parse(result) }));
