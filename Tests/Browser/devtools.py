"""A client of Chromium's DevTools protocol with Python's standard library alone: its own WebSocket
(RFC 6455) client, and a browser started on a free loopback port. Used by web_journey.py and
bench/web.sh."""
import base64, json, os, shutil, signal, socket, struct, subprocess, tempfile, time, urllib.request


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


class Browser:
    """chromium-headless-shell on a free loopback port, with a profile of its own; `page` is its tab."""

    def __init__(self):
        self.profile = tempfile.mkdtemp(prefix="grock-chromium-")
        port = free_port()
        self.process = subprocess.Popen(["chromium-headless-shell", "--no-sandbox", f"--remote-debugging-port={port}",
                                         f"--user-data-dir={self.profile}", "--remote-allow-origins=*", "about:blank"],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        deadline = time.time() + 20
        while True:
            try:
                targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=2))
                page = next((t for t in targets if t.get("type") == "page"), None)
                if page:
                    break
            except OSError:
                pass
            if time.time() > deadline:
                self.stop()
                raise TimeoutError("the browser did not start within 20 s")
            time.sleep(0.1)
        self.page = DevTools(page["webSocketDebuggerUrl"])

    def stop(self):
        # Debian's chromium-headless-shell is a shell script that starts the browser without
        # exec: the browser and its helpers are stopped as the process group they are.
        for sig, wait in ((signal.SIGTERM, 5), (signal.SIGKILL, 5)):
            try:
                os.killpg(self.process.pid, sig)
            except ProcessLookupError:
                break
            deadline = time.time() + wait
            while time.time() < deadline:
                try:
                    os.killpg(self.process.pid, 0)
                except ProcessLookupError:
                    break
                time.sleep(0.05)
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
        shutil.rmtree(self.profile, ignore_errors=True)
