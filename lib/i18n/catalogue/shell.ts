import { formatNumber } from "../format";
import type { Catalogue } from "./shape";

// The lobby's frame: page titles, the header, the connection banner, the pages for a bad link or a
// missing page, the money notices and the history (its CSV too).

/** A room's name in quotes, or the words for "a room" when the movement has none. */
const quoted = (room: string | null, none: string) => (room === null ? none : `“${room}”`);

const brand = "Room Lobby";

export const en = {
  skipToContent: "Skip to content",
  brand,
  titles: {
    lobby: brand,
    description: "Lobby and wallet for real-money multiplayer room games",
    history: `History · ${brand}`,
    limits: `Limits · ${brand}`,
    newRoom: `Create a room · ${brand}`,
    room: `Room · ${brand}`,
    notFound: `Not found · ${brand}`,
  },
  header: { nav: "Lobby", history: "History", limits: "Limits", balance: "Balance" },
  accountFailed: "The lobby could not load your account",
  tryAgain: "Try again",
  connection: {
    offline: "You are offline. Joining, leaving or creating a room cannot be sent now, and nothing is sent later without you. The lobby updates again once you are back online.",
    reconnecting: "Reconnecting to the lobby… Rooms and your balance may be out of date until it is back.",
  },
  /** The page for each way a launch token is unusable (by the API's error code). */
  badToken: {
    token_missing: {
      title: "Open the lobby from your launch link",
      body: "The lobby needs the launch link your operator gave you. Open that link again to come in.",
    },
    token_invalid: {
      title: "This launch link is not valid",
      body: "The link may be incomplete or mistyped. Ask your operator for a new launch link.",
    },
    token_expired: {
      title: "Your session has expired",
      body: "Launch links are valid for a limited time. Open the game again from your operator to get a new one.",
    },
  },
  notFound: {
    title: "This page does not exist",
    body: "The address may be mistyped, or the page may have moved.",
    back: "Back to the lobby",
    operators: "Operators: the console is at",
  },
  notices: {
    dismiss: "Dismiss",
    roomClosed: (room: string | null, amount: string) => `An admin closed ${quoted(room, "a room")}. Your bet of ${amount} is back in your balance.`,
    removed: (room: string | null, amount: string) => `An admin removed you from ${quoted(room, "a room")}. Your bet of ${amount} is back in your balance.`,
    platformRefund: (amount: string, room: string | null, reason: string) => `The game platform refunded ${amount}${room === null ? "" : ` for “${room}”`} (${reason}).`,
    adjusted: (amount: string, given: boolean) => (given ? `The operator added ${amount} to your balance.` : `The operator took ${amount} from your balance.`),
  },
  /** Why the player's money moved (lib/ledger/causes.ts). */
  causes: {
    deposit: "Deposit",
    bet: "Bet",
    win: "Win",
    left_room: "Refund: you left",
    removed_by_admin: "Refund: removed by an admin",
    room_closed: "Refund: room closed by an admin",
    platform_refund: "Refund by the platform",
    admin_adjustment: "Adjustment by the operator",
  },
  /** The reasons the ledger records that the lobby knows; any other is shown as recorded. */
  reasons: {
    win: "win",
    bet: "bet",
    opening_balance: "opening balance",
    player_exit: "player exit",
    game_error: "game error",
    admin_removal: "admin removal",
    adjustment: "adjustment",
  },
  history: {
    heading: "History",
    intro: "Every bet, win and refund on your balance, newest first.",
    loadFailed: "Your history could not be loaded",
    noPage: (page: number) => `There is no page ${formatNumber(page, "en")}.`,
    lastPage: "Go to the last page",
    empty: "Nothing has moved on your balance yet.",
    listLabel: "Movements",
    pagesLabel: "History pages",
    movements: (n: number): string => (n === 1 ? "movement" : "movements"),
    reason: (reason: string) => `reason: ${reason}`,
    balanceAfter: (money: string) => `balance ${money}`,
    download: "Download CSV",
    preparing: (done: number, total: number) => `Preparing… ${formatNumber(done, "en")} of ${formatNumber(total, "en")}`,
    csvFailed: (why: string) => `The CSV could not be made: ${why}`,
    csvFileName: (day: string) => `history-${day}.csv`,
    /** The CSV's header row, one name a column. */
    csvColumns: {
      date: "date",
      what: "what",
      reason: "reason",
      room: "room",
      room_id: "room_id",
      amount: "amount",
      currency: "currency",
      balance_after: "balance_after",
      id: "id",
    },
  },
};

const marca = "Lobby de salas";

export const es: Catalogue<typeof en> = {
  skipToContent: "Saltar al contenido",
  brand: marca,
  titles: {
    lobby: marca,
    description: "Lobby y monedero para juegos de salas multijugador con dinero real",
    history: `Historial · ${marca}`,
    limits: `Límites · ${marca}`,
    newRoom: `Crear sala · ${marca}`,
    room: `Sala · ${marca}`,
    notFound: `Página no encontrada · ${marca}`,
  },
  header: { nav: "Lobby", history: "Historial", limits: "Límites", balance: "Saldo" },
  accountFailed: "El lobby no pudo cargar tu cuenta",
  tryAgain: "Reintentar",
  connection: {
    offline: "Estás sin conexión. Ahora no puedes unirte a una sala, salir de ella ni crearla, y no se enviará nada más tarde sin que tú lo pidas. El lobby volverá a actualizarse cuando recuperes la conexión.",
    reconnecting: "Reconectando con el lobby… Las salas y tu saldo pueden no estar al día hasta que vuelva la conexión.",
  },
  badToken: {
    token_missing: {
      title: "Abre el lobby desde tu enlace de acceso",
      body: "El lobby necesita el enlace de acceso que te dio tu operador. Vuelve a abrir ese enlace para entrar.",
    },
    token_invalid: {
      title: "Este enlace de acceso no es válido",
      body: "Puede que el enlace esté incompleto o mal escrito. Pide a tu operador un enlace de acceso nuevo.",
    },
    token_expired: {
      title: "Tu sesión ha caducado",
      body: "Los enlaces de acceso valen por un tiempo limitado. Vuelve a abrir el juego desde tu operador para obtener uno nuevo.",
    },
  },
  notFound: {
    title: "Esta página no existe",
    body: "Puede que la dirección esté mal escrita o que la página se haya movido.",
    back: "Volver al lobby",
    operators: "Operadores: la consola está en",
  },
  notices: {
    dismiss: "Descartar",
    roomClosed: (room, amount) => `Un administrador cerró ${quoted(room, "una sala")}. Tu apuesta de ${amount} ha vuelto a tu saldo.`,
    removed: (room, amount) => `Un administrador te sacó de ${quoted(room, "una sala")}. Tu apuesta de ${amount} ha vuelto a tu saldo.`,
    platformRefund: (amount, room, reason) => `La plataforma de juego te devolvió ${amount}${room === null ? "" : ` por “${room}”`} (${reason}).`,
    adjusted: (amount, given) => (given ? `El operador añadió ${amount} a tu saldo.` : `El operador retiró ${amount} de tu saldo.`),
  },
  causes: {
    deposit: "Depósito",
    bet: "Apuesta",
    win: "Premio",
    left_room: "Devolución: saliste de la sala",
    removed_by_admin: "Devolución: un administrador te sacó",
    room_closed: "Devolución: un administrador cerró la sala",
    platform_refund: "Devolución de la plataforma",
    admin_adjustment: "Ajuste del operador",
  },
  reasons: {
    win: "premio",
    bet: "apuesta",
    opening_balance: "saldo inicial",
    player_exit: "salida del jugador",
    game_error: "error del juego",
    admin_removal: "retirada por un administrador",
    adjustment: "ajuste",
  },
  history: {
    heading: "Historial",
    intro: "Cada apuesta, premio y devolución de tu saldo, de la más reciente a la más antigua.",
    loadFailed: "No se pudo cargar tu historial",
    noPage: (page) => `No hay página ${formatNumber(page, "es")}.`,
    lastPage: "Ir a la última página",
    empty: "Tu saldo aún no ha tenido movimientos.",
    listLabel: "Movimientos",
    pagesLabel: "Páginas del historial",
    movements: (n) => (n === 1 ? "movimiento" : "movimientos"),
    reason: (reason) => `motivo: ${reason}`,
    balanceAfter: (money) => `saldo ${money}`,
    download: "Descargar CSV",
    preparing: (done, total) => `Preparando… ${formatNumber(done, "es")} de ${formatNumber(total, "es")}`,
    csvFailed: (why) => `No se pudo generar el CSV: ${why}`,
    csvFileName: (day) => `historial-${day}.csv`,
    csvColumns: {
      date: "fecha",
      what: "concepto",
      reason: "motivo",
      room: "sala",
      room_id: "sala_id",
      amount: "importe",
      currency: "moneda",
      balance_after: "saldo_posterior",
      id: "id",
    },
  },
};
