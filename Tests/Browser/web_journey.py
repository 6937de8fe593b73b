"""A shopper's journey through `grock serve` in a real browser (Debian's chromium-headless-shell),
driven over the DevTools protocol with Python's standard library alone (its own WebSocket client).

Usage: web_journey.py URL SCREENSHOT.png   (GROCK, GROCK_HOME and GROCK_NOW in the environment)

Plans a cart, starts the trip, ticks two lines with prices, adds an impulse buy, sees a command
line change arrive without a reload, goes offline for two ticks and a price, reloads from the
cache, comes back online with the first answer cut after the server committed it, takes a
screenshot at 390x844, changes a price while the server cannot write down its key (and is
warned, not asked to send it again) and finishes. Prints one JSON object: what the page showed. Every wait has
a timeout; the browser is stopped on every path out.
"""
import base64, json, os, subprocess, sys, time
sys.dont_write_bytecode = True  # nothing left beside the tests
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from devtools import Browser  # noqa: E402

URL, SCREENSHOT = sys.argv[1], sys.argv[2]
GROCK = os.environ["GROCK"]


def grock(*arguments):
    return subprocess.run([GROCK, *arguments], capture_output=True, text=True, timeout=30, check=True).stdout


browser = Browser()
try:
    tools = browser.page
    tools.call("Page.enable")
    tools.call("Runtime.enable")
    tools.call("Emulation.setDeviceMetricsOverride", width=390, height=844, deviceScaleFactor=2, mobile=True)

    def js(expression):
        answer = tools.call("Runtime.evaluate", expression=expression, awaitPromise=True, returnByValue=True)
        if "exceptionDetails" in answer:
            raise RuntimeError(f"{expression}: {answer['exceptionDetails']}")
        return answer["result"].get("value")

    def wait(expression, timeout=5, what=None):
        deadline = time.time() + timeout
        while time.time() < deadline:
            try:
                if js(expression):
                    return time.time()
            except RuntimeError:
                pass
            time.sleep(0.05)
        raise TimeoutError(f"{what or expression} not within {timeout} s; the page shows: {js('document.body.innerText')[:600]}")

    # Finding things as a person does: by their visible or accessible names.
    def helpers():
        js("""window.t = window.t || {
          text: () => document.body.innerText,
          button: (name) => [...document.querySelectorAll('button')].find((b) => b.textContent === name || b.getAttribute('aria-label') === name),
          line: (name) => [...document.querySelectorAll('li')].find((li) => li.querySelector('label.line span') && li.querySelector('label.line span').textContent.startsWith(name)),
          set: (input, value) => { input.value = value; input.dispatchEvent(new Event('input')); input.dispatchEvent(new Event('change')); },
          queue: () => JSON.parse(localStorage.getItem('grock.queue') || '[]').length,
        }; true""")

    started = time.time()
    tools.call("Page.navigate", url=URL)
    wait("document.querySelector('main h1') && document.querySelector('main h1').textContent === 'Carts'", 10, "the carts")
    first_render = time.time() - started
    helpers()

    # Plan a cart.
    js("t.set(document.querySelector('input[name=name]'), 'Phone'); t.set(document.querySelector('input[name=budget]'), '30'); "
       "document.querySelector('main form button').click(); true")
    wait("[...document.querySelectorAll('main a.card')].some((a) => a.firstChild.textContent === 'Phone')", 5, "the new cart")
    js("location.hash = '#/cart/Phone'; true")
    wait("document.querySelector('main h1') && document.querySelector('main h1').textContent === 'Phone'")
    for name in ["Milk", "Bread", "Eggs", "Coffee", "<img src=x onerror=alert(1)>"]:
        js(f"t.set(document.querySelector('input[type=search]'), {json.dumps(name[:4])}); true")
        # Found and clicked in one step: the page may redraw the results between two steps.
        wait(f"(() => {{ const b = t.button('Add ' + {json.dumps(name)}); if (b) b.click(); return !!b; }})()", 5, f"{name} in the search")
        wait(f"[...document.querySelectorAll('main li span.grow')].some((s) => s.textContent === {json.dumps(name)})", 5, f"{name} on the cart")
    js("t.button('Start shopping').click(); true")
    wait("document.querySelectorAll('input[type=checkbox]').length === 5", 5, "shop mode")

    # Two ticks with prices, and an impulse buy.
    for name, price in [("Milk", "1.15"), ("Bread", "2.59")]:
        js(f"t.set(t.line({json.dumps(name)}).querySelector('input.price'), '{price}'); t.line({json.dumps(name)}).querySelector('input[type=checkbox]').click(); true")
        wait(f"t.queue() === 0 && !!t.line({json.dumps(name)}).querySelector('label.done')", 5, f"{name} ticked")
    js("const f = [...document.querySelectorAll('main form')].pop(); const [n, p] = f.querySelectorAll('input'); t.set(n, 'Gum'); t.set(p, '0.99'); "
       "f.querySelector('button').click(); true")
    wait("t.queue() === 0 && !!t.line('Gum (impulse)')", 5, "the impulse buy")

    # A change on the laptop's command line shows without a reload.
    changed = time.time()
    grock("item", "rename", "Eggs", "Free-range eggs")
    wait("!!t.line('Free-range eggs')", 2, "the command line's rename")
    follow = time.time() - changed

    # Offline in the store: two ticks and a price, queued.
    tools.call("Network.enable")
    tools.call("Network.emulateNetworkConditions", offline=True, latency=0, downloadThroughput=-1, uploadThroughput=-1)
    js("t.line('Free-range eggs').querySelector('input[type=checkbox]').click(); true")
    js("t.line('Coffee').querySelector('input[type=checkbox]').click(); true")
    wait("t.queue() === 2 && document.getElementById('status').textContent.startsWith('Offline')", 5, "two ticks queued offline")
    js("t.set(t.line('Coffee').querySelector('input.price'), '4.99'); true")
    wait("t.queue() === 3", 5, "the price queued")
    # Drawn again at once, offline: the ticks show, and the total says it is from before them.
    wait("document.querySelector('main p').textContent.includes('(before 3 changes waiting to be sent)') "
         "&& !!t.line('Coffee').querySelector('label.done')", 5, "the offline changes drawn")
    # Reloaded in the store: the page comes from the browser's cache, the queue from its storage.
    tools.call("Page.reload")
    wait("document.querySelector('main h1') && document.querySelector('main h1').textContent === 'Phone'", 10, "the page reloaded offline")
    helpers()
    offline_queue = js("t.queue()")
    # What the shopper did offline shows on the page, and the total says it is from before it.
    offline_shown = js("!!t.line('Free-range eggs').querySelector('label.done') && !!t.line('Coffee').querySelector('label.done') "
                       "&& document.querySelector('main p').textContent.includes('(before 3 changes waiting to be sent)')")

    # Back online, but the answer to the first change is cut after the server committed it.
    tools.call("Fetch.enable", patterns=[{"urlPattern": "*/rpc", "requestStage": "Response"}])
    tools.call("Network.emulateNetworkConditions", offline=False, latency=0, downloadThroughput=-1, uploadThroughput=-1)
    paused = tools.event("Fetch.requestPaused", 15)
    tools.call("Fetch.failRequest", requestId=paused["requestId"], errorReason="ConnectionReset")
    tools.call("Fetch.disable")
    wait("t.queue() === 0", 20, "the queue sent")
    wait("!!(t.line('Coffee') && t.line('Coffee').querySelector('label.done'))", 5, "Coffee ticked on the server")

    hostile_images = js("document.querySelectorAll('img').length")
    hostile_text = js("t.line('<img src=x onerror=alert(1)>') !== undefined")
    shot = tools.call("Page.captureScreenshot", format="png")
    with open(SCREENSHOT, "wb") as out:
        out.write(base64.b64decode(shot["data"]))
    # The server cannot write down a change's key (a directory where its file goes): the change
    # is answered as made, and the page shows the warning instead of sending it again.
    applied = os.path.join(os.environ["GROCK_HOME"], "web", "applied")
    os.remove(applied)
    os.mkdir(applied)
    spent_before = js("document.querySelector('main p').textContent")
    js("t.set(t.line('Bread').querySelector('input.price'), '2.69'); true")
    wait("t.queue() === 0 && document.getElementById('clashes').textContent.includes('Saved, with a warning: Price of Bread (2.69)')",
         5, "the warning of the price")
    warning_shown = js("document.getElementById('clashes').textContent")
    os.rmdir(applied)
    wait(f"document.querySelector('main p').textContent !== {json.dumps(spent_before)}", 5, "the new total")
    spent_shown = js("document.querySelector('main p').textContent")

    js("t.button('Finish trip').click(); true")
    # One line (the hostile name) is not bought: the page asks once more, saying so.
    wait("!!t.button('Finish with 1 line not bought')", 5, "the second question")
    js("t.button('Finish with 1 line not bought').click(); true")
    wait("t.text().includes('Finished.')", 5, "the finished trip")
    print(json.dumps({"firstRender": first_render, "follow": follow, "offlineQueue": offline_queue, "offlineShown": offline_shown, "spentShown": spent_shown,
                      "warningShown": warning_shown,
                      "hostileImages": hostile_images, "hostileText": hostile_text,
                      "clashes": js("localStorage.getItem('grock.clashes')"),
                      "storage": js("JSON.stringify(Object.assign({}, localStorage))"), "cookies": js("document.cookie")}))
finally:
    browser.stop()
