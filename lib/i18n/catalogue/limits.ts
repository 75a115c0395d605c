import { count } from "../format";
import type { Catalogue } from "./shape";

// Responsible gaming: the Limits page, what the lobby says when a limit refuses a bet, and the
// reality check that tells a player how long they have played.

const enCount = count("en");
const esCount = count("es");

export const en = {
  heading: "Your limits",
  intro: "Limits hold your play to what you decide. You can tighten them here at any time; to raise or remove one, or to end a self-exclusion early, contact support.",
  loadFailed: "Your limits could not be loaded",
  /** Each amount limit, as a label. */
  names: {
    daily_bet_limit: "Daily bet limit",
    loss_limit_24h: "Loss limit, 24 hours",
    loss_limit_7d: "Loss limit, 7 days",
    loss_limit_30d: "Loss limit, 30 days",
  },
  /** What counts against each, now. */
  used: {
    daily_bet_limit: (money: string) => `Bet in the last 24 hours: ${money}`,
    loss_limit_24h: (money: string) => `Net loss in the last 24 hours: ${money}`,
    loss_limit_7d: (money: string) => `Net loss in the last 7 days: ${money}`,
    loss_limit_30d: (money: string) => `Net loss in the last 30 days: ${money}`,
  },
  usedOf: (used: string, limit: string) => `${used} of ${limit}`,
  notSet: "Not set",
  usageHeading: "Where you stand",
  usageLabel: "Limits and what counts against them",
  formHeading: "Tighten your limits",
  amountLabel: (name: string, currency: string) => `${name} (${currency})`,
  hintUnset: "Empty for none. Once set, only support can raise or remove it.",
  hintSet: (current: string) => `Now ${current}. You can lower it; only support can raise or remove it.`,
  save: "Save limits",
  saving: "Saving…",
  saved: "Your limits are saved. They apply to your next bet.",
  problems: {
    amount: (min: string, places: number) => (places === 0 ? `must be a whole number of at least ${min}` : `must be at least ${min}, with at most ${enCount(places, "decimal place", "decimal places")}`),
    loosen: "only support can raise or remove this limit",
    form: "The limits could not be saved. Check them and try again.",
  },
  exclusion: {
    heading: "Take a break from play",
    intro: "Self-exclusion stops you from joining or creating rooms until it ends. You can extend it here; only support can end it early.",
    none: "You are not excluded from play.",
    until: (at: string) => `You have excluded yourself from play until ${at}.`,
    length: "For how long",
    lengths: { day: "24 hours", week: "7 days", month: "30 days", halfYear: "6 months", year: "1 year" },
    shorter: "This would end before your current self-exclusion: choose a longer time.",
    button: "Exclude me from play",
    title: "Exclude yourself from play?",
    body: (at: string) => `You will not be able to join or create rooms until ${at}. Only support can end it sooner.`,
    confirm: "Exclude me",
    pending: "Excluding…",
  },
  /** A bet refused by a limit: the figures come with the refusal. */
  reached: {
    daily_bet_limit: (limit: string, used: string) => `Your daily bet limit is ${limit} and you have bet ${used} in the last 24 hours`,
    loss_limit_24h: (limit: string, used: string) => `Your loss limit for 24 hours is ${limit} and your net loss over the last 24 hours is ${used}`,
    loss_limit_7d: (limit: string, used: string) => `Your loss limit for 7 days is ${limit} and your net loss over the last 7 days is ${used}`,
    loss_limit_30d: (limit: string, used: string) => `Your loss limit for 30 days is ${limit} and your net loss over the last 30 days is ${used}`,
    wouldPass: (head: string, bet: string, frees: string) => `${head}; this bet of ${bet} would pass it. It frees up by ${frees}.`,
    tooLarge: (head: string, bet: string) => `${head}; this bet of ${bet} is more than the whole limit.`,
    selfExcluded: (until: string) => `You have excluded yourself from play until ${until}.`,
  },
  reality: {
    title: "Reality check",
    played: (duration: string) => `You have been playing for ${duration}.`,
    result: (from: string, to: string) => `Since you arrived, your balance went from ${from} to ${to}.`,
    won: (amount: string) => `You are ${amount} up.`,
    lost: (amount: string) => `You are ${amount} down.`,
    even: "You are even.",
    hours: (n: number) => enCount(n, "hour", "hours"),
    minutes: (n: number) => enCount(n, "minute", "minutes"),
    keepPlaying: "Keep playing",
    takeBreak: "Take a break",
  },
};

export const es: Catalogue<typeof en> = {
  heading: "Tus límites",
  intro: "Los límites ajustan tu juego a lo que tú decides. Aquí puedes hacerlos más estrictos cuando quieras; para subir o quitar uno, o terminar antes una autoexclusión, contacta con soporte.",
  loadFailed: "No se pudieron cargar tus límites",
  names: {
    daily_bet_limit: "Límite diario de apuestas",
    loss_limit_24h: "Límite de pérdidas, 24 horas",
    loss_limit_7d: "Límite de pérdidas, 7 días",
    loss_limit_30d: "Límite de pérdidas, 30 días",
  },
  used: {
    daily_bet_limit: (money) => `Apostado en las últimas 24 horas: ${money}`,
    loss_limit_24h: (money) => `Pérdida neta en las últimas 24 horas: ${money}`,
    loss_limit_7d: (money) => `Pérdida neta en los últimos 7 días: ${money}`,
    loss_limit_30d: (money) => `Pérdida neta en los últimos 30 días: ${money}`,
  },
  usedOf: (used, limit) => `${used} de ${limit}`,
  notSet: "Sin límite",
  usageHeading: "Cómo vas",
  usageLabel: "Límites y lo que cuenta contra ellos",
  formHeading: "Ajusta tus límites",
  amountLabel: (name, currency) => `${name} (${currency})`,
  hintUnset: "Vacío para ninguno. Una vez fijado, solo soporte puede subirlo o quitarlo.",
  hintSet: (current) => `Ahora ${current}. Puedes bajarlo; solo soporte puede subirlo o quitarlo.`,
  save: "Guardar límites",
  saving: "Guardando…",
  saved: "Tus límites están guardados. Se aplican desde tu próxima apuesta.",
  problems: {
    amount: (min, places) => (places === 0 ? `debe ser un número entero de al menos ${min}` : `debe ser al menos ${min}, con ${esCount(places, "decimal", "decimales")} como máximo`),
    loosen: "solo soporte puede subir o quitar este límite",
    form: "No se pudieron guardar los límites. Revísalos e inténtalo de nuevo.",
  },
  exclusion: {
    heading: "Tómate un descanso",
    intro: "La autoexclusión te impide unirte a salas o crearlas hasta que termine. Aquí puedes alargarla; solo soporte puede terminarla antes.",
    none: "No estás excluido del juego.",
    until: (at) => `Te has excluido del juego hasta el ${at}.`,
    length: "Durante cuánto tiempo",
    lengths: { day: "24 horas", week: "7 días", month: "30 días", halfYear: "6 meses", year: "1 año" },
    shorter: "Esto terminaría antes que tu autoexclusión actual: elige un tiempo más largo.",
    button: "Excluirme del juego",
    title: "¿Excluirte del juego?",
    body: (at) => `No podrás unirte a salas ni crearlas hasta el ${at}. Solo soporte puede terminarla antes.`,
    confirm: "Excluirme",
    pending: "Excluyendo…",
  },
  reached: {
    daily_bet_limit: (limit, used) => `Tu límite diario de apuestas es ${limit} y has apostado ${used} en las últimas 24 horas`,
    loss_limit_24h: (limit, used) => `Tu límite de pérdidas de 24 horas es ${limit} y tu pérdida neta en las últimas 24 horas es ${used}`,
    loss_limit_7d: (limit, used) => `Tu límite de pérdidas de 7 días es ${limit} y tu pérdida neta en los últimos 7 días es ${used}`,
    loss_limit_30d: (limit, used) => `Tu límite de pérdidas de 30 días es ${limit} y tu pérdida neta en los últimos 30 días es ${used}`,
    wouldPass: (head, bet, frees) => `${head}; esta apuesta de ${bet} lo superaría. Se libera hacia el ${frees}.`,
    tooLarge: (head, bet) => `${head}; esta apuesta de ${bet} es mayor que todo el límite.`,
    selfExcluded: (until) => `Te has excluido del juego hasta el ${until}.`,
  },
  reality: {
    title: "Control de realidad",
    played: (duration) => `Llevas jugando ${duration}.`,
    result: (from, to) => `Desde que llegaste, tu saldo ha pasado de ${from} a ${to}.`,
    won: (amount) => `Vas ganando ${amount}.`,
    lost: (amount) => `Vas perdiendo ${amount}.`,
    even: "Estás igual que al llegar.",
    hours: (n) => esCount(n, "hora", "horas"),
    minutes: (n) => esCount(n, "minuto", "minutos"),
    keepPlaying: "Seguir jugando",
    takeBreak: "Tomar un descanso",
  },
};
