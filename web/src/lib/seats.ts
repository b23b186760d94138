/** Who sits where: names, roles and places around the table as the viewer sees them. */
import { type MessageKey, t } from "../i18n";
import type { TableView } from "./types";

export function seatName(view: TableView, seat: number | null | undefined): string {
  if (seat === null || seat === undefined) return "";
  const entry = view.table.seats[seat];
  if (!entry?.taken) return t("seat.free");
  // The server names bots in English ("Computer 1"); the number is their seat.
  if (entry.bot) return t("seat.computer", { n: seat });
  return entry.name ?? t("seat.numbered", { n: seat + 1 });
}

/** 0 forehand, 1 middlehand, 2 rearhand, -1 for the sitting-out dealer (or before a deal). */
export function roleOf(roles: readonly number[] | null | undefined, seat: number): number {
  return roles ? roles.indexOf(seat) : -1;
}

export function roleLabel(
  view: Pick<TableView, "roles" | "dealer" | "players">,
  seat: number,
): string {
  const role = roleOf(view.roles, seat);
  if (role >= 0) return t(`role.${role}` as MessageKey);
  return view.dealer === seat ? t("role.sitsOut") : "";
}

/**
 * The other seats in playing order, starting on the viewer's left (play goes clockwise, so the
 * next seat sits to the left). A spectator sits where seat 0 would.
 */
export function otherSeats(view: TableView): number[] {
  const n = view.players;
  const me = view.seat ?? 0;
  const seats: number[] = [];
  for (let k = 1; k < n; k++) seats.push((me + k) % n);
  if (view.seat === null) seats.unshift(me);
  return seats;
}

/** Where a seat's card lies in the middle of the table. */
export function placeOf(view: TableView, seat: number): "bottom" | "left" | "top" | "right" {
  const n = view.players;
  const me = view.seat ?? 0;
  const offset = (seat - me + n) % n;
  if (offset === 0) return "bottom";
  if (offset === 1) return "left";
  if (n === 4 && offset === 2) return "top";
  return "right";
}
