// Page bootstrap shared by every page: progress marks, and on lesson pages the player.
// Kept small on purpose: the rules live in Python; this file only shows what they say.

import { LEGACY_PROGRESS_KEY, PROGRESS_KEY, migrateProgress, withDone } from "./progress.js";

/** Lessons renamed since progress may have been stored: {old key: new key} (the build writes
 * it from the lessons' `aliases:` front matter, on pages that show or keep progress). */
function lessonRenames() {
  try {
    return JSON.parse(document.body.dataset.lessonRenames || "{}");
  } catch {
    return {};
  }
}

/** The stored progress in the current schema, migrated and stored back first (progress.js). */
function loadProgress() {
  let stored = null;
  let legacy = null;
  try {
    stored = localStorage.getItem(PROGRESS_KEY);
    legacy = localStorage.getItem(LEGACY_PROGRESS_KEY);
  } catch {
    return { done: new Set(), newer: true };  // storage unavailable (private mode): nothing kept
  }
  const progress = migrateProgress(stored, legacy, lessonRenames());
  try {
    if (progress.write !== null) localStorage.setItem(PROGRESS_KEY, progress.write);
    if (progress.dropLegacy) localStorage.removeItem(LEGACY_PROGRESS_KEY);
  } catch {
    /* storage full or refused: the page still shows what it read */
  }
  return progress;
}

export function doneSet() {
  return loadProgress().done;
}

export function markDone(key) {
  const progress = loadProgress();
  if (progress.newer || progress.done.has(key)) return;  // a newer site's progress is left as it is
  try {
    localStorage.setItem(PROGRESS_KEY, withDone(progress.done, key));
  } catch {
    /* storage may be unavailable (private mode): progress is then not kept */
  }
}

// ------------------------------------------------------------------ display preferences
const DISPLAY_KEY = "cardtutor.display";
/** The display preferences (remembered across pages and visits): ``projector`` (cards and text
 * about twice the size, high contrast) and ``four-colour`` (four suit colours, not red/black). */
export const DISPLAY_PREFS = ["projector", "four-colour"];

export function displayPrefs() {
  try {
    const stored = JSON.parse(localStorage.getItem(DISPLAY_KEY) || "{}");
    return Object.fromEntries(DISPLAY_PREFS.map((p) => [p, stored[p] === true]));
  } catch {
    return Object.fromEntries(DISPLAY_PREFS.map((p) => [p, false]));
  }
}

function applyDisplayPrefs(prefs) {
  for (const pref of DISPLAY_PREFS) {
    document.documentElement.classList.toggle(pref, prefs[pref]);
    for (const button of document.querySelectorAll(`button.pref[data-pref="${pref}"]`)) {
      button.setAttribute("aria-pressed", String(prefs[pref]));
    }
  }
}

/** A window where the table needs every line: a phone, or a laptop or projector at 1280×720. */
const CRAMPED = window.matchMedia("(max-width: 820px), (max-height: 760px)");

/** Panels that take room the table needs (the practice settings) start closed in a cramped window
 * and in projector mode, and close when the window becomes cramped or projector mode is turned on
 * (the learner may open them again). */
function closeWhenCramped() {
  const close = () => {
    for (const panel of document.querySelectorAll("details[data-close-cramped]")) panel.open = false;
  };
  if (CRAMPED.matches || displayPrefs().projector) close();
  CRAMPED.addEventListener("change", (event) => { if (event.matches) close(); });
  document.addEventListener("cardtutor:display", () => { if (displayPrefs().projector) close(); });
}

function setupDisplayPrefs() {
  applyDisplayPrefs(displayPrefs());
  for (const button of document.querySelectorAll("button.pref[data-pref]")) {
    button.addEventListener("click", () => {
      const prefs = displayPrefs();
      prefs[button.dataset.pref] = !prefs[button.dataset.pref];
      try {
        localStorage.setItem(DISPLAY_KEY, JSON.stringify(prefs));
      } catch {
        /* storage off: the choice holds for this page only */
      }
      applyDisplayPrefs(prefs);
      document.dispatchEvent(new CustomEvent("cardtutor:display")); // the table fans its hand anew
    });
  }
}

function showProgress() {
  const done = doneSet();
  const lang = document.body.dataset.lang || "en";
  const words = lang === "ja"
    ? { done: "完了", notDone: "未完了", progress: (d, t) => `${t}レッスン中${d}完了` }
    : { done: "done", notDone: "not yet done", progress: (d, t) => `${d} of ${t} lessons done` };
  for (const el of document.querySelectorAll("[data-done-key]")) {
    const isDone = done.has(el.dataset.doneKey);
    el.textContent = isDone ? `✓ ${words.done}` : "";
    el.setAttribute("aria-label", isDone ? words.done : words.notDone);
    el.classList.toggle("is-done", isDone);
  }
  for (const el of document.querySelectorAll("[data-progress-keys]")) {
    const keys = el.dataset.progressKeys.split(" ").filter(Boolean);
    el.textContent = words.progress(keys.filter((k) => done.has(k)).length, keys.length);
  }
}

/** The page's UI strings (one shared file per language, cached across pages). */
export async function loadStrings(lang) {
  const response = await fetch(new URL(`./strings-${lang}.json`, import.meta.url));
  return response.json();
}

/** How long a page waits for one answer from the engine (the slowest real one, a bot's whole
 * round for the benches, takes well under a second). */
export const CALL_TIMEOUT_MS = 60_000;

/** The wait for one answer; a test may shorten it (localStorage "cardtutor.callTimeoutMs"). */
function callTimeout() {
  try {
    const ms = Number(localStorage.getItem("cardtutor.callTimeoutMs"));
    return ms > 0 ? ms : CALL_TIMEOUT_MS;
  } catch {
    return CALL_TIMEOUT_MS;
  }
}

/** A client for the engine worker: call(request) → Promise of the bridge's response. */
export class Engine {
  constructor(wheel, stamp, snapshot = "") {
    this.ready = false;
    this.failed = null;
    this.pending = new Map();
    this.nextId = 1;
    this.status = ["loading"];
    this.listener = null;
    this.readyPromise = new Promise((resolve) => {
      this.resolveReady = resolve;
    });
    globalThis.cardtutorEngine = this; // for bench/site_perf.py and debugging from the console
    // Lesson and practice pages start the worker from an inline script at the top of <head>
    // (templates/base.html, block boot), long before this module runs; its messages wait in a queue.
    // (a shared worker there, talked to through its port: templates/boot.html; here, without
    // that script, the page's own worker)
    const boot = globalThis.cardtutorBoot;
    delete globalThis.cardtutorBoot;
    if (boot) {
      this.worker = boot.worker;
      this.port = boot.port || boot.worker;
    } else {
      try {
        this.worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
        this.port = this.worker;
      } catch (error) {
        this.fail(String(error));
        return;
      }
    }
    this.port.onmessage = (event) => this.receive(event.data);
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.fail(event.message || "worker error");
    };
    if (boot) for (const message of boot.queue) this.receive(message);
    else this.port.postMessage({ type: "init", wheel, stamp, snapshot });
  }

  /** The page's status line listens from when it is drawn; it first hears the latest stage. */
  listen(fn) {
    this.listener = fn;
    fn(...this.status);
  }

  onStatus(stage, error) {
    this.status = [stage, error];
    if (this.listener) this.listener(stage, error);
  }

  fail(error) {
    this.failed = error;
    registerServiceWorker();
    this.onStatus("failed", error);
    this.resolveReady(false);
  }

  receive(message) {
    if (message.type === "stage") this.onStatus(message.stage);
    else if (message.type === "ready") {
      this.ready = true;
      this.fromSnapshot = Boolean(message.snapshot);
      this.reused = Boolean(message.reused);  // the engine an earlier page started (worker.js)
      this.timings = message.timings || null;  // where the worker's start-up went (bench/site_perf.py)
      registerServiceWorker();
      this.onStatus("ready");
      this.resolveReady(true);
    } else if (message.type === "failed") this.fail(message.error);
    else if (message.type === "snapshot-stored") this.snapshotStored = true;
    else if (message.type === "reply") {
      const resolve = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (resolve) resolve(message.response);
    }
  }

  /** A call that failed in a way the learner should hear of (the page's status line says it). */
  trouble(response) {
    this.onStatus("trouble", response.error);
    return response;
  }

  /**
   * One request to the engine; always resolves with the bridge's answer or ``{ok: false, error}``:
   * a request that cannot be sent (too deep to write as JSON), or no answer within
   * ``CALL_TIMEOUT_MS`` (the page shows the error instead of waiting for ever). The request
   * crosses to the worker as JSON text, which any structure the page can write survives.
   */
  call(request) {
    if (!this.ready) return Promise.resolve({ ok: false, error: "engine not ready" });
    let text;
    try {
      text = JSON.stringify(request);
    } catch (error) {
      return Promise.resolve(this.trouble({ ok: false, error: `the request could not be sent (${error && error.message ? error.message : error})` }));
    }
    const id = this.nextId++;
    const limit = callTimeout();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        if (!this.pending.has(id)) return;
        this.pending.delete(id);
        resolve(this.trouble({ ok: false, timeout: true, error: `the engine did not answer within ${limit / 1000} s` }));
      }, limit);
      this.pending.set(id, (response) => {
        clearTimeout(timer);
        resolve(response && response.internal ? this.trouble(response) : response);
      });
      this.port.postMessage({ type: "request", id, text });
    });
  }
}

/** The service worker's groups this page belongs to (site/sw.js): on a game's page, that game's
 * pages (in both languages); the core comes with the worker itself. */
function offlineGroups() {
  const root = new URL(document.body.dataset.root || "./", location.href).href;
  if (!location.href.startsWith(root)) return [];
  const parts = location.href.slice(root.length).split(/[?#]/)[0].split("/");
  return parts.length > 2 ? [parts[1]] : [];
}

/** How long a page waits, once loaded (and its engine up), before the offline copy is stored: a
 * learner's first seconds on a page (reading it, moving on, reloading it) do not share the
 * machine and the link with the storing of 26 MB, which takes a second or so (bench/site_perf.py:
 * a reload while it ran took 0.7 s to "engine ready", 0.37 s without it). */
const OFFLINE_DELAY_MS = 2000;

/**
 * Registers the service worker that keeps this page's game available offline after one visit,
 * then asks it to store this page's groups (``data-offline`` on <body>: "ready" once stored,
 * "failed" if the network failed it; the site works online either way). Pages with the engine
 * call it once the engine is up, so the storing never competes with the runtime's own download;
 * every page waits OFFLINE_DELAY_MS more.
 */
let registered = false;
export function registerServiceWorker() {
  if (registered || !("serviceWorker" in navigator) || location.protocol === "file:") return;
  registered = true;
  const root = document.body.dataset.root || "";
  const register = async () => {
    try {
      navigator.serviceWorker.addEventListener("message", (event) => {
        if (event.data && event.data.type === "precached") document.body.dataset.offline = "ready";
        else if (event.data && event.data.type === "precache-failed") document.body.dataset.offline = "failed";
      });
      await navigator.serviceWorker.register(`${root}sw.js`);
      const ready = await navigator.serviceWorker.ready;
      ready.active.postMessage({ type: "precache", groups: offlineGroups() });
    } catch {
      /* no offline copy (e.g. a private window): the site still works online */
    }
  };
  const later = () => setTimeout(register, OFFLINE_DELAY_MS);
  if (document.readyState === "complete") later();
  else window.addEventListener("load", later, { once: true });
}

setupDisplayPrefs();
closeWhenCramped();
showProgress();
if (!["lesson", "practice", "quiz", "class"].includes(document.body.dataset.page)) registerServiceWorker();
// Pages with the engine started its worker from an inline script at the top of <head>
// (templates/boot.html): Pyodide's boot is the long pole, so it waits for nothing; the Engine
// made here takes that worker over (or starts one, on a page without that script).
const PAGE_DATA = { lesson: "lesson-data", practice: "practice-data", quiz: "quiz-data", class: "class-data" };
const PAGE_MODULE = {
  lesson: () => import("./player.js"), practice: () => import("./practice.js"), quiz: () => import("./quiz.js"),
  class: () => import("./classset-page.js"),  // the teacher's class sets: the engine checks a pasted position
};
const dataId = PAGE_DATA[document.body.dataset.page];
if (dataId) {
  const pageData = JSON.parse(document.getElementById(dataId).textContent);
  const engine = new Engine(pageData.wheel, pageData.stamp, pageData.snapshot);
  PAGE_MODULE[document.body.dataset.page]().then((page) => page.start(engine));
} else if (document.body.dataset.page === "mastery") {
  import("./mastery-page.js").then((page) => page.start());
} else if (document.body.dataset.page === "set") {
  import("./classset-page.js").then((page) => page.startSet());
}
// a lesson, quiz or practice page opened from a class set: the set's bar (back to it, on to the next item)
if (dataId && new URLSearchParams(location.search).has("set")) import("./classset-page.js").then((page) => page.itemBar());
