// Handouts to print (sitebuild/handouts.py): the build wrote the words; this draws each position
// with the site's own table (table.js) from the views the build prepared, and each card the words
// name as a card, with no engine. Then it marks the page ready (``data-state="ready"`` on <html>,
// as table.js:pageState marks the table pages) for a reader's print and for the tests.
// The paper choice (A4, Letter, or the printer's) sets the print stylesheet's ``@page`` size.

import { cardImage, configure, renderTable } from "./table.js";

const PAPER_KEY = "cardtutor.paper";
const PAPER_SIZE = { a4: "A4", letter: "letter" };

/** The page's UI strings (the shared file per language, as app.js loads them). */
async function loadStrings(lang) {
  const response = await fetch(new URL(`./strings-${lang}.json`, import.meta.url));
  return response.json();
}

function storedPaper() {
  try {
    const value = localStorage.getItem(PAPER_KEY) || "";
    return value in PAPER_SIZE ? value : "";
  } catch {
    return "";
  }
}

/** Sets the printed page's size (``@page { size }`` in print.css, through the CSSOM: the page's
 * policy allows no inline style) to ``paper`` ("a4", "letter"), or leaves it to the printer (""). */
export function applyPaper(paper) {
  const sheet = [...document.styleSheets].find((s) => s.href && new URL(s.href).pathname.endsWith("/print.css"));
  document.documentElement.dataset.paper = paper || "any";
  if (!sheet) return;
  const rules = [...sheet.cssRules];
  for (let i = rules.length - 1; i >= 0; i -= 1) {
    if (rules[i] instanceof CSSPageRule && rules[i].style.getPropertyValue("size")) sheet.deleteRule(i);
  }
  if (PAPER_SIZE[paper]) sheet.insertRule(`@page { size: ${PAPER_SIZE[paper]}; }`, sheet.cssRules.length);
}

function setupPaper() {
  const select = document.getElementById("print-paper");
  const paper = storedPaper();
  applyPaper(paper);
  if (!select) return;
  select.value = paper;
  select.addEventListener("change", () => {
    try {
      localStorage.setItem(PAPER_KEY, select.value);
    } catch {
      /* storage off: the choice holds for this page */
    }
    applyPaper(select.value);
  });
  const button = document.getElementById("print-now");
  if (button) button.addEventListener("click", () => window.print());
}

/** Draws every position (``[data-view]``: an index into the page's views) and every run of cards
 * named in the words (``[data-cards]``). */
function draw(data) {
  for (const box of document.querySelectorAll("[data-view]")) {
    const view = data.views[Number(box.dataset.view)];
    if (!view) continue;
    renderTable(box.querySelector(".table"), view, { phases: box.querySelector(".phases"), deciding: false, selected: new Set() });
  }
  for (const span of document.querySelectorAll("[data-cards]")) {
    const tokens = span.dataset.cards.split(" ").filter(Boolean);
    if (!tokens.length) continue;
    // the words give way to the faces; each card keeps its name for a screen reader (cardImage)
    span.replaceChildren(...tokens.map(cardImage));
  }
}

async function start() {
  const data = JSON.parse(document.getElementById("handout-data").textContent);
  setupPaper();
  if (data.views.length || document.querySelector("[data-cards]")) {
    const S = { ...(await loadStrings(data.lang)), ...(data.words || {}) };
    configure({ strings: S, lang: data.lang, suitsMatter: data.suits_matter });
    draw(data);
  }
  await document.fonts.ready;
  document.documentElement.dataset.state = "ready";
}

start();
