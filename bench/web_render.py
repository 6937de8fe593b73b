"""The page's first render in headless Chromium on loopback: from the start of the navigation to
the carts drawn (its heading in place), after pairing once. Prints the milliseconds of each run.
Usage: bench/web_render.py URL-WITH-TOKEN RUNS"""
import os, sys
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Browser"))
from devtools import Browser  # noqa: E402

url, runs = sys.argv[1], int(sys.argv[2])
home = url.split("?")[0]
drawn = """new Promise((done) => { const look = () => { const h = document.querySelector('main h1');
  if (h && h.textContent === 'Carts') done(performance.now()); else requestAnimationFrame(look); }; look(); })"""
browser = Browser()
try:
    page = browser.page
    page.call("Page.enable")
    page.call("Emulation.setDeviceMetricsOverride", width=390, height=844, deviceScaleFactor=2, mobile=True)
    page.call("Page.navigate", url=url)
    page.event("Page.loadEventFired", 10)
    for _ in range(runs + 1):
        page.call("Page.navigate", url=home)
        answer = page.call("Runtime.evaluate", expression=drawn, awaitPromise=True, returnByValue=True)
        print(round(answer["result"]["value"], 1))
        page.event("Page.loadEventFired", 10)
finally:
    browser.stop()
