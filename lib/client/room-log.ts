import { RoomUpdateLog } from "./room-updates";

/** The room batches this tab has received (one per tab: the event stream is one per tab). */
export const roomLog = new RoomUpdateLog();
