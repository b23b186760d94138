/** How the scripted people at the test tables choose: always from the view's `legal`, never a concession. */
import type { Action, Seat } from "../../../shared/engine";
import type { Rng } from "../../../shared/rng";
import type { TableView } from "../../../worker/table";

/** Whether `seat` has a decision to make in this view: its turn, or a claim to answer. */
export function mustDecide(view: TableView, seat: Seat): boolean {
  return view.toAct === seat || view.legal.some((action) => action.type === "acceptClaim");
}

function oneOf<T>(rng: Rng, items: readonly T[]): T {
  if (items.length === 0) throw new Error("nothing to choose from");
  return items[rng.nextInt(items.length)] as T;
}

/**
 * A seeded, varied choice: sometimes bids and declares (mostly suit and grand games, now and then
 * null or ouvert), sometimes claims as declarer, answers claims either way, plays any legal card.
 */
export function randomChoice(view: TableView, rng: Rng): Action {
  const options = view.legal.filter((action) => action.type !== "concede");
  const answers = options.filter((a) => a.type === "acceptClaim" || a.type === "rejectClaim");
  if (answers.length > 0 && view.toAct !== view.seat) return oneOf(rng, answers);
  const claim = options.find((a) => a.type === "claim");
  if (claim && rng.nextInt(25) === 0) return claim;
  const moves = options.filter((a) => a.type !== "claim");
  const bids = moves.filter((a) => a.type === "bid" || a.type === "hold");
  if (bids.length > 0) {
    const pass = moves.find((a) => a.type === "pass");
    return rng.nextInt(3) === 0 || !pass ? (bids[0] as Action) : pass;
  }
  const pickUp = moves.find((a) => a.type === "pickUp");
  if (pickUp && rng.nextInt(4) > 0) return pickUp;
  const declarations = moves.filter((a) => a.type === "declare");
  if (declarations.length > 0) {
    const trumpGames = declarations.filter((a) => a.type === "declare" && a.game !== "null");
    if (trumpGames.length > 0 && rng.nextInt(5) > 0) return oneOf(rng, trumpGames);
  }
  return oneOf(rng, moves);
}
