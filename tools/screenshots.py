"""Screenshots of a lesson and a practice page at the sizes issue 14 names (1280×720, 390×844,
and 1280×720 in projector mode), for a closing note or a look at the layout.

    python tools/screenshots.py [--site _site] [--out artifacts/screens] [--game doudizhu] [--lang en]

Serves the built site on a free port, opens each page in Debian's Chromium, waits for the page
to wait for the learner, and saves the viewport (what is on screen without scrolling).
"""
from __future__ import annotations

import argparse
import functools
import http.server
import threading
from pathlib import Path

SIZES = {"1280x720": (1280, 720), "390x844": (390, 844), "projector": (1280, 720)}


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", default="_site")
    parser.add_argument("--out", default="artifacts/screens")
    parser.add_argument("--game", default="doudizhu")
    parser.add_argument("--lang", default="en")
    parser.add_argument("--lesson", default=None, help="the lesson's file name (default: the second)")
    parser.add_argument("--step", default="3")
    args = parser.parse_args()
    site = Path(args.site)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    handler = functools.partial(_Quiet, directory=str(site))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}/{args.lang}/{args.game}/"
    lessons = sorted(p.name for p in (site / args.lang / args.game).glob("0*.html"))
    lesson = args.lesson or (lessons[1] if len(lessons) > 1 else lessons[0] if lessons else None)
    pages = {"practice": "practice.html?seed=7"}
    if lesson:  # a game with no course yet shows its practice page only
        pages = {"lesson": f"{lesson}?step={args.step}", **pages}
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"])
        for size, (w, h) in SIZES.items():
            ctx = browser.new_context(viewport={"width": w, "height": h})
            prefs = '{"projector":true}' if size == "projector" else "{}"
            ctx.add_init_script(f"try {{ localStorage.setItem('cardtutor.display', '{prefs}');"
                                " localStorage.setItem('cardtutor.botDelay', '0') } catch (e) {}")
            for kind, url in pages.items():
                page = ctx.new_page()
                page.goto(base + url)
                page.locator('#engine-status[data-state="ready"]').wait_for(state="attached", timeout=180_000)
                page.locator('html[data-state="learner"], html[data-state="over"]').wait_for(state="attached", timeout=180_000)
                path = out / f"{args.game}-{args.lang}-{kind}-{size}.png"
                page.screenshot(path=str(path))
                print(path)
                page.close()
            ctx.close()
        browser.close()
    httpd.shutdown()


if __name__ == "__main__":
    main()
