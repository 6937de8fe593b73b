"""A shopper's journey through `grock serve` in a real browser (Debian's chromium-headless-shell),
driven over the DevTools protocol with Python's standard library alone (its own WebSocket client).

Usage: web_journey.py URL SCREENSHOT.png   (GROCK, GROCK_HOME and GROCK_NOW in the environment)

Plans a cart, starts the trip, ticks two lines with prices, adds an impulse buy, sees a command
line change arrive without a reload, goes offline for two ticks and a price, reloads from the
cache, comes back online with the first answer cut after the server committed it, takes a
screenshot at 390x844 and finishes. Prints one JSON object: what the page showed. Every wait has
a timeout; the browser is stopped on every path out.
"""
import base64, json, os, shutil, socket, struct, subprocess, sys, tempfile, time, urllib.request

URL, SCREENSHOT = sys.argv[1], sys.argv[2]
GROCK = os.environ["GROCK"]


class DevTools:
    """A WebSocket (RFC 6455) client of one page target: commands and their answers; events kept."""

    def __init__(self, url):
        address, path = url[len("ws://"):].split("/", 1)
        host, port = address.split(":")
        self.sock = socket.create_connection((host, int(port)), timeout=30)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET /{path} HTTP/1.1\r\nHost: {address}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                           f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            head += self.sock.recv(4096)
        head, self.buffer = head.split(b"\r\n\r\n", 1)
        assert b" 101 " in head.split(b"\r\n")[0], head
        self.last = 0
        self.events = []

    def _exact(self, count):
        while len(self.buffer) < count:
            chunk = self.sock.recv(1 << 16)
            if not chunk:
                raise EOFError("the browser closed the connection")
            self.buffer += chunk
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    def _message(self):
        message = b""
        while True:
            first, second = self._exact(2)
            length = second & 0x7F
            if length == 126:
                length = struct.unpack(">H", self._exact(2))[0]
            elif length == 127:
                length = struct.unpack(">Q", self._exact(8))[0]
            payload = self._exact(length)
            if first & 0x0F == 8:
                raise EOFError("closed")
            if first & 0x0F in (9, 10):
                continue
            message += payload
            if first & 0x80:
                return json.loads(message.decode())

    def call(self, method, **params):
        self.last += 1
        data = json.dumps({"id": self.last, "method": method, "params": params}).encode()
        header = bytearray([0x81])
        if len(data) < 126:
            header.append(0x80 | len(data))
        elif len(data) < 1 << 16:
            header += bytes([0x80 | 126]) + struct.pack(">H", len(data))
        else:
            header += bytes([0x80 | 127]) + struct.pack(">Q", len(data))
        mask = os.urandom(4)
        self.sock.sendall(bytes(header) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))
        while True:
            message = self._message()
            if message.get("id") == self.last:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})
            self.events.append(message)

    def event(self, method, timeout=10):
        deadline = time.time() + timeout
        while time.time() < deadline:
            for message in self.events:
                if message.get("method") == method:
                    self.events.remove(message)
                    return message["params"]
            self.sock.settimeout(max(0.05, deadline - time.time()))
            try:
                self.events.append(self._message())
            except socket.timeout:
                pass
            finally:
                self.sock.settimeout(30)
        raise TimeoutError(f"no {method} within {timeout} s")


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def grock(*arguments):
    return subprocess.run([GROCK, *arguments], capture_output=True, text=True, timeout=30, check=True).stdout


profile = tempfile.mkdtemp(prefix="grock-chromium-")
port = free_port()
browser = subprocess.Popen(["chromium-headless-shell", "--no-sandbox", f"--remote-debugging-port={port}", f"--user-data-dir={profile}",
                            "--remote-allow-origins=*", "about:blank"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
try:
    deadline = time.time() + 20
    targets = None
    while time.time() < deadline:
        try:
            targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=2))
            if any(t.get("type") == "page" for t in targets):
                break
        except OSError:
            pass
        time.sleep(0.1)
    page = next(t for t in targets if t.get("type") == "page")
    tools = DevTools(page["webSocketDebuggerUrl"])
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
        wait(f"!!t.button('Add ' + {json.dumps(name)})", 5, f"{name} in the search")
        js(f"t.button('Add ' + {json.dumps(name)}).click(); true")
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
    # Reloaded in the store: the page comes from the browser's cache, the queue from its storage.
    tools.call("Page.reload")
    wait("document.querySelector('main h1') && document.querySelector('main h1').textContent === 'Phone'", 10, "the page reloaded offline")
    helpers()
    offline_queue = js("t.queue()")

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
    spent_shown = js("document.querySelector('main p').textContent")

    js("t.button('Finish trip').click(); true")
    wait("t.text().includes('Finished.')", 5, "the finished trip")
    print(json.dumps({"firstRender": first_render, "follow": follow, "offlineQueue": offline_queue, "spentShown": spent_shown,
                      "hostileImages": hostile_images, "hostileText": hostile_text,
                      "clashes": js("localStorage.getItem('grock.clashes')")}))
finally:
    browser.terminate()
    try:
        browser.wait(timeout=10)
    except subprocess.TimeoutExpired:
        browser.kill()
    shutil.rmtree(profile, ignore_errors=True)
