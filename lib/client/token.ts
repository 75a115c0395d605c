// The player's launch token, kept for this tab only (sessionStorage): not in a cookie that another
// site could ride on, and not in the address bar once the lobby has read it.

const KEY = "lobby.player-token";

/**
 * Takes the token from `?token=` in the address into the tab's storage, and removes it from the
 * address (the rest of the address, such as filters, stays). Returns the tab's token, if any.
 */
export function claimLaunchToken(): string | null {
  const url = new URL(window.location.href);
  const fromAddress = url.searchParams.get("token");
  if (fromAddress !== null) {
    sessionStorage.setItem(KEY, fromAddress);
    url.searchParams.delete("token");
    window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
  }
  return sessionStorage.getItem(KEY);
}

export function playerToken(): string | null {
  return sessionStorage.getItem(KEY);
}
