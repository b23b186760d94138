/**
 * The arithmetic of a finished deal, line by line, from the numbers the engine reported. Nothing
 * here decides a result: if the lines do not add up to the engine's multiplier, no breakdown is
 * shown at all rather than a wrong one.
 */

import type { DealResult } from "../../../shared/engine";
import { BASE_VALUES, gameKindOf } from "../../../shared/games";
import type { GameView } from "./types";

export type LevelName =
  | "with"
  | "without"
  | "game"
  | "hand"
  | "schneider"
  | "schneiderAnnounced"
  | "schwarz"
  | "schwarzAnnounced"
  | "ouvert";

export interface Level {
  name: LevelName;
  count: number;
}

export function levelsOf(game: GameView, result: DealResult): Level[] | null {
  if (game.game === "null") return null;
  const matadors = Math.abs(result.matadors);
  const levels: Level[] = [
    { name: result.matadors > 0 ? "with" : "without", count: matadors },
    { name: "game", count: 1 },
  ];
  if (game.hand) levels.push({ name: "hand", count: 1 });
  if (result.schneider || game.schneider) levels.push({ name: "schneider", count: 1 });
  if (game.schneider) levels.push({ name: "schneiderAnnounced", count: 1 });
  if (result.schwarz || game.schwarz) levels.push({ name: "schwarz", count: 1 });
  if (game.schwarz) levels.push({ name: "schwarzAnnounced", count: 1 });
  if (game.ouvert) levels.push({ name: "ouvert", count: 1 });
  const sum = levels.reduce((total, level) => total + level.count, 0);
  return sum === result.multiplier ? levels : null;
}

export function baseValueOf(game: GameView): number | null {
  const kind = gameKindOf(game.game);
  return kind === undefined ? null : (BASE_VALUES[kind] ?? null);
}
