// The stylesheet (`/app.css`), served byte for byte. Compiled in as a Swift string, not a SwiftPM
// resource: on Linux a resource lives in a bundle folder that must sit beside the binary, and the
// generated `Bundle.module` traps when it is missing, so a `grock` copied alone would stop at its
// first page (WebPage.swift).
extension WebPage {
    /// The page's look: light and dark colours, and the layout of carts, lines and forms.
    static let stylesheet = """
    :root { color-scheme: light dark; --bg: #fff; --fg: #111; --muted: #666; --line: #ddd; --accent: #0a6; --warn: #c30; }
    @media (prefers-color-scheme: dark) { :root { --bg: #121212; --fg: #eee; --muted: #aaa; --line: #333; --accent: #3c9; --warn: #f75; } }
    * { box-sizing: border-box; }
    body { margin: 0; font: 17px/1.4 system-ui, sans-serif; background: var(--bg); color: var(--fg); padding-bottom: 4rem; }
    header { display: flex; justify-content: space-between; align-items: center; padding: .75rem 1rem; border-bottom: 1px solid var(--line); }
    header a { font-weight: 700; color: inherit; text-decoration: none; font-size: 1.2rem; }
    #status { font-size: .9rem; color: var(--muted); }
    #status.offline { color: var(--warn); }
    main { padding: 0 1rem; max-width: 40rem; margin: 0 auto; }
    nav { position: fixed; bottom: 0; left: 0; right: 0; display: flex; background: var(--bg); border-top: 1px solid var(--line); }
    nav a { flex: 1; text-align: center; padding: 1rem; color: inherit; }
    h1 { font-size: 1.3rem; margin: 1rem 0 .5rem; } h2 { font-size: 1.05rem; margin: 1.2rem 0 .3rem; color: var(--muted); }
    ul { list-style: none; margin: 0; padding: 0; }
    li { border-bottom: 1px solid var(--line); padding: .5rem 0; display: flex; gap: .5rem; align-items: center; flex-wrap: wrap; }
    li .grow { flex: 1; min-width: 8rem; }
    a.card { display: block; color: inherit; text-decoration: none; padding: .8rem 0; }
    button, input, select { font: inherit; min-height: 44px; }
    button { padding: .5rem 1rem; border-radius: .5rem; border: 1px solid var(--line); background: var(--bg); color: var(--fg); }
    button.primary { background: var(--accent); border-color: var(--accent); color: #fff; }
    input[type=text], input[type=search], input[inputmode] { padding: .4rem .6rem; border: 1px solid var(--line); border-radius: .4rem; background: var(--bg); color: var(--fg); width: 100%; }
    input.price { width: 6rem; }
    input.quantity { width: 5rem; }
    input[type=checkbox] { width: 28px; height: 28px; min-height: 28px; flex-shrink: 0; }
    .name { display: flex; flex-direction: column; min-width: 0; overflow-wrap: anywhere; }
    .name small { font-size: .8rem; }
    label.line { display: flex; align-items: center; gap: .6rem; flex: 1; min-width: 10rem; min-height: 44px; }
    .muted { color: var(--muted); font-size: .9rem; }
    .over { color: var(--warn); font-weight: 600; }
    .bar { height: .5rem; background: var(--line); border-radius: .25rem; overflow: hidden; margin: .3rem 0 1rem; }
    .bar > div { height: 100%; background: var(--accent); }
    .bar.over > div { background: var(--warn); }
    form { display: flex; gap: .5rem; flex-wrap: wrap; margin: .5rem 0; align-items: flex-end; }
    form label { display: flex; flex-direction: column; font-size: .9rem; flex: 1; min-width: 6rem; }
    #clashes { background: var(--warn); color: #fff; padding: .5rem 1rem; }
    #clashes button { margin-left: .5rem; }
    .done { color: var(--muted); }
    .done .name > span { text-decoration: line-through; }
    """
}
