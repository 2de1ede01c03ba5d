// Lesson progress kept in localStorage, with a schema version, migrated on load (README:
// "Progress"). No DOM here: tests/sitebuild_tests/test_links_js.py runs these functions in Node.
//
// Progress is keyed by each lesson's stable `key` (its front matter), never by its file name or
// position, so reordering lessons keeps it. A lesson whose key changes lists its former keys
// in `aliases:`; the build hands the page that map ({old key: new key}) and the progress of an
// old key moves to the new one the next time any page loads.
//
// Schemas: 1 (before schema versions): "cardtutor.done" held a bare JSON list of keys;
//          2: "cardtutor.progress" holds {"v": 2, "done": [keys]}.

export const PROGRESS_KEY = "cardtutor.progress";
export const LEGACY_PROGRESS_KEY = "cardtutor.done";
export const PROGRESS_VERSION = 2;

function parse(text) {
  try {
    return text === null || text === undefined ? null : JSON.parse(text);
  } catch {
    return null;
  }
}

/** A key after the renames (a lesson renamed twice ends at its last key; a loop stops). */
function current(key, renames) {
  const seen = new Set();
  while (Object.hasOwn(renames, key) && !seen.has(key)) {
    seen.add(key);
    key = renames[key];
  }
  return key;
}

/**
 * Reads stored progress of any schema: `stored` (the text under PROGRESS_KEY, or null), `legacy`
 * (under LEGACY_PROGRESS_KEY, or null), `renames` ({old key: new key}). Returns
 * `{done: Set, write, dropLegacy, newer}`: `write` is the text to store under PROGRESS_KEY now
 * (null: nothing changes), `dropLegacy` whether the legacy entry goes once that is stored. A
 * legacy list found beside current progress (an older copy of the site, still cached, wrote it)
 * is merged in. Progress of a newer schema (`newer`: written by a newer version of the site) is
 * read as far as it can be and never written over.
 */
export function migrateProgress(stored, legacy, renames = {}) {
  const value = parse(stored);
  const old = parse(legacy);
  const oldKeys = Array.isArray(old) ? old : [];
  let keys = oldKeys;
  let version = 1;
  if (value && typeof value === "object" && !Array.isArray(value) && Number.isInteger(value.v)) {
    version = value.v;
    keys = (Array.isArray(value.done) ? value.done : []).concat(version > PROGRESS_VERSION ? [] : oldKeys);
  }
  keys = keys.filter((k) => typeof k === "string");
  if (version > PROGRESS_VERSION) return { done: new Set(keys), write: null, dropLegacy: false, newer: true };
  const done = new Set(keys.map((k) => current(k, renames)));
  const text = JSON.stringify({ v: PROGRESS_VERSION, done: [...done] });
  const nothing = (stored === null || stored === undefined) && (legacy === null || legacy === undefined);
  return { done, write: text === stored || nothing ? null : text, dropLegacy: !nothing && legacy !== null, newer: false };
}

/** The text to store once `key` is done too. */
export function withDone(done, key) {
  return JSON.stringify({ v: PROGRESS_VERSION, done: [...new Set([...done, key])] });
}
