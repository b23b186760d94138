// Card codes and the colours and index letters of each face style. No JSX here, so the UI can
// import these without pulling in the drawings.

export const FACE_STYLES = ["french4", "french", "german"] as const;
export type FaceStyle = (typeof FACE_STYLES)[number];

export const SUITS = ["C", "S", "H", "D"] as const;
export type Suit = (typeof SUITS)[number];

export const RANKS = ["7", "8", "9", "T", "J", "Q", "K", "A"] as const;
export type Rank = (typeof RANKS)[number];

export interface CardParts {
  suit: Suit;
  rank: Rank;
}

/** Splits an engine card code, suit first ("CJ" is the jack of clubs). */
export function parseCardCode(code: string): CardParts | undefined {
  const suit = code[0] as Suit;
  const rank = code[1] as Rank;
  return code.length === 2 && SUITS.includes(suit) && RANKS.includes(rank)
    ? { suit, rank }
    : undefined;
}

/**
 * The colour a suit's index (rank letter) is printed in. The four-colour deck is the German
 * tournament deck (Kreuz black, Pik green, Herz red, Karo yellow); its Karo is printed a shade
 * darker than its pips so that the letter stays legible on white.
 */
export const SUIT_COLORS: Record<FaceStyle, Record<Suit, string>> = {
  french4: { C: "#1b1b1b", S: "#13803a", H: "#d3182b", D: "#d98600" },
  french: { C: "#1b1b1b", S: "#1b1b1b", H: "#d3182b", D: "#d3182b" },
  german: { C: "#5a3511", S: "#24782f", H: "#c8202c", D: "#b97400" },
};

/** What players call the suits in each style, for settings previews (the UI owns card labels). */
export const SUIT_NAMES: Record<"french" | "german", Record<Suit, string>> = {
  french: { C: "Kreuz", S: "Pik", H: "Herz", D: "Karo" },
  german: { C: "Eichel", S: "Grün", H: "Rot", D: "Schellen" },
};

/**
 * Corner letters of the court cards and the ace. French faces follow the player's language (a
 * German deck prints B D K A, a Polish one W D K A); German-suited faces always show
 * Unter, Ober, König, Ass.
 */
const FRENCH_INDEX: Record<string, readonly [string, string, string, string]> = {
  en: ["J", "Q", "K", "A"],
  de: ["B", "D", "K", "A"],
  pl: ["W", "D", "K", "A"],
  hu: ["B", "D", "K", "A"],
  sk: ["J", "Q", "K", "A"],
};
const GERMAN_INDEX = ["U", "O", "K", "A"] as const;

export function rankIndex(rank: Rank, faces: FaceStyle, lang = "en"): string {
  const court = "JQKA".indexOf(rank);
  if (court < 0) return rank === "T" ? "10" : rank;
  const letters =
    faces === "german" ? GERMAN_INDEX : (FRENCH_INDEX[lang.slice(0, 2)] ?? FRENCH_INDEX.en);
  return letters?.[court] ?? rank;
}
