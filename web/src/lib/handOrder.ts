/**
 * The order a player holds a hand in, from the engine's own tables (trumpOrder, beats): the
 * client keeps no rank tables of its own. Pure, so it is tested in Node (test/node/).
 */
import { cardCode, parseCard, suitOf } from "../../../shared/cards";
import {
  beats,
  type GameKind,
  type GameName,
  GRAND,
  gameKindOf,
  TRUMPS,
  trumpOrder,
} from "../../../shared/games";

/** Suit order for a sorted hand: trumps, then alternating black and red suits. */
const SUIT_ORDER = [0, 2, 1, 3];

/**
 * A hand sorted as a player holds it: trumps first (highest first), then the other suits, each
 * from high to low in the ranking of the game. Before a game is declared, jacks first as in grand.
 */
export function sortHand(codes: readonly string[], game: GameName | null | undefined): string[] {
  const kind: GameKind = (game ? gameKindOf(game) : undefined) ?? GRAND;
  const trumps = TRUMPS[kind] as number;
  const cards = codes
    .map((code) => parseCard(code))
    .filter((card): card is number => card !== undefined);
  const order = trumpOrder(kind);
  const trumpCards = order.filter((card) => cards.includes(card));
  const rest = cards.filter((card) => (trumps & (1 << card)) === 0);
  const suitRank = (card: number) => SUIT_ORDER.indexOf(suitOf(card));
  rest.sort((a, b) => {
    const bySuit = suitRank(a) - suitRank(b);
    if (bySuit !== 0) return bySuit;
    return beats(kind, a, b) ? -1 : 1;
  });
  return [...trumpCards, ...rest].map(cardCode);
}
