/** Playing a table forward through the API with plain, predictable people. */
import type { Action, Seat } from "../../../shared/engine";
import type { TableView } from "../../../worker/table";
import { act, getView, type Player } from "./client";

/**
 * A plain person: bids or holds up to `bidUpTo` (below 18: passes), picks the skat up, lays away
 * and declares what is offered first, plays the first legal card; never claims or concedes.
 */
export function plainChoice(view: TableView, bidUpTo = 0): Action {
  const legal = view.legal;
  const find = (type: Action["type"]) => legal.find((action) => action.type === type);
  if (view.phase === "bidding") {
    const hold = find("hold");
    if (hold) return view.bid <= bidUpTo ? hold : (find("pass") as Action);
    const bid = legal
      .filter((action): action is Action & { type: "bid" } => action.type === "bid")
      .sort((a, b) => a.value - b.value)[0];
    return bid && bid.value <= bidUpTo ? bid : (find("pass") as Action);
  }
  const action =
    find("pickUp") ?? find("discard") ?? find("declare") ?? find("play") ?? find("acceptClaim");
  if (!action) throw new Error(`plainChoice: nothing to do in ${view.phase}`);
  return action;
}

export type Choice = (view: TableView) => Action;

/** One action by `player`, chosen on their current view; the answer must be 200. */
export async function move(
  player: Player,
  tableId: string,
  choose: Choice = (view) => plainChoice(view),
): Promise<TableView> {
  const view = await getView(player, tableId);
  const res = await act(player, tableId, view.version, choose(view));
  if (res.status !== 200) throw new Error(`move: ${res.status} ${await res.text()}`);
  return res.json<TableView>();
}

/**
 * Lets the people at the table (indexed by seat; null for a computer seat) act in turn until
 * `done` holds for the table as `people`' first person sees it.
 */
export async function playUntil(
  people: readonly (Player | null)[],
  tableId: string,
  done: (view: TableView) => boolean,
  choose: (view: TableView, seat: Seat) => Action = (view) => plainChoice(view),
  maxMoves = 500,
): Promise<TableView> {
  const observer = people.find((person): person is Player => person !== null) as Player;
  for (let moves = 0; moves <= maxMoves; moves++) {
    const view = await getView(observer, tableId);
    if (done(view)) return view;
    const seat = view.toAct;
    const person = seat === null ? null : people[seat];
    if (seat === null || !person)
      throw new Error(`playUntil: the table waits on nobody here (to act: ${seat}, ${view.phase})`);
    await move(person, tableId, (own) => choose(own, seat));
  }
  throw new Error(`playUntil: not done after ${maxMoves} moves`);
}

/**
 * Plays on until it is `seat`'s turn by someone else's move: if it is `seat`'s turn already, its
 * person moves first.
 */
export async function handTurnTo(
  people: readonly (Player | null)[],
  tableId: string,
  seat: Seat,
  choose: (view: TableView, seat: Seat) => Action = (view) => plainChoice(view),
): Promise<TableView> {
  const person = people[seat];
  if (!person) throw new Error("handTurnTo: nobody plays that seat");
  if ((await getView(person, tableId)).toAct === seat)
    await move(person, tableId, (own) => choose(own, seat));
  return playUntil(people, tableId, (view) => view.toAct === seat, choose);
}
