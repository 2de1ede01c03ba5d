// Moving on to another lesson without leaving the page: the engine (its worker, with Python and
// the tutor loaded) stays, and only the lesson's part of the page is replaced, so the next lesson
// answers at once instead of starting the engine again (issue 24: "next lesson" in
// bench/site_perf.py). The address, the title, the Back button and the language switch behave as
// after a normal link. Whenever the other page is not a lesson of this very build (another
// build's page, a network error), the browser simply follows the link.

/** The build a page belongs to (build.py: Site.build_id, its scripts and its engine): a page of
 * another build needs its own scripts and engine, so it is opened normally. */
function buildOf(doc) {
  return (doc.body && doc.body.dataset.build) || null;
}

/** A plain left click on a link, that the page may handle itself (no new tab or window asked for). */
function plainClick(event, link) {
  return event.button === 0 && !event.defaultPrevented && !event.metaKey && !event.ctrlKey && !event.shiftKey
    && !event.altKey && !link.target && !link.hasAttribute("download");
}

/**
 * Makes links marked ``data-lesson-link`` (the lesson template's "next lesson" links) open their
 * lesson in this page. ``leave()`` is told before the lesson on show goes, ``show()`` sets the
 * lesson now in <main> up (player.js: leave, mount); ``allowed()``
 * says whether this page may swap lessons at all (not inside a class set, whose bar belongs to the item).
 */
export function followLessonLinks({ leave, show, allowed }) {
  const thisBuild = buildOf(document);
  let shownPath = location.pathname;
  let pending = null;

  async function open(url, push) {
    const request = Symbol("open");
    pending = request;
    let doc = null;
    try {
      const response = await fetch(url, { credentials: "same-origin" });
      if (response.ok) doc = new DOMParser().parseFromString(await response.text(), "text/html");
    } catch {
      doc = null;
    }
    if (pending !== request) return;  // a later click won
    const main = doc && doc.querySelector("main");
    if (!main || doc.body.dataset.page !== "lesson" || buildOf(doc) !== thisBuild) {
      if (push) location.assign(url);
      else location.reload();  // Back to a lesson this page cannot show: load it
      return;
    }
    leave();
    if (push) history.pushState({ lesson: true }, "", url);
    shownPath = new URL(url, location.href).pathname;
    document.title = doc.title;
    document.querySelector("main").replaceChildren(...[...main.childNodes].map((node) => document.adoptNode(node)));
    const langLink = document.querySelector(".lang-switch");
    const newLangLink = doc.querySelector(".lang-switch");
    if (langLink && newLangLink) langLink.setAttribute("href", newLangLink.getAttribute("href"));
    await show();
    if (pending !== request) return;  // a later click won
    window.scrollTo(0, 0);
    // a new page for a screen reader too: its title is where reading starts
    const heading = document.querySelector("main h1");
    if (heading) {
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    }
  }

  document.addEventListener("click", (event) => {
    const link = event.target instanceof Element ? event.target.closest("a[data-lesson-link]") : null;
    if (!link || !plainClick(event, link) || !allowed()) return;
    const url = new URL(link.href, location.href);
    if (url.origin !== location.origin) return;
    event.preventDefault();
    open(url.href, true);
  });
  // Back and Forward between lessons this page showed: the lesson of the address
  window.addEventListener("popstate", () => {
    if (location.pathname !== shownPath) open(location.href, false);
  });
}
