// The player's launch token. It never goes in a cookie: a cookie rides along on requests another
// site makes, a header the lobby's own script adds does not, so no other site can act as the player.
// Each tab keeps the token it arrived with (sessionStorage), so two players launched in one browser
// stay apart; the newest launch is also kept for the browser (localStorage), so that a room or the
// lobby opened in a new tab, which starts with empty tab storage, comes in as that player. Only this
// origin's scripts read either store, and the Content-Security-Policy lets only the app's own run.
// See docs/lobby.md.

const TAB_KEY = "lobby.player-token";
const LATEST_KEY = "lobby.latest-launch-token";

/**
 * Takes the token from `?token=` in the address into the tab's and the browser's storage, and removes
 * it from the address (the rest of the address, such as filters, stays). Returns the tab's token: the
 * one it arrived with, else the browser's newest launch, else none.
 */
export function claimLaunchToken(): string | null {
  const url = new URL(window.location.href);
  const fromAddress = url.searchParams.get("token");
  if (fromAddress !== null) {
    sessionStorage.setItem(TAB_KEY, fromAddress);
    localStorage.setItem(LATEST_KEY, fromAddress);
    url.searchParams.delete("token");
    window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
  }
  const own = sessionStorage.getItem(TAB_KEY);
  if (own !== null) return own;
  const latest = localStorage.getItem(LATEST_KEY);
  if (latest !== null) sessionStorage.setItem(TAB_KEY, latest);
  return latest;
}

export function playerToken(): string | null {
  return sessionStorage.getItem(TAB_KEY);
}

/** Forgets a token the server refused for good, so that new tabs do not come in with it. */
export function forgetToken(token: string | null) {
  if (token !== null && localStorage.getItem(LATEST_KEY) === token) localStorage.removeItem(LATEST_KEY);
}
