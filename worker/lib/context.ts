/** The Hono context every route shares: bindings, and the player the token named (if any). */
import type { Context } from "hono";
import type { Env } from "../env";
import { ApiError } from "./http";

export type AppEnv = { Bindings: Env; Variables: { playerId: string | null } };
export type AppContext = Context<AppEnv>;

export function requirePlayer(c: AppContext): string {
  const playerId = c.get("playerId");
  if (!playerId) throw new ApiError(401, "ERR_NO_TOKEN", "send Authorization: Bearer <token>");
  return playerId;
}
