/**
 * Who this device plays as: the player's token (an HMAC-signed id from the server) and name,
 * kept in local storage. A personal link carries the token in the URL fragment, which browsers
 * never send to a server, so the same player can be opened on another device.
 */
import { createStore } from "solid-js/store";
import { api, useTokenFrom } from "../lib/api";
import type { Me, Player } from "../lib/types";

interface Session {
  token: string | null;
  player: Player | null;
}

const KEY = "fernskat.session";
const TOKEN_PATTERN = /^[A-Za-z0-9_.-]{1,200}$/;
/** The fragment of a personal link: `#player=<token>`. */
const FRAGMENT = /^#player=([A-Za-z0-9_.-]{1,200})$/;

function load(): Session {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? "null") as Partial<Session> | null;
    if (saved && typeof saved.token === "string" && TOKEN_PATTERN.test(saved.token)) {
      return { token: saved.token, player: saved.player ?? null };
    }
  } catch {
    // Unreadable: start as a new visitor.
  }
  return { token: null, player: null };
}

const [session, setSession] = createStore<Session>(load());
useTokenFrom(() => session.token);

export { session };

function save(): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ token: session.token, player: session.player }));
  } catch {
    // Without storage the player lasts for this visit; the personal link still works.
  }
}

export function signIn(token: string, player: Player | null): void {
  setSession({ token, player });
  save();
}

export function signOut(): void {
  setSession({ token: null, player: null });
  try {
    localStorage.removeItem(KEY);
  } catch {}
}

export function setPlayer(player: Player): void {
  setSession("player", player);
  save();
}

/** POST /api/players: a new player with this name; the token is kept on this device. */
export async function createPlayer(name: string) {
  const result = await api<{ player: Player; token: string }>("POST", "/api/players", {
    body: { name },
    token: null,
  });
  if (result.ok) {
    signIn(result.value.token, result.value.player);
    // Quiet hours are kept in the player's own time zone; this device's is the best first guess.
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (timeZone && timeZone !== "UTC") {
      void api("PUT", "/api/me/settings", { body: { timeZone } });
    }
  }
  return result;
}

/** The link that opens this player on another device. */
export function personalLink(): string | null {
  return session.token ? `${location.origin}/#player=${session.token}` : null;
}

/**
 * Takes over the player of a personal link (and removes the token from the address bar and
 * history). Returns whether the page was opened with one.
 */
export async function adoptPersonalLink(): Promise<boolean> {
  const found = FRAGMENT.exec(location.hash);
  if (!found) return false;
  const token = found[1] as string;
  history.replaceState(null, "", location.pathname + location.search);
  const me = await api<Me>("GET", "/api/me", { token });
  if (me.ok) signIn(token, me.value.player);
  else if (me.error.status === 0) signIn(token, null);
  return true;
}

/** Refreshes the player's name; forgets a token the server no longer accepts. */
export async function loadMe() {
  if (!session.token) return null;
  const me = await api<Me>("GET", "/api/me");
  if (me.ok) {
    setPlayer(me.value.player);
    return me.value;
  }
  if (me.error.code === "ERR_BAD_TOKEN" || me.error.code === "ERR_UNKNOWN_PLAYER") signOut();
  return null;
}
