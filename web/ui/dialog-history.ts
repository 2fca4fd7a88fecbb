// Back closes the open dialog instead of leaving the page (issue 15). An open dialog owns a history
// entry of its own: the page's address and router state plus a mark with its depth (1 = the first
// dialog over the page, 2 = a dialog opened from it…). These entries are kept out of the router's
// sight, so that it never sees more than the pages it made:
//  - a move between a page's entry and its dialogs' entries (Back that closes a dialog, or the
//    entry taken away when a button closes it) is stopped before the router's popstate listener
//    (a window calls its listeners in the order they were added, so this is set up before the
//    router is created: see app/router.tsx);
//  - a navigation pushed while dialog entries are on top (a link inside a dialog, a save that
//    opens another page) first takes them away, so Back from the new page returns to the page
//    rather than to a dead copy of it; a replace under open dialogs replaces the page's entry and
//    puts the dialogs' entries back on top;
//  - the router's own relative moves (history.go) step over them.
// History moves are asynchronous: while one of ours is on its way, pushes, replaces and moves wait
// for it to land, in the order they came.

const MARK = 'mpDialog';

type DialogMark = { depth: number };
type Dialog = { onBack: () => void; depth: number | null; released: boolean };
type Move = { own: boolean; timer: ReturnType<typeof setTimeout> };
type PushOrReplace = (data: unknown, unused: string, url?: string | URL | null) => void;

/** The parts of `window` this module uses (a fake one in the unit tests). */
export type HistoryWindow = {
  history: History;
  addEventListener: (type: 'popstate', listener: (event: PopStateEvent) => void, capture: boolean) => void;
};

export type DialogHistory = {
  /** Adds the entry of a dialog that has just opened; `onBack` closes it. Returns its release, called once it closes. */
  open: (onBack: () => void) => () => void;
};

// A move that never lands (a go() past the ends of the history) stops holding the others after this.
const MOVE_TIMEOUT_MS = 1000;

function markOf(state: unknown): DialogMark | null {
  const mark = (state as Record<string, unknown> | null)?.[MARK] as DialogMark | undefined;
  return mark && typeof mark.depth === 'number' ? mark : null;
}

/** The router's entry a history state belongs to (a dialog's entry copies its page's). */
function pageOf(state: unknown): string {
  const { key, idx } = (state ?? {}) as { key?: unknown; idx?: unknown };
  return `${String(key)}|${String(idx)}`;
}

export function createDialogHistory(win: HistoryWindow): DialogHistory {
  const { history } = win;
  const raw = {
    push: history.pushState.bind(history),
    replace: history.replaceState.bind(history),
    go: history.go.bind(history),
  };
  const dialogs: Dialog[] = [];
  const moves: Move[] = [];
  const held: (() => void)[] = [];
  let lastState: unknown = history.state;

  const currentDepth = () => markOf(history.state)?.depth ?? 0;
  const withEntries = () => dialogs.filter((d) => d.depth !== null);

  function whenSettled(op: () => void) {
    if (moves.length === 0) op();
    else held.push(op);
  }

  function startMove(delta: number, own: boolean) {
    const move: Move = {
      own,
      timer: setTimeout(() => {
        const index = moves.indexOf(move);
        if (index < 0) return;
        moves.splice(index, 1);
        landed();
      }, MOVE_TIMEOUT_MS),
    };
    moves.push(move);
    raw.go(delta);
  }

  /** Takes the entries of the dialogs on top away (they stay open, without an entry). */
  function leaveDialogEntries(): number {
    const depth = currentDepth();
    for (const d of withEntries()) d.depth = null;
    if (depth > 0) startMove(-depth, true);
    return depth;
  }

  function pushEntry(dialog: Dialog) {
    if (dialog.released || dialog.depth !== null) return;
    dialog.depth = currentDepth() + 1;
    raw.push({ ...(history.state as object | null), [MARK]: { depth: dialog.depth } satisfies DialogMark }, '');
    lastState = history.state;
  }

  /** A dialog closed other than by Back: its entry (and those of dialogs above it) go away. */
  function dropEntry(dialog: Dialog) {
    const depth = dialog.depth;
    if (depth === null) return;
    const current = currentDepth();
    for (const d of withEntries()) if (d.depth !== null && d.depth >= depth) d.depth = null;
    if (current >= depth) startMove(depth - 1 - current, true);
  }

  function landed() {
    lastState = history.state;
    while (moves.length === 0 && held.length > 0) held.shift()!();
  }

  /** Back or Forward pressed by the user. Returns whether the move stays on the same page. */
  function userMoved(): boolean {
    if (pageOf(history.state) !== pageOf(lastState)) {
      // Another page: the router takes it; the dialogs' entries are no longer on top.
      for (const d of withEntries()) d.depth = null;
      return false;
    }
    const depth = currentDepth();
    const left = withEntries()
      .filter((d) => d.depth! > depth)
      .sort((a, b) => b.depth! - a.depth!);
    for (const d of left) d.depth = null;
    for (const d of left) d.onBack();
    // A dialog that refused to close (busy) gets its entry back, so the next Back still closes it.
    if (left.length > 0) setTimeout(() => left.forEach((d) => whenSettled(() => pushEntry(d))), 0);
    // Forward onto the entry of a dialog closed since: back down to the last open dialog's entry.
    const top = Math.max(0, ...withEntries().map((d) => d.depth!).filter((d) => d <= depth));
    if (depth > top) startMove(top - depth, true);
    return true;
  }

  win.addEventListener(
    'popstate',
    (event) => {
      const move = moves.shift();
      if (move) clearTimeout(move.timer);
      const hidden = move ? move.own : userMoved();
      if (hidden) event.stopImmediatePropagation();
      landed();
    },
    true,
  );

  const push: PushOrReplace = (data, unused, url) => {
    if (moves.length > 0) return void held.push(() => push(data, unused, url));
    if (leaveDialogEntries() > 0) return void held.push(() => push(data, unused, url));
    raw.push(data, unused, url);
    lastState = history.state;
  };

  const replace: PushOrReplace = (data, unused, url) => {
    if (moves.length > 0) return void held.push(() => replace(data, unused, url));
    const open = withEntries().sort((a, b) => a.depth! - b.depth!);
    if (leaveDialogEntries() === 0) {
      raw.replace(data, unused, url);
      lastState = history.state;
      return;
    }
    held.push(() => {
      raw.replace(data, unused, url);
      lastState = history.state;
      open.forEach(pushEntry);
    });
  };

  const go = (delta = 0) => {
    if (moves.length > 0) return void held.push(() => go(delta));
    const depth = currentDepth();
    if (delta < 0 && depth > 0) for (const d of withEntries()) d.depth = null;
    startMove(delta < 0 ? delta - depth : delta, false);
  };

  history.pushState = push;
  history.replaceState = replace;
  history.go = go;
  history.back = () => go(-1);
  history.forward = () => go(1);

  // Reloaded with a dialog open: its entry is left over, the dialog is not open any more.
  if (currentDepth() > 0) startMove(-currentDepth(), true);

  return {
    open(onBack) {
      const dialog: Dialog = { onBack, depth: null, released: false };
      dialogs.push(dialog);
      whenSettled(() => pushEntry(dialog));
      return () => {
        if (dialog.released) return;
        dialog.released = true;
        dialogs.splice(dialogs.indexOf(dialog), 1);
        whenSettled(() => dropEntry(dialog));
      };
    },
  };
}

let installed: DialogHistory | null = null;

/** The dialog history of this window, set up on first use (before the router, see app/router.tsx). */
export function dialogHistory(): DialogHistory {
  installed ??= createDialogHistory(window);
  return installed;
}
