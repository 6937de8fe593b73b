'use strict';
const state = { online: true, sending: false };
const queue = () => JSON.parse(localStorage.getItem('grock.queue') || '[]');
const saveQueue = (q) => localStorage.setItem('grock.queue', JSON.stringify(q));
const clashes = () => JSON.parse(localStorage.getItem('grock.clashes') || '[]');
const warnings = () => JSON.parse(localStorage.getItem('grock.warnings') || '[]');
const $ = (tag, props = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === 'text') node.textContent = v; else if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) node.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children) if (c) node.append(c);
  return node;
};
const newKey = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

async function rpc(method, params, key) {
  // The session is an HttpOnly cookie; the header is what a page of another site cannot send.
  const headers = { 'Content-Type': 'application/json', 'X-Requested-With': 'grock' };
  if (key) headers['Idempotency-Key'] = key;
  let response;
  try {
    response = await fetch('/rpc', { method: 'POST', headers, credentials: 'same-origin',
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  } catch (failure) {
    throw { network: true, message: 'the laptop cannot be reached' };
  }
  // Not paired (any more): nothing is sent until the URL is opened again; nothing is dropped.
  if (response.status === 401 || response.status === 403) throw { unpaired: true, message: await response.text() };
  // Sent again later: being applied by another try (409), or the server failing (5xx).
  if (response.status === 409 || response.status >= 500) throw { network: true, message: 'the server answered ' + response.status };
  // Refused as it is (too large, malformed): it will never go through; shown, not retried for ever.
  if (!response.ok) throw { network: false, message: (await response.text()).trim() || 'refused (' + response.status + ')' };
  const answer = await response.json();
  if (answer.error) {
    const data = answer.error.data || {};
    // Busy with another program's change: the same change may go through later.
    if (data.transient === 'true') throw { network: true, message: answer.error.message };
    throw { network: false, message: answer.error.message, kind: data.kind };
  }
  // Made, with what it warns of (a price that looks like a slip) and what went wrong around it
  // (its key not written down): shown, never a reason to send it again.
  const result = answer.result;
  const header = response.headers.get('Grock-Warning');
  return { result, warnings: (result && Array.isArray(result.warnings) ? result.warnings : []).concat(header ? [header] : []) };
}

async function read(method, params) {
  const cacheKey = 'grock.read.' + method + JSON.stringify(params || {});
  try {
    const { result } = await rpc(method, params);
    localStorage.setItem(cacheKey, JSON.stringify(result));
    setOnline(true);
    return result;
  } catch (error) {
    if (error.network !== true) throw error;
    setOnline(false);
    const cached = localStorage.getItem(cacheKey);
    if (cached) return pending(method, JSON.parse(cached));
    throw { message: 'The laptop cannot be reached, and this was never shown here before.' };
  }
}

// What was last shown, with the changes still waiting laid over it (ticks, prices, impulse
// buys), so that the shopper sees what they did. Totals are the server's, from before them.
function pending(method, document) {
  if (method !== 'cart.show') return document;
  for (const change of queue()) {
    const p = change.params;
    if (p.cart !== document.name) continue;
    const line = document.items.find((l) => l.id === p.item || l.item === p.item);
    if (change.method === 'trip.log' && line) { line.fulfilled = true; if (p.price) line.actualPrice = p.price; }
    if (change.method === 'trip.unlog' && line) line.fulfilled = false;
    if (change.method === 'trip.impulse') {
      const id = 'waiting-' + change.key;
      document.items.push({ id, item: p.name, impulse: true, fulfilled: true, actualPrice: p.price, quantity: '1', unit: 'each' });
      const group = document.stores.find((g) => g.store === p.store) || document.stores[0];
      if (group) { group.items.push(p.name); (group.ids = group.ids || []).push(id); }
      else document.stores.push({ store: p.store || '', total: '', items: [p.name], ids: [id] });
    }
  }
  return document;
}

function setOnline(online) {
  state.online = online;
  const waiting = queue().length;
  const status = document.getElementById('status');
  status.textContent = (state.unpaired ? 'Not paired: open the URL grock serve printed' : online ? '' : 'Offline')
    + (waiting ? (online && !state.unpaired ? '' : ': ') + waiting + ' waiting to be sent' : '');
  status.className = online ? '' : 'offline';
}

// A change: kept in the queue (with an id of its own) until the server has it, sent in order.
function change(method, params, label) {
  const q = queue();
  q.push({ key: newKey(), method, params, label });
  saveQueue(q);
  setOnline(state.online);
  return flush();
}

async function flush() {
  if (state.sending) return;
  state.sending = true;
  try {
    for (let q = queue(); q.length; q = queue()) {
      const next = q[0];
      try {
        const answer = await rpc(next.method, next.params, next.key);
        if (answer.warnings.length) note('grock.warnings', answer.warnings.map((text) => next.label + ': ' + text));
      } catch (error) {
        if (error.unpaired) { state.unpaired = error.message; setOnline(false); await render(); return; }
        // Offline: drawn again from what was last shown, with the waiting changes laid over it.
        if (error.network !== false) { setOnline(false); await render(); return; }
        // Refused (the line was removed meanwhile, say): shown, never dropped silently.
        note('grock.clashes', [next.label + ': ' + error.message]);
      }
      // By its key: another tab may have sent and removed it meanwhile (they share the queue).
      saveQueue(queue().filter((c) => c.key !== next.key));
    }
    setOnline(true);
  } finally {
    state.sending = false;
    showClashes();
  }
  await render();
}

// Kept until dismissed: the changes refused (clashes) and the warnings of those made.
function note(name, texts) {
  localStorage.setItem(name, JSON.stringify(JSON.parse(localStorage.getItem(name) || '[]').concat(texts)));
}

function showClashes() {
  const box = document.getElementById('clashes');
  const list = clashes().map((text) => 'Not applied: ' + text).concat(warnings().map((text) => 'Saved, with a warning: ' + text));
  box.replaceChildren(...list.map((text) => $('p', { text })));
  const dismiss = () => { localStorage.removeItem('grock.clashes'); localStorage.removeItem('grock.warnings'); showClashes(); };
  if (list.length) box.append($('button', { text: 'Dismiss', onclick: dismiss }));
  box.hidden = list.length === 0;
}

const main = () => document.getElementById('main');

async function render() {
  const route = decodeURIComponent(location.hash.slice(1) || '/');
  try {
    if (route.startsWith('/cart/')) await renderCart(route.slice(6));
    else if (route === '/insights') await renderInsights();
    else await renderHome();
  } catch (error) {
    main().replaceChildren($('p', { class: 'over', text: error.message || String(error) }));
  }
}

async function renderHome() {
  const carts = await read('cart.list', {});
  const name = $('input', { type: 'text', name: 'name', required: true, autocomplete: 'off' });
  const budget = $('input', { type: 'text', name: 'budget', inputmode: 'decimal', autocomplete: 'off' });
  main().replaceChildren(
    $('h1', { text: 'Carts' }),
    $('ul', {}, ...carts.map((cart) => $('li', {}, $('a', { class: 'card grow', href: '#/cart/' + encodeURIComponent(cart.name) },
      $('div', { text: cart.name }),
      $('div', { class: 'muted', text: cart.status + ' · ' + cart.fulfilled + ' of ' + cart.lines + ' bought · ' +
        (cart.status === 'shopping' ? cart.actualTotal : cart.plannedTotal) + ' ' + cart.currency + (cart.budget ? ' of ' + cart.budget : '') }))))),
    $('h2', { text: 'New cart' }),
    $('form', { onsubmit: (event) => { event.preventDefault(); change('cart.new', { cart: name.value, ...(budget.value ? { budget: budget.value } : {}) }, 'New cart ' + name.value); } },
      $('label', {}, 'Name', name), $('label', {}, 'Budget', budget), $('button', { class: 'primary', type: 'submit', text: 'Create' })));
}

function budgetBar(cart, spent) {
  if (!cart.budget) return null;
  const share = Math.min(100, 100 * parseFloat(spent) / parseFloat(cart.budget));
  const over = parseFloat(spent) > parseFloat(cart.budget);
  return $('div', { class: over ? 'bar over' : 'bar', role: 'img', 'aria-label': spent + ' of ' + cart.budget + ' ' + cart.currency }, $('div', { style: null }));
}

async function renderCart(reference) {
  const cart = await read('cart.show', { cart: reference });
  const spent = cart.status === 'planning' ? cart.plannedTotal : cart.actualTotal;
  const waiting = queue().filter((c) => c.params.cart === cart.name).length;
  const heading = [$('h1', { text: cart.name }),
    $('p', { class: cart.overBudget ? 'over' : 'muted', text: (cart.status === 'planning' ? 'Planned ' : 'Spent ') + spent + ' ' + cart.currency +
      (cart.budget ? ' of ' + cart.budget + (cart.remaining ? ' · ' + cart.remaining + ' left' : '') : '') +
      (waiting ? ' (before ' + waiting + (waiting === 1 ? ' change' : ' changes') + ' waiting to be sent)' : '') })];
  const bar = budgetBar(cart, spent);
  if (bar) { bar.firstChild.style.width = Math.min(100, 100 * parseFloat(spent) / parseFloat(cart.budget)) + '%'; heading.push(bar); }
  if (cart.status === 'shopping') return main().replaceChildren(...heading, ...shopView(cart));
  if (cart.status === 'completed') return main().replaceChildren(...heading, $('p', { text: 'Finished. This trip is history now.' }));
  main().replaceChildren(...heading, ...planView(cart));
}

// Lines by id: two lines may share a name (two impulse buys of Gum); changes name a line by its id.
function linesByStore(cart) {
  const byID = new Map(cart.items.map((line) => [line.id, line]));
  return cart.stores.map((group) => ({ store: group.store, total: group.total, lines: (group.ids || []).map((id) => byID.get(id)).filter(Boolean) }));
}

function planView(cart) {
  const results = $('ul');
  const search = $('input', { type: 'search', 'aria-label': 'Search the vault', placeholder: 'Search the vault', autocomplete: 'off', value: state.search || '' });
  search.addEventListener('input', async () => {
    state.search = search.value;
    if (!search.value.trim()) return results.replaceChildren();
    try {
      const items = await read('item.search', { text: search.value });
      results.replaceChildren(...items.slice(0, 8).map((item) => $('li', {}, $('span', { class: 'grow', text: item.name }),
        $('button', { text: 'Add', 'aria-label': 'Add ' + item.name, onclick: () => change('cart.add', { cart: cart.name, items: [item.name] }, 'Add ' + item.name) }))));
    } catch (error) { results.replaceChildren($('li', { text: error.message })); }
  });
  // Drawn again (after a change), the search goes on where it was.
  if (search.value) setTimeout(() => search.dispatchEvent(new Event('input')));
  const groups = linesByStore(cart).map((group) => [$('h2', { text: (group.store || 'No store') + ' · ' + group.total }),
    $('ul', {}, ...group.lines.map((line) => {
      const quantity = $('input', { class: 'quantity', type: 'text', inputmode: 'decimal', value: line.quantity, 'aria-label': 'Quantity of ' + line.item });
      quantity.addEventListener('change', () => change('cart.set', { cart: cart.name, item: line.id, quantity: quantity.value }, 'Quantity of ' + line.item));
      return $('li', {}, $('span', { class: 'grow', text: line.item }), quantity, $('span', { class: 'muted', text: line.unit + ' · ' + line.cost }),
        $('button', { text: 'Remove', 'aria-label': 'Remove ' + line.item, onclick: () => change('cart.remove', { cart: cart.name, item: line.id }, 'Remove ' + line.item) }));
    }))]).flat();
  return [search, results, ...groups,
    $('p', {}, $('button', { class: 'primary', text: 'Start shopping', onclick: () => change('trip.start', { cart: cart.name }, 'Start ' + cart.name) }))];
}

function shopView(cart) {
  const groups = linesByStore(cart).map((group, groupIndex) => [$('h2', { text: group.store || 'No store' }),
    $('ul', {}, ...group.lines.map((line, index) => {
      const id = 'line-' + groupIndex + '-' + index;
      const per = line.pricePer || line.unit;
      const price = $('input', { class: 'price', type: 'text', inputmode: 'decimal', placeholder: line.actualPrice || line.plannedPrice || '',
        'aria-describedby': id });
      const box = $('input', { type: 'checkbox', checked: line.fulfilled });
      // A price typed for a line already ticked corrects what was paid.
      price.addEventListener('change', () => {
        if (box.checked && price.value) change('trip.log', { cart: cart.name, item: line.id, price: price.value }, 'Price of ' + line.item + ' (' + price.value + ')');
      });
      box.addEventListener('change', () => {
        const params = { cart: cart.name, item: line.id };
        if (price.value) params.price = price.value;
        if (box.checked) change('trip.log', params, 'Tick ' + line.item + (price.value ? ' at ' + price.value : ''));
        else change('trip.unlog', params, 'Untick ' + line.item);
      });
      // The name, and under it how much and what the price is per.
      return $('li', {}, $('label', { class: 'line' + (line.fulfilled ? ' done' : '') }, box,
          $('span', { class: 'name' }, $('span', { id, text: line.item + (line.impulse ? ' (impulse)' : '') }),
            $('small', { class: 'muted', text: line.quantity + ' ' + line.unit + (per && per !== 'each' ? ' · price per ' + per : '') }))),
        $('label', { class: 'muted' }, 'Price', price));
    }))]).flat();
  const name = $('input', { type: 'text', required: true, autocomplete: 'off' });
  const price = $('input', { type: 'text', inputmode: 'decimal', required: true, autocomplete: 'off' });
  const stores = cart.stores.map((group) => group.store).filter(Boolean);
  const store = $('select', {}, ...stores.map((name) => $('option', { value: name, text: name })));
  return [...groups,
    $('h2', { text: 'Impulse buy' }),
    $('form', { onsubmit: (event) => {
      event.preventDefault();
      const params = { cart: cart.name, name: name.value, price: price.value };
      if (stores.length) params.store = store.value;
      change('trip.impulse', params, 'Impulse ' + name.value);
    } },
      $('label', {}, 'Name', name), $('label', {}, 'Price', price), stores.length > 1 ? $('label', {}, 'Store', store) : null,
      $('button', { type: 'submit', text: 'Add' })),
    $('p', {}, finishButton(cart))];
}

// Finishing with lines not bought asks once more, saying how many.
function finishButton(cart) {
  const left = cart.items.filter((line) => !line.fulfilled).length;
  const button = $('button', { class: 'primary', text: 'Finish trip' });
  button.addEventListener('click', () => {
    if (left && !button.dataset.asked) {
      button.dataset.asked = 'yes';
      button.textContent = 'Finish with ' + left + (left === 1 ? ' line' : ' lines') + ' not bought';
      return;
    }
    change('trip.finish', { cart: cart.name }, 'Finish ' + cart.name);
  });
  return button;
}

async function renderInsights() {
  const insights = await read('insights', {});
  main().replaceChildren($('h1', { text: 'Insights' }),
    $('p', { text: 'Spent ' + insights.total + ' ' + insights.currency + ' on ' + insights.trips + (insights.trips === 1 ? ' trip' : ' trips') }),
    $('h2', { text: 'By store' }), $('ul', {}, ...insights.byStore.map((row) => $('li', {}, $('span', { class: 'grow', text: row.label }), $('span', { text: row.amount })))),
    $('h2', { text: 'By month' }), $('ul', {}, ...insights.byMonth.map((row) => $('li', {}, $('span', { class: 'grow', text: row.label }), $('span', { text: row.amount })))));
}

async function start() {
  // Kept by the page of earlier versions, which sent it with every change: no longer used.
  localStorage.removeItem('grock.token');
  if ('serviceWorker' in navigator) navigator.serviceWorker.register('/sw.js').catch(() => {});
  window.addEventListener('hashchange', render);
  window.addEventListener('online', flush);
  setInterval(() => { if (queue().length) flush(); }, 3000);
  const events = new EventSource('/events');
  // A change made elsewhere: drawn again, but not under the shopper's fingers (a price being typed).
  const typing = () => document.activeElement && document.activeElement.tagName === 'INPUT' && document.activeElement.type !== 'checkbox';
  events.addEventListener('changed', () => { if (queue().length || typing()) state.stale = true; else render(); });
  document.addEventListener('focusout', () => setTimeout(() => { if (state.stale && !typing() && !queue().length) { state.stale = false; render(); } }, 100));
  events.onopen = () => { setOnline(true); flush(); };
  showClashes();
  setOnline(state.online);
  await render();
  flush();
}
start();