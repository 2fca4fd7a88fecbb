// The dialogs' history entries against a small stand-in for the browser's history: moves are
// asynchronous (a task later, then popstate), a window's listeners run in the order they were added
// (capturing or not, as Chromium does) and may stop the rest, and a fake router listens as React
// Router does, set up after the dialogs' history (app/router.tsx).
import { describe, expect, it } from 'vitest';
import { createDialogHistory, type HistoryWindow } from './dialog-history';

type Entry = { state: Record<string, unknown> | null; url: string };
type Listener = { fn: (event: PopStateEvent) => void; capture: boolean };

class FakeBrowser {
  entries: Entry[] = [];
  index = 0;
  listeners: Listener[] = [];
  /** What the router saw: the URL of each popstate that reached it. */
  routerPops: string[] = [];
  private nextKey = 0;
  readonly history: History;
  readonly window: HistoryWindow;

  constructor(url: string) {
    this.entries = [{ state: { key: 'k0', idx: 0 }, url }];
    const self = this;
    this.history = {
      get state() {
        return self.entries[self.index].state;
      },
      get length() {
        return self.entries.length;
      },
      pushState(state: Record<string, unknown>, _unused: string, url?: string) {
        self.entries.splice(self.index + 1, Infinity, { state, url: url ?? self.url });
        self.index += 1;
      },
      replaceState(state: Record<string, unknown>, _unused: string, url?: string) {
        self.entries[self.index] = { state, url: url ?? self.url };
      },
      go(delta = 0) {
        setTimeout(() => {
          const target = self.index + delta;
          if (delta === 0 || target < 0 || target >= self.entries.length) return;
          self.index = target;
          self.dispatchPop();
        }, 0);
      },
      back() {
        self.history.go(-1);
      },
      forward() {
        self.history.go(1);
      },
    } as unknown as History;
    this.window = { history: this.history, addEventListener: (_type, fn, capture) => this.listeners.push({ fn, capture }) };
  }

  get url() {
    return this.entries[this.index].url;
  }

  get urls() {
    return this.entries.map((e) => e.url + (e.state?.mpDialog ? '+dialog' : ''));
  }

  /** The router: listens to popstate after everyone else, pushes and replaces with its own keys. */
  startRouter() {
    this.listeners.push({ fn: () => this.routerPops.push(this.url), capture: false });
  }

  routerPush(url: string) {
    const idx = (this.history.state?.idx as number) + 1;
    this.history.pushState({ key: `k${++this.nextKey}`, idx }, '', url);
  }

  routerReplace(url: string) {
    this.history.replaceState({ key: `k${++this.nextKey}`, idx: this.history.state?.idx }, '', url);
  }

  /** The browser's own Back and Forward buttons. */
  press(delta: number) {
    const target = this.index + delta;
    this.index = target;
    this.dispatchPop();
  }

  private dispatchPop() {
    let stopped = false;
    const event = { stopImmediatePropagation: () => (stopped = true) } as unknown as PopStateEvent;
    for (const l of [...this.listeners]) {
      if (stopped) break;
      l.fn(event);
    }
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

function setUp() {
  const browser = new FakeBrowser('/dashboard');
  const dialogs = createDialogHistory(browser.window);
  browser.startRouter();
  browser.routerPush('/products');
  return { browser, dialogs };
}

/** A dialog as the Modal uses it: open until onBack or close. */
function openDialog(dialogs: ReturnType<typeof setUp>['dialogs']) {
  const dialog = { open: true, release: () => {} };
  dialog.release = dialogs.open(() => {
    dialog.open = false;
    dialog.release();
  });
  return dialog;
}

describe('Back with a dialog open', () => {
  it('closes the dialog and stays on the page, unseen by the router', async () => {
    const { browser, dialogs } = setUp();
    const dialog = openDialog(dialogs);
    expect(browser.urls).toEqual(['/dashboard', '/products', '/products+dialog']);
    browser.press(-1);
    await settle();
    expect(dialog.open).toBe(false);
    expect(browser.url).toBe('/products');
    expect(browser.routerPops).toEqual([]);
    // The next Back leaves the page.
    browser.press(-1);
    expect(browser.routerPops).toEqual(['/dashboard']);
  });

  it('a dialog closed by a button takes its entry away, so one Back leaves the page', async () => {
    const { browser, dialogs } = setUp();
    const dialog = openDialog(dialogs);
    dialog.release();
    await settle();
    expect(browser.index).toBe(1);
    expect(browser.routerPops).toEqual([]);
    browser.press(-1);
    expect(browser.routerPops).toEqual(['/dashboard']);
  });

  it('closes nested dialogs one at a time, innermost first', async () => {
    const { browser, dialogs } = setUp();
    const outer = openDialog(dialogs);
    const inner = openDialog(dialogs);
    expect(browser.urls.slice(1)).toEqual(['/products', '/products+dialog', '/products+dialog']);
    browser.press(-1);
    await settle();
    expect([outer.open, inner.open]).toEqual([true, false]);
    browser.press(-1);
    await settle();
    expect(outer.open).toBe(false);
    expect(browser.url).toBe('/products');
    expect(browser.routerPops).toEqual([]);
  });

  it('a dialog that refuses to close (busy) keeps an entry for the next Back', async () => {
    const { browser, dialogs } = setUp();
    let backs = 0;
    const release = dialogs.open(() => (backs += 1));
    browser.press(-1);
    await settle();
    expect(backs).toBe(1);
    expect(browser.urls.slice(-1)).toEqual(['/products+dialog']);
    release();
    await settle();
    expect(browser.url).toBe('/products');
    expect(browser.routerPops).toEqual([]);
  });

  it('Forward onto the entry of a dialog closed since comes back to the page', async () => {
    const { browser, dialogs } = setUp();
    openDialog(dialogs);
    browser.press(-1);
    await settle();
    browser.press(1);
    await settle();
    expect(browser.index).toBe(1);
    expect(browser.routerPops).toEqual([]);
  });
});

describe('navigating with a dialog open', () => {
  it('a link inside a dialog replaces its entry: Back from the new page returns to the page', async () => {
    const { browser, dialogs } = setUp();
    const dialog = openDialog(dialogs);
    browser.routerPush('/contribute?product=1');
    await settle();
    dialog.release(); // the page unmounts with its dialog
    await settle();
    expect(browser.urls).toEqual(['/dashboard', '/products', '/contribute?product=1']);
    browser.press(-1);
    expect(browser.routerPops).toEqual(['/products']);
  });

  it('a dialog closed by a button that then opens another page leaves no dead entry', async () => {
    const { browser, dialogs } = setUp();
    const dialog = openDialog(dialogs);
    dialog.release();
    browser.routerPush('/delivery-booking');
    await settle();
    expect(browser.urls).toEqual(['/dashboard', '/products', '/delivery-booking']);
    expect(browser.routerPops).toEqual([]);
  });

  it('a dialog closed while another opens (details → edit) leaves one entry', async () => {
    const { browser, dialogs } = setUp();
    const details = openDialog(dialogs);
    details.release();
    const edit = openDialog(dialogs);
    await settle();
    expect(browser.urls.slice(1)).toEqual(['/products', '/products+dialog']);
    browser.press(-1);
    await settle();
    expect(edit.open).toBe(false);
    expect(browser.routerPops).toEqual([]);
  });

  it('a replace under an open dialog changes the page entry and keeps the dialog entry on top', async () => {
    const { browser, dialogs } = setUp();
    const dialog = openDialog(dialogs);
    browser.routerReplace('/products?q=riz');
    await settle();
    expect(browser.urls).toEqual(['/dashboard', '/products?q=riz', '/products?q=riz+dialog']);
    browser.press(-1);
    await settle();
    expect(dialog.open).toBe(false);
    expect(browser.url).toBe('/products?q=riz');
    expect(browser.routerPops).toEqual([]);
  });

  it("the router's history.go(-1) steps over the dialogs' entries", async () => {
    const { browser, dialogs } = setUp();
    openDialog(dialogs);
    openDialog(dialogs);
    browser.history.go(-1);
    await settle();
    expect(browser.url).toBe('/dashboard');
    expect(browser.routerPops).toEqual(['/dashboard']);
  });

  it('after a reload with a dialog open, its left-over entry is taken away', async () => {
    const browser = new FakeBrowser('/products');
    browser.history.pushState({ ...browser.history.state, mpDialog: { depth: 1 } }, '');
    createDialogHistory(browser.window);
    browser.startRouter();
    await settle();
    expect(browser.index).toBe(0);
    expect(browser.routerPops).toEqual([]);
  });
});
