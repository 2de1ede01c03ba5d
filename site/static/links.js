// The practice table's share links: their format version, and the migrations that keep a link
// made today opening after a rebuild renames a flag, a flag's value or a preset (README: "Share
// links"). No DOM here: tests/sitebuild_tests/test_links_js.py runs these functions in Node.
//
// A link is `practice.html?v=1&seed=…&seat=…[&hints=off][&chances=off][&preset=…][&flag=value…][&moves=CODE]`:
// `v` is the link's format, `moves` (a link to a moment) the engine's moves code (tutor/share.py).
// A link without `v` is format 1 (the links made before formats were numbered).
//
// The migration table is site/link-migrations.json, checked by the build (sitebuild/links.py)
// and handed to the page in its data: `{current, steps}`, each step
// `{version, game, flags?: {old: new}, values?: {flag: {old: new}}, presets?: {old: new}}`
// turns a link of format `version - 1` into one of format `version` (`values` names the flag
// by its name at `version`). Renaming a flag means: bump `current`, add a step.

/** The format of the links this page writes (the table's `current`). */
export function linkVersion(migrations) {
  return (migrations && migrations.current) || 1;
}

/**
 * Reads a link's query as the current format: its version checked, then every step above it
 * applied in order. Returns `{params, version}` (URLSearchParams without `v`; the version the
 * link was made in), or `{error: {key, params}}`, `key` a page string (site/strings) that says
 * why the link cannot be opened. Never throws.
 */
export function upgradeQuery(search, game, migrations) {
  const current = linkVersion(migrations);
  const params = new URLSearchParams(search);
  const given = params.getAll("v");
  let version = 1;
  if (given.length > 1) return { error: { key: "url_bad_version", params: { value: given.join(", ") } } };
  if (given.length) {
    if (!/^\d{1,9}$/.test(given[0]) || Number(given[0]) < 1) {
      return { error: { key: "url_bad_version", params: { value: given[0] } } };
    }
    version = Number(given[0]);
    if (version > current) return { error: { key: "url_newer_version", params: { version, current } } };
  }
  params.delete("v");
  for (const step of (migrations && migrations.steps) || []) {
    if (step.version <= version || step.version > current || (step.game && step.game !== game)) continue;
    for (const [old, now] of Object.entries(step.flags || {})) {
      if (!params.has(old)) continue;
      if (params.has(now)) return { error: { key: "url_renamed_twice", params: { old, name: now } } };
      const value = params.get(old);
      params.delete(old);
      params.set(now, value);
    }
    for (const [flag, renamed] of Object.entries(step.values || {})) {
      const value = params.get(flag);
      if (value !== null && Object.hasOwn(renamed, value)) params.set(flag, String(renamed[value]));
    }
    const preset = params.get("preset");
    if (preset !== null && step.presets && Object.hasOwn(step.presets, preset)) params.set("preset", step.presets[preset]);
  }
  return { params, version };
}

/** A link's query in the current format: `v` first, then `entries` ([name, value] pairs). */
export function writeQuery(entries, migrations) {
  const params = new URLSearchParams();
  params.set("v", String(linkVersion(migrations)));
  for (const [name, value] of entries) params.set(name, value);
  return `?${params}`;
}
