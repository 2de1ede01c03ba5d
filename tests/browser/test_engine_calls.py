"""Every call to the engine gets an answer the page can show (issue 13): a request too deep to be
read is refused by the engine, a request too deep to be written is refused before it is sent,
and a call that gets no answer in time resolves with a message in the page's status line."""
from __future__ import annotations

from playwright.sync_api import expect

READY = '#engine-status[data-state="ready"]'

CALL = """async ([depth, asText]) => {
  let action = 1;
  for (let i = 0; i < depth; i++) action = [action];
  return await globalThis.cardtutorEngine.call({op: "explain", state: 1, action});
}"""


def test_every_call_is_answered(page, server) -> None:
    page.goto(server + "ja/doudizhu/02-auction.html")
    expect(page.locator(READY)).to_be_attached()
    reply = page.evaluate(CALL, [3000, False])  # the request the issue saw go unanswered
    assert reply["ok"] is False and "40" in reply["error"], reply
    reply = page.evaluate(CALL, [100_000, False])  # deeper than JSON.stringify can write
    assert reply["ok"] is False and reply["error"], reply
    # no answer in time: the call resolves, and the status line says so (in the page's language)
    page.evaluate("localStorage.setItem('cardtutor.callTimeoutMs', '1')")
    reply = page.evaluate("""() => globalThis.cardtutorEngine.call(
        {op: "timeit", request: {op: "playout", game: "tichu", seed: 1}, reps: 3})""")
    page.evaluate("localStorage.removeItem('cardtutor.callTimeoutMs')")
    assert reply["ok"] is False and reply.get("timeout") is True, reply
    expect(page.locator("#engine-status")).to_have_attribute("data-trouble", "true")
    expect(page.locator("#engine-status")).to_contain_text("ルールエンジンから応答がありません")
    # the engine still answers the next call
    assert page.evaluate("() => globalThis.cardtutorEngine.call({op: 'games'})")["ok"] is True
