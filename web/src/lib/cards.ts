/**
 * Presentation of cards: names in the reader's language for the chosen faces, and the order a
 * player sorts a hand in. The order comes from the engine's own tables (trumpOrder, beats), so
 * the client keeps no rank tables of its own.
 */
import { SUIT_LETTERS } from "../../../shared/cards";
import { type GameName, GRAND, gameKindOf } from "../../../shared/games";
import { capitalise, type MessageKey, t } from "../i18n";
import { settings } from "../stores/settings";
import type { GameView } from "./types";

export type SuitLetter = (typeof SUIT_LETTERS)[number];

export function suitLetter(code: string): SuitLetter {
  return code.charAt(0) as SuitLetter;
}

export function rankLetter(code: string): string {
  return code.charAt(1);
}

function deck(): "french" | "german" {
  return settings.faces === "german" ? "german" : "french";
}

export function suitName(suit: SuitLetter): string {
  return t(`suit.${deck()}.${suit}` as MessageKey);
}

export function rankName(rank: string): string {
  return t(`rank.${deck()}.${rank}` as MessageKey);
}

/** "Jack of clubs", "Kreuz-Bube", "makk alsó" ... */
export function cardName(code: string): string {
  return t("card.name", { rank: rankName(rankLetter(code)), suit: suitName(suitLetter(code)) });
}

/** A suit game is named after its suit; grand and null have their own names. */
export function gameName(game: GameName): string {
  const kind = gameKindOf(game);
  if (kind === undefined) return game;
  if (kind < GRAND) return capitalise(suitName(SUIT_LETTERS[kind as 0 | 1 | 2 | 3]));
  return t(kind === GRAND ? "game.grand" : "game.null");
}

/** The usual way of writing a declaration: "Grand Hand, Schneider announced", "Null Ouvert Hand". */
export function declarationLabel(game: GameView): string {
  const name = gameName(game.game);
  const flags: string[] = [];
  if (game.game === "null") {
    if (game.ouvert) flags.push(t("flag.ouvert"));
    if (game.hand) flags.push(t("flag.hand"));
  } else if (game.ouvert) {
    // Suit and grand ouvert are hand games with schwarz announced: the one word says it all.
    flags.push(t("flag.ouvert"));
  } else if (game.hand) {
    flags.push(t("flag.hand"));
  }
  const label =
    flags.length > 0 ? t("declaration.flags", { game: name, flags: flags.join(" ") }) : name;
  if (game.game === "null" || game.ouvert) return label;
  if (game.schwarz)
    return t("declaration.withLevel", { game: label, level: t("flag.schwarzAnnounced") });
  if (game.schneider)
    return t("declaration.withLevel", { game: label, level: t("flag.schneiderAnnounced") });
  return label;
}

export { sortHand } from "./handOrder";
